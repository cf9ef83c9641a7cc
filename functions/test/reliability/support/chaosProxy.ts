// A fault-injecting HTTP proxy in front of the fake PayPal: passes requests through, or answers with the fault
// of the moment, for the token call, the order lookup, or both.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type Fault =
  | 'none'
  | 'html' // 200 with an HTML page (a captive portal, a proxy error page)
  | 'truncated' // 200 with cut-off JSON
  | 'status500'
  | 'status429'
  | 'reset' // the connection is dropped without an answer
  | 'hang' // never answers (until the client gives up)
  | 'emptyJson' // 200 {}
  | 'nullJson'; // 200 null (valid JSON, not an object)

export interface ChaosProxy {
  url: string;
  /** Fault for POST /v1/oauth2/token. */
  token: Fault;
  /** Fault for GET /v2/checkout/orders/:id. */
  lookup: Fault;
  requests: number;
  close(): Promise<void>;
}

export async function startChaosProxy(target: string): Promise<ChaosProxy> {
  const base = new URL(target);
  const sockets = new Set<Socket>();
  const proxy: ChaosProxy = {
    url: '',
    token: 'none',
    lookup: 'none',
    requests: 0,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  function inject(fault: Fault, req: IncomingMessage, res: ServerResponse): boolean {
    switch (fault) {
      case 'none':
        return false;
      case 'html':
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Gateway says hello</body></html>');
        return true;
      case 'truncated':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"ORDER-1","status":"COMPL');
        return true;
      case 'status500':
        res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"name":"INTERNAL_SERVICE_ERROR"}');
        return true;
      case 'status429':
        res.writeHead(429, { 'Content-Type': 'application/json' }).end('{"name":"RATE_LIMIT_REACHED"}');
        return true;
      case 'reset':
        req.socket.destroy();
        return true;
      case 'hang':
        return true; // never answer
      case 'nullJson':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('null');
        return true;
      case 'emptyJson':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
        return true;
    }
  }

  const server = createServer((req, res) => {
    proxy.requests++;
    const fault = req.url?.startsWith('/v1/oauth2/token') ? proxy.token : req.url?.startsWith('/v2/checkout/orders/') && req.method === 'GET' ? proxy.lookup : 'none';
    if (inject(fault, req, res)) return;
    const upstream = request({ host: base.hostname, port: base.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  proxy.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return proxy;
}
