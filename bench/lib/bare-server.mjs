// The baseline of the catalogue benchmark: a bare node:http server answering, from memory, the exact body
// bytes the shop answered for each URL (fetched from the shop first). No framework, no headers but the type.
// Usage: node bench/lib/bare-server.mjs <port> <bodies.json>   bodies.json: { "<path?query>": { "type", "base64" } }
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [port, file] = process.argv.slice(2);
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, r]) => [
    path,
    { body: Buffer.from(r.base64, 'base64'), type: r.type },
  ]),
);

createServer((req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    return;
  }
  const hit = routes.get(req.url);
  if (!hit) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': hit.type, 'Content-Length': hit.body.length });
  res.end(hit.body);
}).listen(Number(port), '127.0.0.1');
