// Stock history, property-based (issue 28): for random sequences of orders (some placed together, so the group
// commit decides them in one transaction), cancels, expiries, payments and admin edits (versioned or not) on the
// embedded store, every product's history explains its stock: the deltas sum to it, each entry's `after` is the
// one before plus its delta, oldest to newest, and no entry is empty. The same holds on Firestore in the store
// contract's sequential case (contract/store.contract.ts, "stock history").
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import {
  holdUntil,
  MAX_STOCK,
  STOCK_CAUSES,
  stockFromHistory,
  type Order,
  type StockHistoryEntry,
} from '../src/domain/index.js';
import type { Store } from '../src/ports.js';
import { MovableClock } from './support/clock.js';
import { productInput } from './support/products.js';

const PRODUCTS = 3;
const HOLD_MINUTES = 10;
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const generousHolds = { maxUnitsPerProduct: 1000, maxHeldCents: 1_000_000_000, maxOpenOrders: 1000 };

type Op =
  | { kind: 'place'; orders: { product: number; qty: number; buyer: number }[] }
  | { kind: 'cancel'; pick: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'expire'; minutes: number }
  | { kind: 'edit'; product: number; stock: number; versioned: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      orders: fc.array(
        fc.record({
          product: fc.nat(PRODUCTS - 1),
          qty: fc.integer({ min: 1, max: 6 }),
          buyer: fc.nat(3),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('expire' as const), minutes: fc.integer({ min: 1, max: 15 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      product: fc.nat(PRODUCTS - 1),
      stock: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant(MAX_STOCK)),
      versioned: fc.boolean(),
    }),
  },
);

/** Every entry of a product's history, oldest first (read page by page through the cursor). */
async function fullHistory(store: Store, productId: string): Promise<StockHistoryEntry[]> {
  const entries: StockHistoryEntry[] = [];
  let before: string | undefined;
  do {
    const page = (await store.products.stockHistory(productId, before, 7))!;
    entries.push(...page.entries);
    before = page.nextBefore ?? undefined;
  } while (before);
  return entries.reverse();
}

async function run(store: Store, clock: MovableClock, ids: string[], ops: Op[]) {
  const open: Order[] = [];
  const takeOpen = (pick: number) => (open.length ? open.splice(pick % open.length, 1)[0] : undefined);
  for (const step of ops) {
    clock.advance(1000);
    const now = clock.now();
    if (step.kind === 'place') {
      // Placed together: the embedded store commits concurrent checkouts in one transaction (one savepoint each).
      const placed = await Promise.allSettled(
        step.orders.map((o) =>
          store.orders.place({
            user: { _id: `buyer-${o.buyer}`, name: `Buyer ${o.buyer}`, email: `b${o.buyer}@example.com` },
            lines: [{ product: ids[o.product]!, qty: o.qty }],
            shippingAddress: address,
            paymentMethod: 'PayPal',
            now,
            expiresAt: holdUntil(now, HOLD_MINUTES),
            holdLimits: generousHolds,
          }),
        ),
      );
      for (const result of placed) if (result.status === 'fulfilled') open.push(result.value);
    } else if (step.kind === 'cancel') {
      const order = takeOpen(step.pick);
      if (order) await store.orders.cancel(order._id, now).catch(() => undefined); // its hold may have ended
    } else if (step.kind === 'pay') {
      const order = takeOpen(step.pick);
      if (order)
        await store.orders
          .markPaid(
            order._id,
            {
              id: `CAP-${order._id}`,
              provider: 'simulated',
              status: 'COMPLETED',
              amount: '0.00',
              currency: 'USD',
              updateTime: now.toISOString(),
            },
            now,
          )
          .catch(() => undefined);
    } else if (step.kind === 'expire') {
      clock.advance(step.minutes * 60_000);
      await store.orders.expireStale(clock.now());
    } else {
      const id = ids[step.product]!;
      const loaded = (await store.products.get(id))!;
      const editedFrom = step.versioned
        ? { updatedAt: loaded.updatedAt, countInStock: loaded.countInStock }
        : undefined;
      await store.products.update(id, productInput(loaded.name, { countInStock: step.stock }), editedFrom, 'admin-1');
    }
  }
}

describe('stock history (embedded store, property)', () => {
  it('for any sequence of orders, cancels, expiries, payments and edits, each history explains its stock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: PRODUCTS, maxLength: PRODUCTS }),
        fc.array(op, { minLength: 1, maxLength: 25 }),
        async (initial, ops) => {
          const dir = mkdtempSync(join(tmpdir(), 'voltshop-stock-history-'));
          const clock = new MovableClock();
          const store = createSqlStore(await Database.open(dir), { clock, events: { publish: () => undefined } });
          try {
            const ids: string[] = [];
            for (const [i, stock] of initial.entries())
              ids.push(
                (await store.products.create(productInput(`Product ${i}`, { countInStock: stock }), 'owner-1'))._id,
              );
            await run(store, clock, ids, ops);
            for (const id of ids) {
              const stock = (await store.products.get(id))!.countInStock;
              const history = await fullHistory(store, id);
              expect(stockFromHistory(history)).toBe(stock);
              let level = 0;
              for (const entry of history) {
                expect(entry.delta).not.toBe(0);
                level += entry.delta;
                expect(entry.after).toBe(level);
                expect(STOCK_CAUSES).toContain(entry.cause);
                expect(entry.by).toBeTruthy();
                if (['order', 'cancel', 'expiry'].includes(entry.cause)) expect(entry.orderId).toBeTruthy();
              }
            }
          } finally {
            await store.close();
            await rm(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
