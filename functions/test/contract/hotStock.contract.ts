// The store contract of a hot product's stock (issue 37, "Hot documents" in docs/firebase.md): on Firestore a hot
// product's stock lives in shards (adapters/firebase/store/stockShards.ts) and its document shows a synced figure;
// the embedded store keeps one row (nothing to split: `makeHot` does nothing there). Either way orders take exactly
// what is held, releases give it back, the refusals say what they said before, and nothing is over-sold.
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  DomainError,
  holdUntil,
  stockShortageMessage,
  type PaymentResult,
  type Product,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';
import { phoneVariants } from './variants.contract.js';

/** What a product holds, as its store's truth says: its own units, or each variant's by id. */
export interface HeldStock {
  units: number;
  variantUnits: Record<string, number>;
}

export interface HotStoreUnderTest extends StoreUnderTest {
  /** Makes a product hot as its store does (Firestore: its stock split into shards; embedded: nothing to do). */
  makeHot(productId: string): Promise<void>;
  /** What the product holds (Firestore: the sum of its shards; embedded: its row). */
  held(productId: string): Promise<HeldStock>;
}

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const buyer = (i: number) => ({ _id: `hot-buyer-${i}`, name: `Buyer ${i}`, email: `hot${i}@example.com` });
const now = new Date('2026-03-01T10:00:00.000Z');

