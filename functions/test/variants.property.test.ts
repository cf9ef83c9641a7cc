// Per-variant stock, property-based (issue 29): for random sequences of orders (some placed together, so the group
// commit decides them in one transaction; some with several variants of the product), cancels, payments, expiries
// and restocking refunds on the embedded store, every variant's stock stays at or above zero and equals its first
// stock minus the units its live orders hold (a refund's restocked units back); the product's total is the sum of its
// variants, its countInStock its default variant's, and each variant's stock history sums to its stock.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import { holdUntil, stockFromHistory, type Order, type StockHistoryEntry } from '../src/domain/index.js';
import type { Store } from '../src/ports.js';
import { MovableClock } from './support/clock.js';
import { productInput } from './support/products.js';

const VARIANTS = 3;
const HOLD_MINUTES = 10;
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const generousHolds = { maxUnitsPerProduct: 1000, maxHeldCents: 1_000_000_000, maxOpenOrders: 1000 };

type Line = { variant: number | null; qty: number };
type Op =
  | { kind: 'place'; orders: { lines: Line[]; buyer: number }[] }
  | { kind: 'cancel'; pick: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'expire'; minutes: number }
  | { kind: 'refund'; pick: number; line: number; qty: number };

const line: fc.Arbitrary<Line> = fc.record({
  // null: the line names only the product (its default variant).
  variant: fc.option(fc.nat(VARIANTS - 1), { freq: 4 }),
  qty: fc.integer({ min: 1, max: 5 }),
});

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      orders: fc.array(fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 3 }), buyer: fc.nat(3) }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('expire' as const), minutes: fc.integer({ min: 1, max: 15 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      line: fc.nat(),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
  },
);

async function fullHistory(store: Store, productId: string): Promise<StockHistoryEntry[]> {
  const entries: StockHistoryEntry[] = [];
  let before: string | undefined;
  do {
    const page = (await store.products.stockHistory(productId, before, 50))!;
    entries.push(...page.entries);
    before = page.nextBefore ?? undefined;
  } while (before);
  return entries.reverse();
}

/** Units an order holds of each variant now: its lines while unpaid and held or paid, less what refunds restocked. */
function heldUnits(order: Order): Map<string, number> {
  const held = new Map<string, number>();
  const holds =
    order.status === 'awaiting_payment' || order.status === 'paid' || order.status === 'delivered' || order.isPaid;
  if (!holds) return held;
  for (const item of order.orderItems) held.set(item.variant!, (held.get(item.variant!) ?? 0) + item.qty);
  for (const refund of order.refunds)
    if (refund.status === 'completed' && refund.restock)
      for (const item of refund.items) held.set(item.variant!, (held.get(item.variant!) ?? 0) - item.qty);
  return held;
}

