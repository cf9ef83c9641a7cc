// During a sale an order clears only the catalogue answers showing its products, and no answer ever shows
// stock or a price older than a write the caller has seen acknowledged.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogCache, keepCatalogCache } from '../src/cache/catalogCache.js';
import { EventBus } from '../src/events/bus.js';
import type { DomainEvent } from '../src/domain/index.js';
import { registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

const product = (_id: string, countInStock = 5) => ({ _id, countInStock });
const ids = (page: { products: { _id: string }[] }) => page.products.map((p) => p._id);
const ids1 = (p: { _id: string }) => [p._id];
/** The stock an order left, as its store publishes it once committed (domain/orderDecisions.ts orderEvents). */
const stockChanged = (...levels: [string, number][]): DomainEvent => ({
  type: 'StockChanged',
  stock: levels.map(([product, countInStock]) => ({ product, countInStock })),
});

/** Loads product a's answer (/a) into `cache` with `write` happening while that load is in flight; its answer. */
async function loadProductAAround(cache: CatalogCache, write: () => void) {
  let release!: () => void;
  const loading = cache.get(
    'product:a',
    () => new Promise<{ _id: string }>((resolve) => (release = () => resolve(product('a')))),
    '/a',
    (p) => [p._id],
  );
  await Promise.resolve();
  write();
  release();
  return loading;
}

/** A cache holding a list page (a, b), a detail (c) and an answer loaded without declaring its stock. */
async function warmCache() {
  const cache = new CatalogCache(Number.POSITIVE_INFINITY);
  await cache.get('list:1:', async () => ({ products: [product('a'), product('b')] }), '/list', ids);
  await cache.get(
    'product:c',
    async () => product('c'),
    '/c',
    (p) => [p._id],
  );
  await cache.get('undeclared', async () => ({ products: [product('d')] }), '/undeclared');
  const kept = () => ({
    list: cache.peek('/list') !== undefined,
    c: cache.peek('/c') !== undefined,
    undeclared: cache.peek('/undeclared') !== undefined,
  });
  return { cache, kept };
}

/** `cache` hearing a bus, as app.ts wires it; the bus to publish on. */
function hearing(cache: CatalogCache) {
  const bus = new EventBus();
  keepCatalogCache(bus, cache);
  return bus;
}

const shown = (cache: CatalogCache, url: string) => {
  const entry = cache.peek(url);
  return entry && JSON.parse(entry.body.toString());
};

describe('catalogue cache: orders', () => {
  it('an order sets the stock its products show in kept answers, and clears every undeclared answer', async () => {
    const { cache, kept } = await warmCache();
    const listEtag = cache.peek('/list')?.etag;
    // Lines b x2 and b x1 of 5 in stock: the order's store publishes b's level after both.
    hearing(cache).publish([{ type: 'OrderPlaced', order: {} as never }, stockChanged(['b', 2])]);
    expect(kept()).toEqual({ list: true, c: true, undeclared: false });
    expect(shown(cache, '/list')).toEqual({ products: [product('a', 5), product('b', 2)] });
    expect(cache.peek('/list')?.etag).not.toBe(listEtag);
    expect(shown(cache, '/c')).toEqual(product('c', 5));
  });

  it('a cancel or an expiry gives stock back the same way: the answers showing it are set in place', async () => {
    const { cache, kept } = await warmCache();
    hearing(cache).publish([{ type: 'OrderCancelled', order: {} as never }, stockChanged(['a', 7], ['c', 6])]);
    expect(kept()).toEqual({ list: true, c: true, undeclared: false });
    expect(shown(cache, '/list')).toEqual({ products: [product('a', 7), product('b', 5)] });
    expect(shown(cache, '/c')).toEqual(product('c', 6));
  });

  it('serves but does not keep an answer loaded while an order for one of its products landed', async () => {
    const cache = new CatalogCache(Number.POSITIVE_INFINITY);
    const loaded = await loadProductAAround(cache, () => cache.setStock(new Map([['a', 4]])));
    expect(JSON.parse(loaded.body.toString())).toEqual(product('a'));
    expect(cache.peek('/a')).toBeUndefined();
  });

  it('keeps an answer loaded while an order for other products landed, not while everything was cleared', async () => {
    const cache = new CatalogCache(Number.POSITIVE_INFINITY);
    const load = async (write: () => void) => {
      await loadProductAAround(cache, write);
      return cache.peek('/a') !== undefined;
    };
    expect(await load(() => cache.setStock(new Map([['b', 4]])))).toBe(true);
    cache.invalidate();
    expect(await load(() => cache.invalidate())).toBe(false);
  });

  it('misses of one key while its load runs share that load', async () => {
    const cache = new CatalogCache(Number.POSITIVE_INFINITY);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return product('a');
    };
    const entries = await Promise.all(Array.from({ length: 5 }, () => cache.get('product:a', load, '/a', ids1)));
    expect(loads).toBe(1);
    expect(new Set(entries).size).toBe(1);
  });

  it('a miss arriving after an order for a running load’s product does not take that load’s answer', async () => {
    const cache = new CatalogCache(Number.POSITIVE_INFINITY);
    let stock = 5;
    let release!: () => void;
    const first = cache.get(
      'product:a',
      () => new Promise<{ _id: string; countInStock: number }>((resolve) => (release = () => resolve(product('a', 5)))),
      '/a',
      ids1,
    );
    await Promise.resolve();
    stock = 4; // the order is acknowledged, then a shopper asks
    cache.setStock(new Map([['a', 4]]));
    const second = cache.get('product:a', async () => product('a', stock), '/a', ids1);
    release();
    await first;
    expect(JSON.parse((await second).body.toString())).toEqual(product('a', 4));
  });

  it('does not keep a load that overlapped an order even when the cache overflowed meanwhile', async () => {
    const cache = new CatalogCache(Number.POSITIVE_INFINITY, 1);
    await cache.get('other', async () => product('x'), '/x', ids1);
    let release!: () => void;
    const loading = cache.get(
      'product:a',
      () => new Promise<{ _id: string }>((resolve) => (release = () => resolve(product('a')))),
      '/a',
      ids1,
    );
    await Promise.resolve();
    cache.setStock(new Map([['a', 4]]));
    await cache.get('another', async () => product('y'), '/y', ids1); // full: drops every kept answer
    release();
    await loading;
    expect(cache.peek('/a')).toBeUndefined();
  });

  it('a URL is answered from memory with its key’s current answer only', async () => {
    const cache = new CatalogCache(Number.POSITIVE_INFINITY);
    await cache.get('list:1:', async () => ({ products: [product('a', 5)] }), '/api/products', ids);
    cache.invalidateStock(['a']);
    expect(cache.peek('/api/products')).toBeUndefined();
    await cache.get('list:1:', async () => ({ products: [product('a', 4)] }), '/api/products?pageNumber=1', ids);
    expect(shown(cache, '/api/products')).toEqual({ products: [product('a', 4)] });
  });
});

