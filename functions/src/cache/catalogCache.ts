import { createHash } from 'node:crypto';
import type { PlaceOrderCommand, Ports, Store } from '../ports.js';

export interface Entry {
  body: Buffer;
  etag: string;
  at: number;
}

/** Browsers may reuse a catalogue answer for a moment but must revalidate (stock changes); a 304 costs no body. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Which products' stock an answer shows, declared by the route that loads it. Declaring it promises that the
 * answer depends on stock ONLY through these products' `countInStock` fields (which products it lists, and in
 * what order, do not depend on any stock): then an order updates just those fields of the answers showing one
 * of its products (takeStock). An answer loaded without a declaration is cleared by every write.
 */
export type StockShownBy<T> = (answer: T) => readonly string[];

/** Stock taken by one write: product id -> units. */
export type StockTaken = ReadonlyMap<string, number>;

function entryOf(body: Buffer, at: number): Entry {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, at };
}

/** Lowers `countInStock` of every object in `answer` whose `_id` took stock; whether any was found. */
function lowerStock(answer: unknown, taken: StockTaken): boolean {
  if (Array.isArray(answer)) return answer.map((item) => lowerStock(item, taken)).includes(true);
  if (answer === null || typeof answer !== 'object') return false;
  const record = answer as Record<string, unknown>;
  let found = false;
  const units = typeof record._id === 'string' ? taken.get(record._id) : undefined;
  if (units !== undefined && typeof record.countInStock === 'number') {
    record.countInStock -= units;
    found = true;
  }
  for (const value of Object.values(record)) {
    if (value !== null && typeof value === 'object' && lowerStock(value, taken)) found = true;
  }
  return found;
}

/**
 * Serialized answers of the public catalogue calls (list, search, top, detail), reused until a write that can
 * change them. Browsing is most of the traffic and the data changes rarely, so this is what keeps the catalogue
 * near the speed of a static server (with http/fastPath.ts). During a sale every order changes stock: an order
 * rewrites only the stock its products show in the kept answers (takeStock, no SQL); every other write clears
 * everything. `ttlMs` bounds staleness where writes can come from another process (several Cloud Functions
 * instances); the embedded server sees every write.
 */
export class CatalogCache {
  private entries = new Map<string, Entry>();
  /** Request URL (path + query, exactly as received) -> the key the route answered it with. */
  private byUrl = new Map<string, string>();
  /** Product id -> keys of the kept answers that show its stock. */
  private byProduct = new Map<string, Set<string>>();
  /** Keys of kept answers loaded without a declaration: every write clears them. */
  private undeclared = new Set<string>();