describe('per-variant stock (embedded store, property)', () => {
  it('never goes below zero and always sums: first stock = stock now + units held, per variant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: VARIANTS, maxLength: VARIANTS }),
        fc.array(op, { minLength: 1, maxLength: 25 }),
        async (initial, ops) => {
          const dir = mkdtempSync(join(tmpdir(), 'voltshop-variant-stock-'));
          const clock = new MovableClock();
          const store = createSqlStore(await Database.open(dir), { clock, events: { publish: () => undefined } });
          try {
            const colours = ['Black', 'Blue', 'Green'].slice(0, VARIANTS);
            const created = await store.products.create(
              productInput('Volt Phone', {
                options: [{ name: 'Colour', values: colours }],
                variants: colours.map((colour, i) => ({
                  sku: `VP-${i}`,
                  options: { Colour: colour },
                  price: 10 + i,
                  countInStock: initial[i]!,
                })),
              }),
              'owner-1',
            );
            const productId = created._id;
            const variantIds = created.variants!.map((v) => v._id);
            const orders: string[] = [];
            const unpaid: string[] = [];
            const paid: string[] = [];
            const take = (list: string[], pick: number) =>
              list.length ? list.splice(pick % list.length, 1)[0] : undefined;

            for (const step of ops) {
              clock.advance(1000);
              const now = clock.now();
              if (step.kind === 'place') {
                const placed = await Promise.allSettled(
                  step.orders.map((o) => {
                    // One line per variant (the API refuses a variant twice in one order).
                    const lines = new Map<string, number>();
                    for (const l of o.lines) {
                      const key = l.variant === null ? '' : variantIds[l.variant]!;
                      lines.set(key, (lines.get(key) ?? 0) + l.qty);
                    }
                    return store.orders.place({
                      user: { _id: `buyer-${o.buyer}`, name: `Buyer ${o.buyer}`, email: `b${o.buyer}@example.com` },
                      lines: [...lines].map(([variant, qty]) => ({
                        product: productId,
                        qty,
                        ...(variant ? { variant } : {}),
                      })),
                      shippingAddress: address,
                      paymentMethod: 'PayPal',
                      now,
                      expiresAt: holdUntil(now, HOLD_MINUTES),
                      holdLimits: generousHolds,
                    });
                  }),
                );
                for (const result of placed)
                  if (result.status === 'fulfilled') {
                    orders.push(result.value._id);
                    unpaid.push(result.value._id);
                  }
              } else if (step.kind === 'cancel') {
                const id = take(unpaid, step.pick);
                if (id) await store.orders.cancel(id, now).catch(() => undefined); // its hold may have ended
              } else if (step.kind === 'pay') {
                const id = take(unpaid, step.pick);
                if (id) {
                  const payment = {
                    id: `CAP-${id}`,
                    provider: 'simulated' as const,
                    status: 'COMPLETED',
                    amount: '0.00',
                    currency: 'USD',
                    updateTime: now.toISOString(),
                  };
                  const ok = await store.orders.markPaid(id, payment, now).then(
                    () => true,
                    () => false,
                  );
                  if (ok) paid.push(id);
                }
              } else if (step.kind === 'expire') {
                clock.advance(step.minutes * 60_000);
                await store.orders.expireStale(clock.now());
              } else if (paid.length) {
                const id = paid[step.pick % paid.length]!;
                const order = (await store.orders.get(id))!;
                const item = order.orderItems[step.line % order.orderItems.length]!;
                const refundId = `r-${orders.length}-${step.pick}-${clock.now().getTime()}`;
                const reserved = await store.orders
                  .reserveRefund(id, {
                    refundId,
                    items: [{ product: item.product, variant: item.variant!, qty: step.qty }],
                    restock: true,
                    reason: 'test',
                    by: { _id: 'owner-1', name: 'Owner' },
                    now,
                  })
                  .then(
                    () => true,
                    () => false, // more units than are left to refund
                  );
                if (reserved) await store.orders.completeRefund(id, refundId, `P-${refundId}`, now);
              }
            }

            const product = (await store.products.get(productId))!;
            const stock = new Map(product.variants!.map((v) => [v._id, v.countInStock]));
            const held = new Map<string, number>();
            for (const id of orders)
              for (const [variant, qty] of heldUnits((await store.orders.get(id))!))
                held.set(variant, (held.get(variant) ?? 0) + qty);
            const history = await fullHistory(store, productId);
            for (const [i, variant] of variantIds.entries()) {
              expect(stock.get(variant)).toBeGreaterThanOrEqual(0);
              expect(stock.get(variant)! + (held.get(variant) ?? 0)).toBe(initial[i]);
              expect(stockFromHistory(history.filter((e) => e.variant === variant))).toBe(stock.get(variant));
            }
            const total = [...stock.values()].reduce((a, b) => a + b, 0);
            const heldTotal = [...held.values()].reduce((a, b) => a + b, 0);
            expect(total + heldTotal).toBe(initial.reduce((a, b) => a + b, 0));
            expect(product.countInStock).toBe(stock.get(variantIds[0]!));
            // Every order line named its variant (a line naming only the product took the default).
            for (const id of orders)
              for (const item of (await store.orders.get(id))!.orderItems) expect(variantIds).toContain(item.variant);
          } finally {
            await store.close();
            await rm(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