describe('catalogue answers after writes (real shop, fast path included)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  type Listed = { _id: string; name: string; price: number; countInStock: number };
  const get = async (path: string) => {
    const res = await shop.call('GET', path);
    expect(res.status).toBe(200);
    return res;
  };
  const listed = async (path: string): Promise<Listed[]> => {
    const body = (await get(path)).body;
    return Array.isArray(body) ? body : (body.products ?? [body]); // a page, the top list, or one product
  };

  it('every catalogue answer shows an order’s stock at once', async () => {
    const page = await listed('/api/products');
    const target = page.find((p) => p.countInStock >= 2)!;
    const search = `/api/products?keyword=${encodeURIComponent(target.name.split(' ')[0])}`;
    const urls = [
      '/api/products',
      '/api/products?pageNumber=1',
      search,
      '/api/products/top',
      `/api/products/${target._id}`,
    ];
    // Twice: the second answer of each URL comes from memory, before Express (http/fastPath.ts).
    for (const url of [...urls, ...urls]) await get(url);

    const res = await shop.call('POST', '/api/orders', {
      token: await shop.aliceToken(),
      body: { orderItems: [{ product: target._id, qty: 2 }], shippingAddress },
    });
    expect(res.status).toBe(201);

    const expected = target.countInStock - 2;
    for (const url of urls) {
      const shown = (await listed(url)).find((p) => p._id === target._id);
      if (shown) expect(shown.countInStock, url).toBe(expected);
    }
    expect((await listed(`/api/products/${target._id}`))[0].countInStock).toBe(expected);
    expect((await listed('/api/products')).find((p) => p._id === target._id)?.countInStock).toBe(expected);
  });

  it('every catalogue answer shows a new price at once', async () => {
    const [target] = await listed('/api/products');
    const urls = ['/api/products', '/api/products/top', `/api/products/${target._id}`];
    for (const url of [...urls, ...urls]) await get(url);
    const { name, image, brand, category, description, countInStock } = (await get(`/api/products/${target._id}`)).body;
    const editable = { name, image, brand, category, description, countInStock };
    const price = Math.round((target.price + 1.11) * 100) / 100;
    const res = await shop.call('PUT', `/api/products/${target._id}`, {
      token: await shop.adminToken(),
      body: { ...editable, price },
    });
    expect(res.status).toBe(200);
    for (const url of urls) {
      const shown = (await listed(url)).find((p) => p._id === target._id);
      if (shown) expect(shown.price, url).toBe(price);
    }
    expect((await get(`/api/products/${target._id}`)).body.price).toBe(price);
  });

  it('orders racing reads: after each acknowledged order, reads never show more stock than it left', async () => {
    const page = await listed('/api/products');
    const target = page.reduce((a, b) => (b.countInStock > a.countInStock ? b : a));
    const orders = Math.min(8, target.countInStock);
    const tokens = await Promise.all(Array.from({ length: orders }, () => registerCustomer(shop, 'sale')));
    let acknowledged = 0;
    let reading = true;
    const stale: string[] = [];
    const reader = (async () => {
      while (reading) {
        const floorBefore = target.countInStock - acknowledged;
        const [detail, list] = await Promise.all([get(`/api/products/${target._id}`), listed('/api/products')]);
        const shownInList = list.find((p) => p._id === target._id)?.countInStock ?? 0;
        // A read that started after `acknowledged` orders were acknowledged must show at most what they left.
        if (detail.body.countInStock > floorBefore) stale.push(`detail ${detail.body.countInStock} > ${floorBefore}`);
        if (shownInList > floorBefore) stale.push(`list ${shownInList} > ${floorBefore}`);
      }
    })();
    await Promise.all(
      Array.from({ length: orders }, async (_, i) => {
        const res = await shop.call('POST', '/api/orders', {
          token: tokens[i],
          body: { orderItems: [{ product: target._id, qty: 1 }], shippingAddress },
        });
        expect(res.status).toBe(201);
        acknowledged++;
      }),
    );
    reading = false;
    await reader;
    expect(stale).toEqual([]);
    expect((await get(`/api/products/${target._id}`)).body.countInStock).toBe(target.countInStock - orders);
  });
});

