import { createHash } from 'node:crypto';
import type { Ports, Store } from '../ports.js';

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
 * keeps the catalogue near the speed of a static server (with http/fastPath.ts). `ttlMs` bounds staleness where writes can come
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

// Invalidation is generic: the store's methods that cannot change what the catalogue shows are NAMED below, and
// every other method clears the cache after it runs. A method added to the Store later clears it by default, so
// forgetting it here costs a cache miss, never a stale catalogue.
type Aggregate = 'products' | 'users' | 'orders' | 'carts';
type MethodName<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;

/** Methods that never change products, reviews or stock (the catalogue holds no user or payment data). */
export const CATALOG_KEEPING_METHODS = {
  store: ['ping', 'close'],
  products: ['list', 'top', 'get', 'lowStock'],
  users: ['get', 'findByEmail', 'list', 'create', 'update', 'remove'],
  orders: ['get', 'listForUser', 'listAll', 'dailyStats', 'markPaid', 'markDelivered'],
  carts: ['get', 'put'],
} as const satisfies { store: readonly MethodName<Store>[] } & {
  [A in Aggregate]: readonly MethodName<NonNullable<Store[A]>>[];
};

/** Writes whose result can say that they changed nothing: then the cache is kept. */
const UNCHANGED_WHEN: Partial<Record<string, (result: unknown) => boolean>> = {
  'orders.expireStale': (expired) => expired === 0,
};

function invalidatingMethods<T extends object>(
  target: T,
  path: string,
  keeps: readonly string[],
  cache: CatalogCache,
): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, name) {
      const value: unknown = Reflect.get(object, name, object);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      if (!wrapped.has(name)) {
        const method = value as (...args: unknown[]) => unknown;
        const unchanged = UNCHANGED_WHEN[`${path}${name}`];
        wrapped.set(
          name,
          keeps.includes(name)
            ? method.bind(object)
            : async (...args: unknown[]) => {
                let result: unknown;
                let changed = true;
                try {
                  result = await method.apply(object, args);
                  changed = !unchanged?.(result);
                  return result;
                } finally {
                  // Also after a failed write: whatever it did before failing must not be hidden by the cache.
                  if (changed) cache.invalidate();
                }
              },
        );
      }
      return wrapped.get(name);
    },
  });
}

/** Wrappers made by invalidateOnWrites -> the cache they clear. */
const wrappers = new WeakMap<Store, CatalogCache>();

/** The store with every write clearing `cache` (see CATALOG_KEEPING_METHODS). Wrapping twice for one cache
 *  answers the same wrapper, so the app and the expiry sweeper can both ask for it. */
export function invalidateOnWrites(store: Store, cache: CatalogCache): Store {
  if (wrappers.get(store) === cache) return store;
  const aggregates = new Map<PropertyKey, unknown>();
  const keeps = CATALOG_KEEPING_METHODS as Record<string, readonly string[]>;
  const wrapper = new Proxy(store, {
    get(object, name) {
      const value: unknown = Reflect.get(object, name, object);
      if (typeof name !== 'string' || value === null || typeof value !== 'object') return value;
      if (!aggregates.has(name)) aggregates.set(name, invalidatingMethods(value, `${name}.`, keeps[name] ?? [], cache));
      return aggregates.get(name);
    },
  });
  const top = invalidatingMethods(wrapper, '', keeps.store ?? [], cache);
  wrappers.set(top, cache);
  return top;
}

/** The ports with the store wrapped by invalidateOnWrites (the one place the cache meets the store). */
export function withCatalogCache(ports: Ports, cache: CatalogCache): Ports {
  return { ...ports, store: invalidateOnWrites(ports.store, cache) };
}
