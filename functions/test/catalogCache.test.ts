// The catalogue cache's invalidation is generic: only the methods named as catalogue-keeping leave it alone.
import { describe, expect, it } from 'vitest';
import {
  CATALOG_KEEPING_METHODS,
  CatalogCache,
  invalidateOnWrites,
  withCatalogCache,
} from '../src/cache/catalogCache.js';
import type { Ports, Store } from '../src/ports.js';

/** A store whose every method answers `answer` and counts its calls; `extra` adds methods the port does not have yet. */
function fakeStore(answer: unknown = null, extra: Record<string, Record<string, () => Promise<unknown>>> = {}) {
  const calls: string[] = [];
  const aggregate = (name: string, methods: string[]) =>
    Object.fromEntries(
      methods.map((m) => [
        m,
        async function (this: unknown) {
          calls.push(`${name}.${m}`);
          return answer;
        },
      ]),
    );
  const store = {
    products: {
      ...aggregate('products', [
        'list',
        'facets',
        'top',
        'get',
        'create',
        'createDraft',
        'getDraft',
        'listDrafts',
        'update',
        'remove',
        'addReview',
        'lowStock',
      ]),
      ...extra.products,
    },
    users: aggregate('users', ['get', 'findByEmail', 'list', 'create', 'update', 'remove']),
    orders: {
      ...aggregate('orders', [
        'place',
        'get',
        'list',
        'markPaid',
        'paidWith',
        'markDelivered',
        'expireStale',
        'dailyStats',
      ]),
      ...extra.orders,
    },
    carts: aggregate('carts', ['get', 'put']),
    ping: async () => undefined,
    close: async () => undefined,
  };
  return { store: store as unknown as Store, calls };
}

/** A cache holding one answer for /api/products, and a probe telling whether it still holds it. */
async function warmCache() {
  const cache = new CatalogCache(Number.POSITIVE_INFINITY);
  const warm = () => cache.get('list:1:', async () => ({ products: [] }), '/api/products');
  await warm();
  return { cache, warm, kept: () => cache.peek('/api/products') !== undefined };
}

describe('catalogue cache invalidation', () => {
  it('a store method added later invalidates without being listed anywhere', async () => {
    const restocked: string[] = [];
    const { store } = fakeStore(null, { products: { restock: async () => void restocked.push('restock') } });
    const { cache, kept } = await warmCache();
    const wrapped = invalidateOnWrites(store, cache) as Store & { products: { restock(): Promise<void> } };
    expect(kept()).toBe(true);
    await wrapped.products.restock();
    expect(restocked).toEqual(['restock']);
    expect(kept()).toBe(false);
  });

  it('keeps the cache through the named catalogue-keeping methods, and clears it after every other one', async () => {
    const { store, calls } = fakeStore(1);
    const { cache, warm, kept } = await warmCache();
    const wrapped = invalidateOnWrites(store, cache) as unknown as Record<
      string,
      Record<string, () => Promise<unknown>> | (() => Promise<unknown>)
    >;
    for (const [aggregate, methods] of Object.entries(CATALOG_KEEPING_METHODS)) {
      for (const method of methods) {
        const target =
          aggregate === 'store'
            ? (wrapped as unknown as Record<string, () => Promise<unknown>>)
            : (wrapped[aggregate] as Record<string, () => Promise<unknown>>);
        await target[method]!();
        expect(kept(), `${aggregate}.${method} must keep the cache`).toBe(true);
      }
    }
    for (const write of [
      'products.create',
      'products.update',
      'products.remove',
      'products.addReview',
      'orders.place',
      'orders.expireStale',
    ]) {
      const [aggregate, method] = write.split('.') as [string, string];
      await warm();
      await (wrapped[aggregate] as Record<string, () => Promise<unknown>>)[method]!();
      expect(kept(), `${write} must clear the cache`).toBe(false);
    }
    expect(calls).toContain('orders.expireStale');
  });

  it('keeps the cache when the expiry sweep expired nothing', async () => {
    const { store } = fakeStore(0);
    const { cache, kept } = await warmCache();
    await invalidateOnWrites(store, cache).orders.expireStale(new Date());
    expect(kept()).toBe(true);
  });

  it('clears the cache after a write that failed (whatever it did first must show)', async () => {
    const { store } = fakeStore();
    store.products.create = async () => {
      throw new Error('disk full');
    };
    const { cache, kept } = await warmCache();
    await expect(invalidateOnWrites(store, cache).products.create({} as never, 'owner')).rejects.toThrow('disk full');
    expect(kept()).toBe(false);
  });

  it('wraps a store once per cache: the app and the sweeper share one wrapper', async () => {
    const { store } = fakeStore();
    const cache = new CatalogCache(Number.POSITIVE_INFINITY);
    const ports = withCatalogCache({ store } as Ports, cache);
    expect(withCatalogCache(ports, cache).store).toBe(ports.store);
    expect(invalidateOnWrites(ports.store, new CatalogCache(0))).not.toBe(ports.store);
  });
});