describe('a variant’s stock (issue 29)', () => {
  /** Product `c` with two variants (v1 the default), kept as a detail and in a list beside a plain product. */
  async function warmVariants() {
    const cache = new CatalogCache(Number.POSITIVE_INFINITY);
    const withVariants = (v1: number, v2: number) => ({
      ...product('c', v1),
      variants: [
        { _id: 'v1', sku: 'C-1', countInStock: v1 },
        { _id: 'v2', sku: 'C-2', countInStock: v2 },
      ],
    });
    await cache.get('list:1:', async () => ({ products: [product('a'), withVariants(5, 3)] }), '/list', ids);
    await cache.get(
      'product:c',
      async () => withVariants(5, 3),
      '/c',
      (p) => [p._id],
    );
    await cache.get('undeclared', async () => ({ products: [product('d')] }), '/undeclared');
    return { cache, withVariants };
  }

  it('sets a variant’s stock in place where its product shows; the default variant’s is the product’s stock too', async () => {
    const { cache, withVariants } = await warmVariants();
    const etag = cache.peek('/c')?.etag;
    const bus = hearing(cache);
    bus.publish([{ type: 'StockChanged', stock: [{ product: 'c', variant: 'v2', countInStock: 1 }] }]);
    expect(shown(cache, '/c')).toEqual(withVariants(5, 1));
    expect(shown(cache, '/list')).toEqual({ products: [product('a'), withVariants(5, 1)] });
    expect(cache.peek('/c')?.etag).not.toBe(etag);
    expect(cache.peek('/undeclared')).toBeUndefined();
    bus.publish([{ type: 'StockChanged', stock: [{ product: 'c', variant: 'v1', countInStock: 2 }] }]);
    expect(shown(cache, '/c')).toEqual(withVariants(2, 1));
    expect(shown(cache, '/list')).toEqual({ products: [product('a'), withVariants(2, 1)] });
  });

  it('a variant id that is not in the kept answer (added since) clears the answers showing its product', async () => {
    const { cache } = await warmVariants();
    hearing(cache).publish([{ type: 'StockChanged', stock: [{ product: 'c', variant: 'v9', countInStock: 4 }] }]);
    expect(cache.peek('/c')).toBeUndefined();
    expect(cache.peek('/list')).toBeUndefined();
  });
});

