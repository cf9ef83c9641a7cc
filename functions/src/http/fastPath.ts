// Answers repeat catalogue GETs from memory before Express (docs/benchmarks.md): the fast path itself, the request
// handler that tries it before the Express app, the capture of the static security headers it sends, and the server
// options that spare every other request Express's per-request prototype swap.
import { IncomingMessage, ServerResponse, type RequestListener, type ServerOptions } from 'node:http';
import type { Express, RequestHandler } from 'express';
import { CATALOG_CACHE_CONTROL, JSON_TYPE, type CatalogCache, type Entry } from '../cache/catalogCache.js';
import { LIVE_POSITION_HEADER } from '../domain/livePosition.js';

/**
 * The catalogue's hot path: a GET whose exact URL the product routes already answered from the cache is
 * answered again from memory with one writeHead, before Express sets up the request (see fastPathFirst).
 * `headers` are the security headers every answer carries (captured once from helmet by staticHeaders), so
 * the answer has the routed one's headers and bytes. Returns false (not answered) for anything else: the
 * first request for a URL, other methods, anything after a write, requests with Authorization. `livePosition`
 * (the embedded server's live hub) is sent as the routed answers send it (app.ts): the hub's position now, true
 * for a kept entry because the cache hears every event in the same synchronous dispatch as the hub publishes it
 * (events/bus.ts), so a kept entry is never older than the events already published.
 */
export function catalogFastPath(cache: CatalogCache, headers: readonly string[], livePosition?: () => string) {
  const heads = new WeakMap<Entry, { ok: string[]; notModified: string[] }>();
  const headsOf = (entry: Entry) => {
    let h = heads.get(entry);
    if (!h) {
      const common = [...headers, 'ETag', entry.etag, 'Cache-Control', CATALOG_CACHE_CONTROL];
      h = {
        ok: [...common, 'Content-Type', JSON_TYPE, 'Content-Length', String(entry.body.length)],
        notModified: common,
      };
      heads.set(entry, h);
    }
    return h;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    // Signed-in requests go through Express, which marks their answers no-store (app.ts).
    if (req.method !== 'GET' || req.url === undefined || req.headers.authorization !== undefined) return false;
    const entry = cache.peek(req.url);
    if (entry === undefined) return false;
    const h = headsOf(entry);
    const live = livePosition ? [LIVE_POSITION_HEADER, livePosition()] : [];
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, live.length ? h.notModified.concat(live) : h.notModified);
      res.end();
    } else {
      res.writeHead(200, live.length ? h.ok.concat(live) : h.ok);
      res.end(entry.body);
    }
    return true;
  };
}

/**
 * The server's request handler: `fastPath` first, then `app` (Express) for whatever it did not answer. Measured here
 * (docs/benchmarks.md), Express's per-request setup costs ~5x a bare node:http answer, mostly because it swaps the
 * prototypes of req and res (Object.setPrototypeOf), so a middleware cannot be fast enough: the fast path stands in
 * front of Express instead, as its own handler.
 */
export function fastPathFirst(
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean,
  app: (req: IncomingMessage, res: ServerResponse) => void,
): RequestListener {
  return (req, res) => {
    if (!fastPath(req, res)) app(req, res);
  };
}

/**
 * The HTTP server's options that make each request and response an Express one from birth: Node builds them with
 * these constructors (its `IncomingMessage` and `ServerResponse` options), whose prototypes are the app's own
 * `app.request` and `app.response`. Express's app.handle then finds the prototypes already set (its
 * Object.setPrototypeOf changes nothing), so V8 keeps the objects' shapes and the code every middleware runs on them
 * stays fast. Measured side by side (docs/benchmarks.md, issue 42 round 5), warm: the authenticated no-op POST
 * 149-160 -> 71-80 us of server CPU per request, a placed order 1.82-1.87 -> 1.39-1.41 ms. Only where this process makes the server (the embedded shop): Cloud
 * Functions hands the function its own framework's request and response.
 */
export function expressObjectsFromBirth(app: Pick<Express, 'request' | 'response'>): ServerOptions {
  // Node's constructors are plain functions (not classes), run here on the object V8 made for `new ShopRequest`,
  // whose prototype is already the app's. (Reflect.construct with the app's constructor as new.target makes the same
  // objects but measured slower than Express's swap.) Were they ever classes, the server keeps Node's own objects.
  if ([IncomingMessage, ServerResponse].some((f) => Function.prototype.toString.call(f).startsWith('class'))) return {};
  function ShopRequest(this: IncomingMessage, ...args: unknown[]) {
    (IncomingMessage as unknown as (...a: unknown[]) => void).apply(this, args);
  }
  ShopRequest.prototype = app.request;
  function ShopResponse(this: ServerResponse, ...args: unknown[]) {
    (ServerResponse as unknown as (...a: unknown[]) => void).apply(this, args);
  }
  ShopResponse.prototype = app.response;
  // As `class extends` would: V8 sizes the objects a constructor makes from the constructors on the constructor's own
  // prototype chain. Without this link it reserves no room for the ~30 fields Node's constructors then add, and a
  // response falls back to a dictionary of properties (every field a hash lookup, on every request, the fast path's
  // included). With it, both objects have the in-object layout of Node's own (44 and 27 fields).
  Object.setPrototypeOf(ShopRequest, IncomingMessage);
  Object.setPrototypeOf(ShopResponse, ServerResponse);
  return {
    IncomingMessage: ShopRequest as unknown as typeof IncomingMessage,
    ServerResponse: ShopResponse as unknown as typeof ServerResponse,
  };
}

/**
 * The headers a header-only middleware (helmet) sets, captured once so hot paths can send them without
 * running it per request. Returns null when they are not static (the middleware is async, touches more
 * than headers, or answers differently twice, e.g. a CSP nonce): the caller must then not use a fast path.
 */
export function staticHeaders(middleware: RequestHandler): string[] | null {
  const capture = () => {
    const set = new Map<string, string>();
    let done = false;
    const res = {
      setHeader: (name: string, value: unknown) => void set.set(name, String(value)),
      removeHeader: (name: string) => void set.delete(name),
    };
    try {
      middleware(
        { headers: {}, method: 'GET', url: '/' } as never,
        res as never,
        ((err?: unknown) => {
          done = err === undefined;
        }) as never,
      );
    } catch {
      return null;
    }
    return done ? [...set].flat() : null;
  };
  const first = capture();
  const second = capture();
  if (!first || !second || first.join('\n') !== second.join('\n')) return null;
  return first;
}
