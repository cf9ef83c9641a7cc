// Issue 42, the embedded order unit of work between batches (adapters/embedded/placementView.ts): a batch reuses the
// last committed batch's view when nothing but placements wrote since, and a placement whose stock the last commit
// saw gone is refused before any transaction work. These try to make either serve something stale: a restock, a
// cancellation, a price change between batches must all be seen at once, and no refusal may be one the transaction
// would not have given.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import { DEFAULT_HOLD_LIMITS, holdUntil, stockRefusal, type ProductUpdateInput } from '../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../src/ports.js';
import { productInput } from './support/products.js';
import { shippingAddress } from './support/shop.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const product = (name: string, countInStock: number): ProductUpdateInput => productInput(name, { countInStock });
const command = (customer: number, lines: PlaceOrderCommand['lines']): PlaceOrderCommand => ({
  user: { _id: `customer-${customer}`, name: `Customer ${customer}`, email: `c${customer}@example.com` },
  lines,
  shippingAddress,
  paymentMethod: 'PayPal',
  now,
  expiresAt: holdUntil(now, 30),
  holdLimits: DEFAULT_HOLD_LIMITS,
});

describe('placements between batches (embedded store)', () => {
  let dir: string;
  let db: Database;
  let store: Store;
  let writes: number;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-placements-'));
    db = await Database.open(dir);
    store = createSqlStore(db);
    writes = 0;
    const write = db.write.bind(db);
    db.write = (fn) => {
      writes++;
      return write(fn);
    };
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Two orders at once (a batch of two, which commits even when both are refused). */
  const placeTwo = (p: string, first: number) =>
    Promise.allSettled([
      store.orders.place(command(first, [{ product: p, qty: 1 }])),
      store.orders.place(command(first + 1, [{ product: p, qty: 1 }])),
    ]);

  it('sold out: later orders get the transaction’s own 409 with no transaction; a restock is seen at once', async () => {
    const p = await store.products.create(product('Flash Sale Lamp', 2), 'owner');
    await placeTwo(p._id, 0); // both placed: stock 0, committed
    const fromTransaction = await placeTwo(p._id, 2); // refused in a committed batch
    expect(fromTransaction.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const message = (fromTransaction[0] as PromiseRejectedResult).reason.message as string;
    expect(message).toContain('Flash Sale Lamp');

    writes = 0;
    const early = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => store.orders.place(command(10 + i, [{ product: p._id, qty: 1 }]))),
    );
    expect(writes).toBe(0); // answered before any transaction
    for (const r of early) expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: 'conflict', message });

    // The owner restocks: the very next order is placed (never a stale refusal).
    const current = (await store.products.get(p._id))!;
    await store.products.update(p._id, { ...productInput('Flash Sale Lamp'), countInStock: 1 }, undefined, 'owner');
    expect(current.countInStock).toBe(0);
    await expect(store.orders.place(command(20, [{ product: p._id, qty: 1 }]))).resolves.toMatchObject({
      orderItems: [{ product: p._id, qty: 1 }],
    });
    expect((await store.products.get(p._id))!.countInStock).toBe(0);
  });

  it('a lone late order refused by its transaction teaches the next: known gone, answered with no transaction', async () => {
    const p = await store.products.create(product('Solo Speaker', 1), 'owner');
    await store.orders.place(command(0, [{ product: p._id, qty: 1 }]));
    await store.products.create(product('Something Else', 5), 'owner'); // another write: the shop forgets
    expect(store.orders.knownStockRefusal!([{ product: p._id, qty: 1 }])).toBeNull();
    writes = 0;
    const late = store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
    await expect(late).rejects.toMatchObject({ kind: 'conflict', message: 'Solo Speaker is out of stock' });
    expect(writes).toBe(1); // its own transaction (which wrote nothing, and committed)
    const known = store.orders.knownStockRefusal!([{ product: p._id, qty: 1 }]);
    expect(known).toMatchObject({ kind: 'conflict', message: 'Solo Speaker is out of stock' });
    await expect(store.orders.place(command(2, [{ product: p._id, qty: 1 }]))).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(writes).toBe(1);
    // Known only for what it is: an order the stock allows, or of another product, is not refused from memory.
    expect(store.orders.knownStockRefusal!([{ product: 'some-other-product', qty: 1 }])).toBeNull();
    expect((await store.products.get(p._id))!.countInStock).toBe(0);
  });

  it('a cancellation gives the stock back: the next order is placed, not refused from memory', async () => {
    const p = await store.products.create(product('Last Lantern', 1), 'owner');
    const [first] = await placeTwo(p._id, 0);
    await placeTwo(p._id, 2); // a committed batch that saw the stock gone
    const order = (first as PromiseFulfilledResult<{ _id: string }>).value;
    await store.orders.cancel(order._id, now);
    const again = await store.orders.place(command(30, [{ product: p._id, qty: 1 }]));
    expect(again.orderItems[0]!.qty).toBe(1);
    expect((await store.products.get(p._id))!.countInStock).toBe(0);
  });

  it('a kept view never serves a price or stock an edit changed between batches', async () => {
    const p = await store.products.create(product('Desk Fan', 10), 'owner');
    await placeTwo(p._id, 0); // the view now holds the fan at its first price, stock 8
    await store.products.update(
      p._id,
      { ...productInput('Desk Fan'), price: 12.5, countInStock: 3 },
      undefined,
      'owner',
    );
    const [a, b] = await placeTwo(p._id, 2);
    const placed = [a, b].map(
      (r) => (r as PromiseFulfilledResult<{ totalPrice: number; orderItems: { price: number }[] }>).value,
    );
    expect(placed.map((o) => o.orderItems[0]!.price)).toEqual([12.5, 12.5]);
    expect((await store.products.get(p._id))!.countInStock).toBe(1);
    // The batches right after, with nothing else written, reuse the view: stock still exact to the unit.
    await placeTwo(p._id, 4);
    expect((await store.products.get(p._id))!.countInStock).toBe(0);
  });

  it('refuses from memory only where the transaction would: an earlier line in stock, an unknown product', () => {
    const stocked = new Map([
      ['a', { name: 'A', image: '', priceCents: 100, countInStock: 2 }],
      ['gone', { name: 'Gone', image: '', priceCents: 100, countInStock: 0 }],
    ]);
    expect(stockRefusal([{ product: 'a', qty: 1 }], stocked)).toBeNull();
    expect(stockRefusal([{ product: 'gone', qty: 1 }], stocked)).toMatchObject({ kind: 'conflict' });
    expect(stockRefusal([{ product: 'a', qty: 3 }], stocked)).toMatchObject({ kind: 'conflict' });
    // A product the memory does not hold comes first: only the transaction knows (it may be a 404).
    expect(
      stockRefusal(
        [
          { product: 'unknown', qty: 1 },
          { product: 'gone', qty: 1 },
        ],
        stocked,
      ),
    ).toBeNull();
    // A variant asked of a product without variants is a 400 the transaction gives, not a stock refusal.
    expect(stockRefusal([{ product: 'gone', qty: 1, variant: 'v1' }], stocked)).toBeNull();
  });
});