export function hotStockContract(
  name: string,
  factory: (clock: MovableClock) => Promise<HotStoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, hot product stock: ${name}`, () => {
    let sut: HotStoreUnderTest;
    let store: Store;
    let clock: MovableClock;
    beforeEach(async () => {
      clock = new MovableClock(now);
      sut = await factory(clock);
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const order = (i: number, lines: PlaceOrderCommand['lines']): PlaceOrderCommand => ({
      user: buyer(i),
      lines,
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now,
      expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
      holdLimits: DEFAULT_HOLD_LIMITS,
    });
    const hot = async (productName: string, countInStock: number) => {
      const p = await store.products.create(productInput(productName, { countInStock }), 'owner-1');
      await sut.makeHot(p._id);
      return p;
    };
    const refusal = async (placing: Promise<unknown>) => {
      const error = await placing.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('conflict');
      return (error as DomainError).message;
    };

    it('a hot product: orders take its units, a cancel and an expiry give them back; held plus ordered stays the stock', async () => {
      const p = await hot('Drop Lamp', 12);
      expect((await sut.held(p._id)).units).toBe(12);
      const placed = [];
      for (const [i, qty] of [2, 3, 1, 4].entries())
        placed.push(await store.orders.place(order(i, [{ product: p._id, qty }])));
      expect((await sut.held(p._id)).units).toBe(12 - 10);
      await store.orders.cancel(placed[1]!._id, new Date(now.getTime() + 60_000));
      expect((await sut.held(p._id)).units).toBe(2 + 3);
      // The others' holds end: the sweep gives their units back, once.
      const ended = new Date(new Date(placed[0]!.expiresAt!).getTime() + 1);
      expect(await store.orders.expireStale(ended)).toBe(3);
      expect(await store.orders.expireStale(ended)).toBe(0);
      expect((await sut.held(p._id)).units).toBe(12);
    });

    it('a sold-out hot product refuses with the same messages as before, and shows none left', async () => {
      const p = await hot('Drop Speaker', 3);
      await store.orders.place(order(1, [{ product: p._id, qty: 2 }]));
      expect(await refusal(store.orders.place(order(2, [{ product: p._id, qty: 2 }])))).toBe(
        stockShortageMessage('Drop Speaker', 1, 2),
      );
      await store.orders.place(order(3, [{ product: p._id, qty: 1 }]));
      expect(await refusal(store.orders.place(order(4, [{ product: p._id, qty: 1 }])))).toBe(
        stockShortageMessage('Drop Speaker', 0, 1),
      );
      expect((await sut.held(p._id)).units).toBe(0);
      // The figure shown says so at once (a hot product's display is synced when a shard runs dry).
      expect((await store.products.get(p._id))!.countInStock).toBe(0);
    });

    it('a hot product with variants: an order takes the variant it names, a cancel gives it back', async () => {
      const phone: Product = await store.products.create(phoneVariants(), 'owner-1');
      await sut.makeHot(phone._id);
      const id = (sku: string) => phone.variants!.find((v) => v.sku === sku)!._id;
      const o = await store.orders.place(order(1, [{ product: phone._id, qty: 3, variant: id('VP-BLK-256') }]));
      await store.orders.place(order(2, [{ product: phone._id, qty: 1, variant: id('VP-BLK-512') }]));
      expect((await sut.held(phone._id)).variantUnits).toEqual({
        [id('VP-BLK-256')]: 2,
        [id('VP-BLK-512')]: 0,
        [id('VP-BLU-256')]: 0,
      });
      expect(
        await refusal(store.orders.place(order(3, [{ product: phone._id, qty: 1, variant: id('VP-BLU-256') }]))),
      ).toBe(stockShortageMessage('Volt Phone (Blue / 256 GB)', 0, 1));
      await store.orders.cancel(o._id, new Date(now.getTime() + 60_000));
      expect((await sut.held(phone._id)).variantUnits[id('VP-BLK-256')]).toBe(5);
      // A save with the original clients' form sets the default variant's stock; the others keep what they hold.
      const saved = await store.products.update(phone._id, productInput('Volt Phone', { price: 700, countInStock: 9 }));
      expect(saved!.variants!.map((v) => [v.sku, v.countInStock])).toEqual([
        ['VP-BLK-256', 9],
        ['VP-BLK-512', 0],
        ['VP-BLU-256', 0],
      ]);
      expect((await sut.held(phone._id)).variantUnits).toEqual({
        [id('VP-BLK-256')]: 9,
        [id('VP-BLK-512')]: 0,
        [id('VP-BLU-256')]: 0,
      });
    });

    it('an admin save of a hot product sets what it holds (a stale form applies its change to what is held now)', async () => {
      const p = await hot('Drop Kettle', 10);
      const form = { updatedAt: p.updatedAt, countInStock: p.countInStock };
      await store.orders.place(order(1, [{ product: p._id, qty: 3 }]));
      // The admin opened the form at 10 and raises it to 15 while 3 sold: 7 + 5.
      const saved = await store.products.update(p._id, productInput('Drop Kettle', { countInStock: 15 }), form);
      expect(saved!.countInStock).toBe(12);
      expect((await sut.held(p._id)).units).toBe(12);
      const set = await store.products.update(p._id, productInput('Drop Kettle', { countInStock: 4 }));
      expect(set!.countInStock).toBe(4);
      expect((await sut.held(p._id)).units).toBe(4);
      // The history is exact: each save's change from what was held (the two saves, newest first).
      const history = await store.products.stockHistory(p._id, undefined, 10);
      expect(history!.entries.slice(0, 2).map((e) => [e.cause, e.delta, e.after])).toEqual([
        ['admin-edit', -8, 4],
        ['admin-edit', 5, 12],
      ]);
    });

    it('a refund with restock of a hot product puts the refunded units back, once', async () => {
      const p = await hot('Drop Fan', 8);
      const placed = await store.orders.place(order(1, [{ product: p._id, qty: 3 }]));
      const payment: PaymentResult = {
        id: `CAPTURE-${placed._id}`,
        provider: 'simulated',
        status: 'COMPLETED',
        amount: placed.totalPrice.toFixed(2),
        currency: 'USD',
        updateTime: now.toISOString(),
      };
      const later = new Date(now.getTime() + 60_000);
      await store.orders.markPaid(placed._id, payment, later);
      expect((await sut.held(p._id)).units).toBe(5);
      await store.orders.reserveRefund(placed._id, {
        refundId: 'hot-r1',
        items: [{ product: p._id, qty: 2 }],
        restock: true,
        reason: 'test',
        by: { _id: 'admin-1', name: 'Admin' },
        now: later,
      });
      await store.orders.completeRefund(placed._id, 'hot-r1', 'P-1', later);
      await store.orders.completeRefund(placed._id, 'hot-r1', 'P-1', later);
      expect((await sut.held(p._id)).units).toBe(7);
    });

    it('concurrent orders of a hot product with stock N sell exactly N', async () => {
      const p = await hot('Drop Watch', 6);
      const results = await Promise.allSettled(
        Array.from({ length: 15 }, (_, i) => store.orders.place(order(100 + i, [{ product: p._id, qty: 1 }]))),
      );
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
      for (const r of refused) expect((r.reason as Error).message).toBe(stockShortageMessage('Drop Watch', 0, 1));
      expect((await sut.held(p._id)).units).toBe(0);
      expect((await store.products.get(p._id))!.countInStock).toBe(0);
    });
  });
}
