import { createHash, randomBytes } from 'node:crypto';
import type { EventSource } from '../ports.js';

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
 * of its products (setStock). An answer loaded without a declaration is cleared by every write.
 */
export type StockShownBy<T> = (answer: T) => readonly string[];

/** Stock levels after one write: product id -> its countInStock now. */
export type StockLevels = ReadonlyMap<string, number>;

/** Variant stock levels after one write (issue 29): product id -> (variant id -> its countInStock now). */
export type VariantLevels = ReadonlyMap<string, ReadonlyMap<string, number>>;

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

function entryOf(body: Buffer, at: number): Entry {
  return { body, etag: etagOf(body), at };
}

/**
 * A kept answer whose stock setStock set: its bytes and ETag are built when a reader first asks for them, so an
 * answer nobody reads between two orders is not rebuilt for each (during a sale most kept answers are not read
 * between two orders; each order used to rebuild and hash every answer showing its products).
 */
class PatchedEntry implements Entry {
  private bytes: Buffer | undefined;
  private tag: string | undefined;

  constructor(
    private readonly template: StockTemplate,
    readonly at: number,
  ) {
    templates.set(this, template);
  }

  get body(): Buffer {
    return (this.bytes ??= bodyOf(this.template, this.template.values));
  }

  get etag(): string {
    return (this.tag ??= etagOf(this.body));
  }
}

/** Where an answer shows stock: a product's own `countInStock`, or one of its variants' (issue 29). */
interface StockSlot {
  product: string;
  variant?: string;
  /** For a variant: the slot of its product's own `countInStock` (the product object listing it). */
  owner?: number;
  /** The product's first (default) variant, whose stock is its product's `countInStock` too. */
  isDefault?: boolean;
}

/**
 * A kept answer's bytes cut at every stock figure it shows: `parts[0]`, the figure of `slots[0]`, `parts[1]`, … An
 * order then rebuilds the body from these pieces and the new figures, without parsing or serialising the answer
 * (both grew with variants, specs and galleries: they were most of what an order cost the reads beside it).
 */
interface StockTemplate {
  parts: Buffer[];
  slots: StockSlot[];
  values: number[];
}

/** Templates of kept entries, built on an entry's first patch (most answers are never patched). */
const templates = new WeakMap<Entry, StockTemplate>();

/** Unguessable, so that no product text can contain a marker. */
const MARK = `stock-${randomBytes(12).toString('base64url')}:`;

/**
 * Finds the stock figures of `answer`: every object with a string `_id` and a numeric `countInStock`, and the
 * variants in such an object's `variants` list. Cuts the serialised answer at each (the same bytes as
 * JSON.stringify(answer)). `answer` is left as it was.
 */
function templateOf(answer: unknown): StockTemplate {
  const found: StockSlot[] = [];
  const marked: { record: Record<string, unknown>; value: number }[] = [];
  const mark = (record: Record<string, unknown>, slot: StockSlot) => {
    marked.push({ record, value: record.countInStock as number });
    record.countInStock = `${MARK}${found.length}`;
    found.push(slot);
    return found.length - 1;
  };
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const product = typeof record._id === 'string' && typeof record.countInStock === 'number' ? record._id : null;
    const own = product === null ? undefined : mark(record, { product });
    for (const [key, inner] of Object.entries(record)) {
      if (product !== null && key === 'variants' && Array.isArray(inner)) {
        inner.forEach((variant: Record<string, unknown>, at) => {
          if (variant && typeof variant._id === 'string' && typeof variant.countInStock === 'number')
            mark(variant, { product, variant: variant._id, owner: own, isDefault: at === 0 });
        });
      } else if (inner !== null && typeof inner === 'object') walk(inner);
    }
  };
  walk(answer);
  const text = JSON.stringify(answer);
  for (const { record, value } of marked) record.countInStock = value;
  // Each marker is serialised as the JSON string "<MARK><n>"; the slots are kept in the order the text shows them.
  const [head, ...rest] = text.split(`"${MARK}`);
  const order = rest.map((piece) => Number(piece.slice(0, piece.indexOf('"'))));
  const at = new Map(order.map((found, position) => [found, position]));
  return {
    parts: [head!, ...rest.map((piece) => piece.slice(piece.indexOf('"') + 1))].map((piece) => Buffer.from(piece)),
    slots: order.map((n) => {
      const { owner, ...slot } = found[n]!;
      return owner === undefined ? slot : { ...slot, owner: at.get(owner)! };
    }),
    values: order.map((n) => marked[n]!.value),
  };
}
/**
 * The figures after a write that left these products and variants at these levels: null when the answer shows
 * none of them; `missing` when it shows a product but not one of its variants (added since it was loaded).
 */
