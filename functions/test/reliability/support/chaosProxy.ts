// A fault-injecting HTTP proxy in front of the fake PayPal: passes requests through, or answers with the fault
// of the moment, for the token call, the order lookup, the order creation, the capture or the refund.
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
  | 'nullJson' // 200 null (valid JSON, not an object)
  | 'lostAnswer'; // PayPal does the work, then the connection drops before its answer arrives

type Slot = 'token' | 'lookup' | 'create' | 'capture' | 'refund';

export interface ChaosProxy {
  url: string;
  /** Fault for POST /v1/oauth2/token. */
  token: Fault;
  /** Fault for GET /v2/checkout/orders/:id. */
  lookup: Fault;
  /** Fault for POST /v2/checkout/orders. */
  create: Fault;
  /** Fault for POST /v2/checkout/orders/:id/capture. */
  capture: Fault;
  /** Fault for POST /v2/payments/captures/:id/refund. */
  refund: Fault;
  /** How many more times a slot's fault fires before the slot goes back to 'none' (unset: every time). */
  times: Partial<Record<Slot, number>>;
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
    create: 'none',
    capture: 'none',
    refund: 'none',
    times: {},
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
      case 'lostAnswer':
        forward(req, null, () => req.socket.destroy());
        return true;
    }
  }

  /** Passes the request to the fake; its answer goes to `res`, or (res null) is read in full and then `lost()` runs. */
  function forward(req: IncomingMessage, res: ServerResponse | null, lost?: () => void) {
    const upstream = request(
      { host: base.hostname, port: base.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        if (!res) {
          up.resume();
          up.on('end', () => lost?.());
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => (res ? res.writeHead(502).end() : lost?.()));
    req.pipe(upstream);
  }

  function slotOf(req: IncomingMessage): Slot | null {
    const path = req.url?.split('?')[0] ?? '';
    if (path.startsWith('/v1/oauth2/token')) return 'token';
    if (req.method === 'GET' && path.startsWith('/v2/checkout/orders/')) return 'lookup';
    if (req.method === 'POST' && path === '/v2/checkout/orders') return 'create';
    if (req.method === 'POST' && /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(path)) return 'capture';
    if (req.method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path)) return 'refund';
    return null;
  }

  function faultFor(req: IncomingMessage): Fault {
    const slot = slotOf(req);
    if (!slot || proxy[slot] === 'none') return 'none';
    const fault = proxy[slot];
    const left = proxy.times[slot];
    if (left !== undefined) {
      proxy.times[slot] = left - 1;
      if (left - 1 <= 0) {
        proxy[slot] = 'none';
        delete proxy.times[slot];
      }
    }
    return fault;
  }

  const server = createServer((req, res) => {
    proxy.requests++;
    if (inject(faultFor(req), req, res)) return;
    forward(req, res);
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
