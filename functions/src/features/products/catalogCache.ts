import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';
import type { Store } from '../../ports.js';

export interface Entry {
  body: Buffer;
  etag: string;
  at: number;
}

/** Browsers may reuse a catalogue answer for a moment but must revalidate (stock changes); a 304 costs no body. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serialized answers of the public catalogue calls (list, search, top, detail), reused until any write
 * that can change them. Browsing is most of the traffic and the data changes rarely, so this is what
 * keeps the catalogue near the speed of a static server. `ttlMs` bounds staleness where writes can come
 * from another process (several Cloud Functions instances); the embedded server invalidates on every write.
 */
export class CatalogCache {
  private entries = new Map<string, Entry>();
  /** Request URL (path + query, exactly as received) -> the entry the route answered for it. */
  private byUrl = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  /**
   * The answer for `key`, loaded on a miss. `url` (the raw request URL the route parsed into `key`) is
   * remembered with a kept entry, so that `peek(url)` can answer the same URL again without routing.
   */
  async get(key: string, load: () => Promise<unknown>, url?: string): Promise<Entry> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) {
      if (url !== undefined) this.remember(url, hit);
      return hit;
    }
    const generation = this.generation;
    const body = Buffer.from(JSON.stringify(await load()));
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, at: now };
    // A write that landed while we were loading makes this answer possibly stale: serve it once, don't keep it.
    if (generation === this.generation && this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, entry);
      if (url !== undefined) this.remember(url, entry);
    }
    return entry;
  }

  private remember(url: string, entry: Entry) {
    if (this.byUrl.get(url) === entry) return;
    if (this.byUrl.size >= this.maxEntries) this.byUrl.clear();
    this.byUrl.set(url, entry);
  }

  /** The fresh entry a route already answered for exactly this request URL, if any (no parsing, no loading). */
  peek(url: string): Entry | undefined {
    const entry = this.byUrl.get(url);
    if (entry === undefined) return undefined;
    if (this.ttlMs !== Number.POSITIVE_INFINITY && Date.now() - entry.at >= this.ttlMs) return undefined;
    return entry;
  }

  private generation = 0;

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.byUrl.clear();
  }
}

/**
 * The catalogue's hot path: a GET whose exact URL the product routes already answered from the cache is
 * answered again from memory with one writeHead, before Express sets up the request (see installFastPath).
 * `headers` are the security headers every answer carries (captured once from helmet by staticHeaders), so
 * the answer has the routed one's headers and bytes. Returns false (not answered) for anything else: the
 * first request for a URL, other methods, anything after a write, requests with Authorization.
 */
export function catalogFastPath(cache: CatalogCache, headers: readonly string[]) {
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
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, h.notModified);
      res.end();
    } else {
      res.writeHead(200, h.ok);
      res.end(entry.body);
    }
    return true;
  };
}

/**
 * Puts `fastPath` in front of an Express app: requests it answers never reach Express. Measured here
 * (docs/benchmarks.md), Express's per-request setup costs ~5x a bare node:http answer, mostly because
 * it swaps the prototypes of req and res (Object.setPrototypeOf), so a middleware cannot be fast enough.
 * Only top-level requests (from the HTTP server, no callback) take the fast path; a mounted app does not.
 */
export function installFastPath(app: Express, fastPath: (req: IncomingMessage, res: ServerResponse) => boolean): void {
  const target = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, callback?: unknown) => void };
  const routed = target.handle;
  target.handle = function handle(this: unknown, req, res, callback) {
    if (callback === undefined && fastPath(req, res)) return;
    routed.call(this, req, res, callback);
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
      middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, ((err?: unknown) => {
        done = err === undefined;
      }) as never);
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

/** Wraps a store so that every write which can change the catalogue (products, reviews, stock) clears the cache. */
export function invalidatingCatalog(store: Store, cache: CatalogCache): Store {
  const after =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } finally {
        cache.invalidate();
      }
    };
  const p = store.products;
  const o = store.orders;
  return {
    ...store,
    ping: () => store.ping(),
    close: () => store.close(),
    users: store.users,
    products: {
      list: (q) => p.list(q),
      top: (n) => p.top(n),
      get: (id) => p.get(id),
      lowStock: (t, l) => p.lowStock(t, l),
      create: after((input, owner) => p.create(input, owner)),
      update: after((id, input) => p.update(id, input)),
      remove: after((id) => p.remove(id)),
      addReview: after((id, review) => p.addReview(id, review)),
    },
    orders: {
      get: (id) => o.get(id),
      listForUser: (id) => o.listForUser(id),
      listAll: () => o.listAll(),
      markPaid: (id, pay, now) => o.markPaid(id, pay, now),
      markDelivered: (id, now) => o.markDelivered(id, now),
      dailyStats: (since) => o.dailyStats(since),
      place: after((cmd) => o.place(cmd)),
      expireStale: async (now) => {
        const n = await o.expireStale(now);
        if (n > 0) cache.invalidate();
        return n;
      },
    },
  };
}