function patchedValues(
  template: StockTemplate,
  levels: StockLevels,
  variants: VariantLevels,
): { values: number[] } | { missing: true } | null {
  let values: number[] | null = null;
  const set = (at: number, level: number) => {
    values ??= [...template.values];
    values[at] = level;
  };
  const { slots } = template;
  for (let at = 0; at < slots.length; at++) {
    const slot = slots[at]!;
    if (slot.variant === undefined) {
      const level = levels.get(slot.product);
      if (level !== undefined) set(at, level);
    }
  }
  // Each showing of a product must list the variant (else the answer is older than the variant).
  for (let own = 0; own < slots.length; own++) {
    const ofProduct = slots[own]!.variant === undefined ? variants.get(slots[own]!.product) : undefined;
    if (!ofProduct) continue;
    for (const [variant, level] of ofProduct) {
      const at = slots.findIndex((slot) => slot.owner === own && slot.variant === variant);
      if (at < 0) return { missing: true };
      set(at, level);
      if (slots[at]!.isDefault) set(own, level);
    }
  }
  return values === null ? null : { values };
}

function bodyOf(template: StockTemplate, values: number[]): Buffer {
  const pieces: Buffer[] = [template.parts[0]!];
  for (let at = 0; at < values.length; at++) pieces.push(Buffer.from(String(values[at])), template.parts[at + 1]!);
  return Buffer.concat(pieces);
}

/**
 * Serialized answers of the public catalogue calls (list, search, top, detail), reused until a write that can
 * change them. Browsing is most of the traffic and the data changes rarely, so this is what keeps the catalogue
 * near the speed of a static server (with http/fastPath.ts). During a sale every order changes stock: an order
 * rewrites only the stock its products show in the kept answers (setStock, no SQL); every product or review write
 * clears everything (keepCatalogCache says which write does what). `ttlMs` bounds staleness where writes can come from another process (several Cloud Functions
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
   * After a write that left these products' stock at exactly these levels and changed nothing else the catalogue
   * shows (an order placed, cancelled or expired): the kept answers showing them get their stock set in place (new
   * body and ETag, no store read), every undeclared answer is forgotten.
   */
  setStock(levels: StockLevels, variants: VariantLevels = new Map()): void {
    const products = new Set([...levels.keys(), ...variants.keys()]);
    this.stockWrite(products);
    const keys = new Set<string>();
    for (const id of products) for (const key of this.byProduct.get(id) ?? []) keys.add(key);
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry === undefined) continue;
      const template = templates.get(entry) ?? templateOf(JSON.parse(entry.body.toString()));
      const patched = patchedValues(template, levels, variants);
      // A variant the kept answer does not list (added since it was loaded): forget it rather than show a stale one.
      if (patched && 'missing' in patched) this.entries.delete(key);
      else if (patched) {
        this.entries.set(key, new PatchedEntry({ ...template, values: patched.values }, entry.at));
      } else templates.set(entry, template);
    }
  }
}

/**
 * Keeps `cache` true to the store: every committed write's events (domain/events.ts) clear or patch it. Stock
 * changes (orders placed, cancelled, expired) patch the answers showing those products in place; product and review
 * changes clear everything; the rest (orders' other fields, carts, sessions) is in no catalogue answer. An event
 * type added later must be classified here (the switch is exhaustive); until then, at run time, it clears.
 */
export function keepCatalogCache(source: EventSource, cache: CatalogCache): () => void {
  return source.subscribe((events) => {
    for (const event of events) {
      switch (event.type) {
        case 'StockChanged': {
          // A variant's stock (issue 29) shows in its product's variants and, for the default one, as the product's
          // countInStock: both are set in place (CatalogCache.setStock).
          const products = new Map<string, number>();
          const variants = new Map<string, Map<string, number>>();
          for (const level of event.stock) {
            if (!level.variant) products.set(level.product, level.countInStock);
            else {
              const of = variants.get(level.product) ?? new Map<string, number>();
              variants.set(level.product, of.set(level.variant, level.countInStock));
            }
          }
          cache.setStock(products, variants);
          break;
        }
        case 'ProductSaved':
        case 'ReviewAdded':
        case 'ReviewsReverified': // the reviews in a cached product page
        case 'TaxonomyChanged': // the lists' answers, and a rename's or merge's relabelled products
        case 'SettingsSaved': // issue 41: whether the products answer their 30-day low (products/routes.ts)
          cache.invalidate();
          break;
        case 'OrderPlaced':
        case 'OrderPaid':
        case 'OrderCancelled':
        case 'OrderExpired':
        case 'OrderShipped':
        case 'OrderDelivered':
        case 'OrderRefunded':
        case 'OrderUpdated':
        case 'OrderUndelivered':
        case 'CartSaved':
        case 'WishlistSaved':
        case 'SessionsRevoked':
          break; // no product, review or stock in them (an order's stock comes as StockChanged)
        default:
          event satisfies never;
          cache.invalidate();
      }
    }
  });
}