describe('catalogue cache: stock set in the kept bytes', () => {
  type Variant = { _id: string; sku: string; countInStock: number };
  type Product = { _id: string; name: string; countInStock: number; variants?: Variant[]; specs: unknown[] };
  const id = fc.constantFrom('p1', 'p2', 'p3');
  // Names with quotes, backslashes, unicode and digits (the figures are cut out of the text around them).
  const text = fc.string({ unit: 'grapheme', maxLength: 12 });
  const variant = fc.record({ _id: fc.constantFrom('v1', 'v2', 'v3'), sku: text, countInStock: fc.nat(99) });
  const item = fc.record({
    _id: id,
    name: text,
    countInStock: fc.nat(99),
    variants: fc.option(fc.uniqueArray(variant, { selector: (v) => v._id, maxLength: 3 }), { nil: undefined }),
    specs: fc.array(fc.record({ name: text, value: text }), { maxLength: 2 }),
  });
  // Key order varies: `countInStock` before or after `variants`, as answers built by different code may have it.
  const answer = fc.record({
    page: fc.nat(5),
    products: fc.array(
      fc.tuple(item, fc.boolean()).map(([p, stockLast]) => {
        if (!stockLast) return p;
        const { countInStock, ...rest } = p;
        return { ...rest, countInStock };
      }),
      { maxLength: 4 },
    ),
  });
  const levels = fc.array(fc.tuple(id, fc.option(fc.constantFrom('v1', 'v2', 'v4'), { nil: undefined }), fc.nat(99)), {
    maxLength: 4,
  });

  /** What the kept answer must be after the write: parsed, set by rule, serialised again (null: forgotten). */
  function expected(page: { products: Product[] }, stock: [string, string | undefined, number][]) {
    const copy = structuredClone(page);
    for (const [product, variantId, level] of stock) {
      for (const p of copy.products.filter((p) => p._id === product)) {
        if (variantId === undefined) {
          p.countInStock = level;
          continue;
        }
        const at = (p.variants ?? []).findIndex((v) => v._id === variantId);
        if (at < 0) return null;
        p.variants![at]!.countInStock = level;
        if (at === 0) p.countInStock = level;
      }
    }
    return JSON.stringify(copy);
  }

  it('gives the same bytes as setting the figures in the parsed answer and serialising it again', async () => {
    await fc.assert(
      fc.asyncProperty(answer, levels, levels, async (page, first, second) => {
        const cache = new CatalogCache(Number.POSITIVE_INFINITY);
        await cache.get(
          'list',
          async () => structuredClone(page),
          '/list',
          (a) => a.products.map((p) => p._id),
        );
        const bus = hearing(cache);
        let want: string | null = JSON.stringify(page);
        for (const stock of [first, second]) {
          bus.publish([
            {
              type: 'StockChanged',
              stock: stock.map(([product, variantId, countInStock]) => ({
                product,
                countInStock,
                ...(variantId === undefined ? {} : { variant: variantId }),
              })),
            },
          ]);
          // One event applies every level at once: the product levels, then each product's variants.
          if (want !== null)
            want = expected(JSON.parse(want), [
              ...stock.filter(([, v]) => v === undefined),
              ...stock.filter(([, v]) => v !== undefined),
            ]);
          const kept = cache.peek('/list');
          if (want === null) expect(kept).toBeUndefined();
          else {
            expect(kept?.body.toString()).toBe(want);
            expect(kept?.etag).toBe(`"${createHash('sha1').update(want).digest('base64url')}"`);
          }
          if (want === null) break;
        }
      }),
      { numRuns: 300 },
    );
  });
});