  /** Counts writes seen, so a load can tell whether one landed while it ran (its answer may be stale). */
  private generation = 0;
  /** The generation of the last full clear. */
  private clearedAt = 0;
  /** Product id -> the generation of the last stock write that named it (since the last full clear). */
  private stockChangedAt = new Map<string, number>();
  /** Key -> the load running for it, which later misses of the key may share. */
  private loading = new Map<
    string,
    { startedAt: number; promise: Promise<{ entry: Entry; shown: readonly string[] | undefined }> }
  >();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  /**
   * The answer for `key`, loaded on a miss. `url` (the raw request URL the route parsed into `key`) is
   * remembered with a kept entry, so that `peek(url)` can answer the same URL again without routing.
   * `stockShownBy` (see StockShownBy) lets an order update this answer instead of clearing it.
   */
  async get<T>(key: string, load: () => Promise<T>, url?: string, stockShownBy?: StockShownBy<T>): Promise<Entry> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) {
      if (url !== undefined) this.remember(url, key);
      return hit;
    }
    const pending = this.loading.get(key);
    if (pending) {
      // Share a load already running (a burst of misses after a write runs one query, not one each), unless a
      // write its answer depends on landed since it began: that write may be one this caller has seen.
      const loaded = await pending.promise;
      if (!this.changedSince(pending.startedAt, loaded.shown)) return loaded.entry;
    }
    const startedAt = this.generation;
    const promise = (async () => {
      const answer = await load();
      return { entry: entryOf(Buffer.from(JSON.stringify(answer)), now), shown: stockShownBy?.(answer) };
    })();
    if (this.ttlMs > 0) {
      const running = { startedAt, promise };
      this.loading.set(key, running);
      const done = () => {
        if (this.loading.get(key) === running) this.loading.delete(key);
      };
      promise.then(done, done);
    }
    const { entry, shown } = await promise;
    // A write that landed while we were loading, and that this answer depends on, makes it possibly stale:
    // serve it once, don't keep it.
    if (this.ttlMs > 0 && !this.changedSince(startedAt, shown)) {
      if (this.entries.size >= this.maxEntries) this.clear();
      this.entries.set(key, entry);
      if (shown === undefined) this.undeclared.add(key);
      else {
        this.undeclared.delete(key);
        for (const id of shown) {
          let keys = this.byProduct.get(id);
          if (!keys) this.byProduct.set(id, (keys = new Set()));
          keys.add(key);
        }
      }
      if (url !== undefined) this.remember(url, key);
    }
    return entry;
  }

  private changedSince(generation: number, shown: readonly string[] | undefined): boolean {
    if (this.generation === generation) return false;
    if (shown === undefined || this.clearedAt > generation) return true;
    return shown.some((id) => (this.stockChangedAt.get(id) ?? 0) > generation);
  }

  private remember(url: string, key: string) {
    if (this.byUrl.get(url) === key) return;
    if (this.byUrl.size >= this.maxEntries) this.byUrl.clear();
    this.byUrl.set(url, key);
  }

  /** The fresh entry a route already answered for exactly this request URL, if any (no parsing, no loading). */
  peek(url: string): Entry | undefined {
    const key = this.byUrl.get(url);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.ttlMs !== Number.POSITIVE_INFINITY && Date.now() - entry.at >= this.ttlMs) return undefined;
    return entry;
  }

  /** Drops every kept answer (what running loads check, stockChangedAt, stays). */
  private clear() {
    this.entries.clear();
    this.byUrl.clear();
    this.byProduct.clear();
    this.undeclared.clear();
  }

  /** Forgets every answer: after any write that may change what the catalogue shows. */
  invalidate(): void {
    this.generation++;
    this.clearedAt = this.generation; // every load running now is older: stockChangedAt is no longer needed
    this.stockChangedAt.clear();
    this.loading.clear();
    this.clear();
  }

  /** Marks `productIds` as changed (loads running now are not kept) and forgets the undeclared answers. */
  private stockWrite(productIds: Iterable<string>) {
    this.generation++;
    for (const key of this.undeclared) this.entries.delete(key);
    this.undeclared.clear();
    for (const id of productIds) this.stockChangedAt.set(id, this.generation);
  }

  /** Forgets the answers that show the stock of one of `productIds`, and every undeclared answer: after a write
   *  that changed nothing the catalogue shows but these products' stock, by amounts not known. */
  invalidateStock(productIds: Iterable<string>): void {
    const ids = [...productIds];
    this.stockWrite(ids);
    for (const id of ids) {
      for (const key of this.byProduct.get(id) ?? []) this.entries.delete(key);
      this.byProduct.delete(id);
    }
  }

  /**
   * After a write that took exactly `taken` units of these products' stock and changed nothing else the
   * catalogue shows (a placed order): the kept answers showing them get their stock lowered in place (new body
   * and ETag, no store read), every undeclared answer is forgotten.
   */
  takeStock(taken: StockTaken): void {
    this.stockWrite(taken.keys());
    const keys = new Set<string>();
    for (const id of taken.keys()) for (const key of this.byProduct.get(id) ?? []) keys.add(key);
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry === undefined) continue;
      const answer: unknown = JSON.parse(entry.body.toString());
      if (lowerStock(answer, taken)) this.entries.set(key, entryOf(Buffer.from(JSON.stringify(answer)), entry.at));
    }
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
  // Drafts are in no catalogue answer until update publishes one (update clears the cache).
  products: ['list', 'facets', 'top', 'get', 'lowStock', 'createDraft', 'getDraft', 'listDrafts'],
  users: ['get', 'findByEmail', 'list', 'create', 'update', 'remove'],
  orders: ['get', 'list', 'dailyStats', 'markPaid', 'paidWith', 'markDelivered'],
  carts: ['get', 'put'],
} as const satisfies { store: readonly MethodName<Store>[] } & {
  [A in Aggregate]: readonly MethodName<NonNullable<Store[A]>>[];
};

/** Writes whose result can say that they changed nothing: then the cache is kept. */
const UNCHANGED_WHEN: Partial<Record<string, (result: unknown) => boolean>> = {
  'orders.expireStale': (expired) => expired === 0,
};

/**
 * Writes that change nothing the catalogue shows but the stock of the products their arguments name: the units
 * each takes when it succeeds (CatalogCache.takeStock); when it fails, the answers showing those products are
 * cleared (CatalogCache.invalidateStock). Placing an order reads prices and takes exactly the ordered units of
 * stock, all or nothing; it touches no other product column.
 */
const STOCK_TAKING_WRITES: Partial<Record<string, (args: unknown[]) => StockTaken>> = {
  'orders.place': (args) => {
    const taken = new Map<string, number>();
    for (const { product, qty } of (args[0] as PlaceOrderCommand).lines) {
      if (!Number.isInteger(qty) || qty <= 0) throw new Error('not a stock-taking line');
      taken.set(product, (taken.get(product) ?? 0) + qty);
    }
    return taken;
  },
};

/** The stock a write's arguments say it takes, or undefined when they cannot be read (then it clears everything). */
function stockTakenBy(stockTaken: ((args: unknown[]) => StockTaken) | undefined, args: unknown[]) {
  try {
    return stockTaken?.(args);
  } catch {
    return undefined;
  }
}

/** Updates the cache after a write: the stock it took; if it failed, the answers showing its products; and
 *  everything when it is not a stock-taking write or its arguments could not be read. */
function afterWrite(cache: CatalogCache, taken: StockTaken | undefined, succeeded: boolean) {
  if (taken === undefined) cache.invalidate();
  else if (succeeded) cache.takeStock(taken);
  else cache.invalidateStock(taken.keys());
}

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
        const stockTaking = STOCK_TAKING_WRITES[`${path}${name}`];
        wrapped.set(
          name,
          keeps.includes(name)
            ? method.bind(object)
            : async (...args: unknown[]) => {
                // Read before the write runs: the store may not change its arguments under us.
                const taken = stockTakenBy(stockTaking, args);
                let result: unknown;
                let changed = true;
                let succeeded = false;
                try {
                  result = await method.apply(object, args);
                  changed = !unchanged?.(result);
                  succeeded = true;
                  return result;
                } finally {
                  // Also after a failed write: whatever it did before failing must not be hidden by the cache.
                  if (changed) afterWrite(cache, taken, succeeded);
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
