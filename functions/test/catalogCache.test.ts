// The catalogue cache hears every committed write's events (cache/catalogCache.ts keepCatalogCache): product and
// review changes clear it, stock changes patch it, the rest leaves it alone. No list of store methods decides.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import { CatalogCache, keepCatalogCache } from '../src/cache/catalogCache.js';
import { DEFAULT_HOLD_LIMITS, type DomainEvent, type Order } from '../src/domain/index.js';
import { EventBus } from '../src/events/bus.js';
import type { PlaceOrderCommand, Store } from '../src/ports.js';
import { MovableClock } from './support/clock.js';
import { productInput } from './support/products.js';

/** A cache holding one answer for /api/products (loaded without declaring its stock), hearing `bus`, and a probe
 *  telling whether it still holds it. */
async function warmCache(bus = new EventBus()) {
  const cache = new CatalogCache(Number.POSITIVE_INFINITY);
  keepCatalogCache(bus, cache);
  const warm = () => cache.get('list:1:', async () => ({ products: [] }), '/api/products');
  await warm();
  return { bus, cache, warm, kept: () => cache.peek('/api/products') !== undefined };
}

const order = { _id: 'o1' } as Order;
const product = { _id: 'p1', name: 'P' } as never;
const review = { _id: 'r1' } as never;

describe('catalogue cache invalidation', () => {
  it('an event type added later clears the cache before it is classified anywhere', async () => {
    const { bus, kept } = await warmCache();
    expect(kept()).toBe(true);
    bus.publish([{ type: 'ProductRestocked' } as unknown as DomainEvent]);
    expect(kept()).toBe(false);
  });

  it('keeps the cache through the events that change nothing it shows, and clears it after every other one', async () => {
    const { bus, warm, kept } = await warmCache();
    const keeping: DomainEvent[] = [
      { type: 'OrderPlaced', order },
      { type: 'OrderPaid', order },
      { type: 'OrderCancelled', order },
      { type: 'OrderExpired', order },
      { type: 'OrderDelivered', order },
      { type: 'CartSaved', userId: 'u', cart: { items: [], updatedAt: null } },
      { type: 'SessionsRevoked', userId: 'u' },
    ];
    for (const event of keeping) {
      bus.publish([event]);
      expect(kept(), `${event.type} must keep the cache`).toBe(true);
    }
    const clearing: DomainEvent[] = [
      { type: 'ProductSaved', change: 'created', productId: 'p1', product },
      { type: 'ProductSaved', change: 'updated', productId: 'p1', product },
      { type: 'ProductSaved', change: 'published', productId: 'p1', product },
      { type: 'ProductSaved', change: 'removed', productId: 'p1', product: null },
      { type: 'ReviewAdded', productId: 'p1', review, product },
      // The warm answer did not declare which products' stock it shows: any stock change clears it.
      { type: 'StockChanged', stock: [{ product: 'p1', countInStock: 4 }] },
    ];
    for (const event of clearing) {
      await warm();
      bus.publish([event]);
      expect(kept(), `${event.type} ${'change' in event ? event.change : ''} must clear the cache`).toBe(false);
    }
  });
});

describe('catalogue cache on a real store (every write publishes what it changed)', () => {
  const opened: { db: Database; dir: string }[] = [];
  afterEach(async () => {
    for (const { db, dir } of opened.splice(0)) {
      db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  async function storeWithCache() {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-cache-'));
    const db = await Database.open(dir);
    opened.push({ db, dir });
    const clock = new MovableClock();
    const warmed = await warmCache();
    const store: Store = createSqlStore(db, { clock, events: warmed.bus });
    return { ...warmed, store, clock };
  }

  const place = (store: Store, clock: MovableClock, lines: PlaceOrderCommand['lines']) =>
    store.orders.place({
      user: { _id: 'u1', name: 'U', email: 'u@example.com' },
      lines,
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentMethod: 'PayPal',
      now: clock.now(),
      expiresAt: new Date(clock.now().getTime() + 60_000),
      holdLimits: DEFAULT_HOLD_LIMITS,
    });

  it('every write that can change what the catalogue shows clears (or patches) it, whoever calls the store', async () => {
    const { store, clock, warm, kept } = await storeWithCache();
    const writes: [string, () => Promise<unknown>][] = [];
    const p = await store.products.create(productInput('Volt'), 'owner');
    expect(kept(), 'products.create').toBe(false);
    writes.push(['products.update', () => store.products.update(p._id, productInput('Volt 2'))]);
    writes.push([
      'products.addReview',
      () => store.products.addReview(p._id, { userId: 'u1', name: 'U', rating: 5, comment: 'ok' }),
    ]);
    writes.push(['orders.place', () => place(store, clock, [{ product: p._id, qty: 1 }])]);
    writes.push([
      'orders.cancel',
      async () => {
        const o = await place(store, clock, [{ product: p._id, qty: 1 }]);
        await warm();
        await store.orders.cancel(o._id, clock.now());
      },
    ]);
    writes.push([
      'orders.expireStale',
      async () => {
        await place(store, clock, [{ product: p._id, qty: 1 }]);
        clock.advance(120_000);
        await warm();
        await store.orders.expireStale(clock.now());
      },
    ]);
    writes.push(['products.remove', () => store.products.remove(p._id)]);
    for (const [name, write] of writes) {
      await warm();
      await write();
      expect(kept(), `${name} must clear the cache`).toBe(false);
    }
  });

  it('keeps the cache when the expiry sweep expired nothing', async () => {
    const { store, clock, kept } = await storeWithCache();
    expect(await store.orders.expireStale(clock.now())).toBe(0);
    expect(kept()).toBe(true);
  });

  it('a write that failed committed nothing: the cache keeps its answers, still what the store shows', async () => {
    // (Before the events, a failed write cleared the cache, as its wrapper could not tell what it had done. A
    // store publishes only once its transaction has committed; a failed one wrote nothing.)
    const { store, cache, clock } = await storeWithCache();
    const p = await store.products.create(productInput('Volt', { countInStock: 2 }), 'owner');
    const load = () => cache.get('list', async () => store.products.list({ keyword: '', page: 1, pageSize: 10 }), '/l');
    await load();
    await expect(
      store.products.addReview('missing', { userId: 'u', name: 'U', rating: 5, comment: 'x' }),
    ).rejects.toThrow('Product not found');
    await expect(place(store, clock, [{ product: p._id, qty: 3 }])).rejects.toThrow();
    const kept = cache.peek('/l');
    expect(kept).toBeDefined();
    const fresh = await store.products.list({ keyword: '', page: 1, pageSize: 10 });
    expect(JSON.parse(kept!.body.toString())).toEqual(fresh);
  });
});
