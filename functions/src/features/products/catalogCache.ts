import { createHash } from 'node:crypto';
import type { Store } from '../../ports.js';

interface Entry {
  body: Buffer;
  etag: string;
  at: number;
}

/**
 * Serialized answers of the public catalogue calls (list, search, top, detail), reused until any write
 * that can change them. Browsing is most of the traffic and the data changes rarely, so this is what
 * keeps the catalogue near the speed of a static server. `ttlMs` bounds staleness where writes can come
 * from another process (several Cloud Functions instances); the embedded server invalidates on every write.
 */
export class CatalogCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit;
    const generation = this.generation;
    const body = Buffer.from(JSON.stringify(await load()));
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, at: now };
    // A write that landed while we were loading makes this answer possibly stale: serve it once, don't keep it.
    if (generation === this.generation && this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, entry);
    }
    return entry;
  }

  private generation = 0;

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
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
