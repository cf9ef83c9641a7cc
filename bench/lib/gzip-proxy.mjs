// A what-if for the web benchmark: the shop behind a reverse proxy that gzips text answers (as a CDN or
// `compression` middleware would), to measure what response compression would change in Lighthouse.
// Usage: node bench/lib/gzip-proxy.mjs <port> <target base URL>
import { createServer, request } from 'node:http';
import { createGzip } from 'node:zlib';

const [port, target] = process.argv.slice(2);
const base = new URL(target);
const compressible = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;

createServer((req, res) => {
  const upstream = request(
    { host: base.hostname, port: base.port, method: req.method, path: req.url, headers: { ...req.headers, host: base.host, 'accept-encoding': 'identity' } },
    (up) => {
      const headers = { ...up.headers };
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && compressible.test(String(headers['content-type'] ?? '')) && up.statusCode === 200;
      if (gzip) {
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = 'Accept-Encoding';
      }
      res.writeHead(up.statusCode ?? 502, headers);
      (gzip ? up.pipe(createGzip({ level: 6 })) : up).pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}).listen(Number(port), '127.0.0.1');
