// Issue 39's money property: random sequences of gift-card orders (part or all of the total on two cards), the
// provider paying the rest, unpaid cancels and expiries, and refunds of random amounts to the provider, the card,
// store credit or the default split, through the OrderStore port on the embedded store. After every step: no
// balance below zero, every cent of each card accounted for (initial = balance + what orders hold of it), no
// order refunded more than it was paid, no tender more than it paid, the credit exactly its refunds less what it paid;
// and every view of each order reconciles with its ledger: its CSV row (csvRowReconciles, the card and credit columns
// its tenders) and the invoice's and mails' payment lines (total − what the tenders paid = the rest, paid or due).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import {
  csvRowReconciles,
  DEFAULT_HOLD_LIMITS,
  DomainError,
  holdUntil,
  ledgerOfOrder,
  ORDER_EXPORT_COLUMNS,
  orderCsvRow,
  type Order,
} from '../src/domain/index.js';
import { paymentLines } from '../src/domain/paymentWords.js';
import { MovableClock } from './support/clock.js';
import { productInput } from './support/products.js';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const CARD_CENTS = [3_000, 12_000];

type Command =
  | { op: 'place'; card: number; qty: number; credit: boolean }
  | { op: 'pay'; order: number }
  | { op: 'cancel'; order: number }
  | { op: 'expire' }
  | { op: 'refund'; order: number; cents: number; to: 'provider' | 'giftCard' | 'storeCredit' | undefined };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('place' as const),
    card: fc.integer({ min: 0, max: 1 }),
    qty: fc.integer({ min: 1, max: 4 }),
    credit: fc.boolean(),
  }),
  fc.record({ op: fc.constant('pay' as const), order: fc.nat(9) }),
  fc.record({ op: fc.constant('cancel' as const), order: fc.nat(9) }),
  fc.record({ op: fc.constant('expire' as const) }),
  fc.record({
    op: fc.constant('refund' as const),
    order: fc.nat(9),
    cents: fc.integer({ min: 1, max: 6_000 }),
    to: fc.constantFrom('provider' as const, 'giftCard' as const, 'storeCredit' as const, undefined),
  }),
);

describe('gift card money (model-based property)', () => {
  it('card payments, refunds to card and credit, and cancellations never make refunded > paid or a balance < 0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 14 }), async (commands) => {
        const clock = new MovableClock();
        const dir = mkdtempSync(join(tmpdir(), 'voltshop-giftmoney-'));
        const store = createSqlStore(await Database.open(dir), { clock });
        try {
          const p = await store.products.create(productInput('Lamp', { price: 25, countInStock: 1_000 }), 'owner');
          const cards = [];
          for (const cents of CARD_CENTS) cards.push(await store.giftCards.issue({ amountCents: cents }, clock.now()));
          const orders: string[] = [];
          let n = 0;
          for (const c of commands) {
            clock.advance(60_000);
            const now = clock.now();
            try {
              if (c.op === 'place') {
                const placed = await store.orders.place({
                  user: alice,
                  lines: [{ product: p._id, qty: c.qty }],
                  shippingAddress: address,
                  paymentMethod: 'PayPal',
                  now,
                  expiresAt: holdUntil(now, 5),
                  holdLimits: { ...DEFAULT_HOLD_LIMITS, maxOpenOrders: 100, maxHeldCents: 1_000_000_00 },
                  tenders: [
                    ...(c.credit ? [{ kind: 'storeCredit', ref: alice._id }] : []),
                    { kind: 'giftCard', ref: cards[c.card]!.code },
                  ],
                });
                orders.push(placed._id);
              } else if (c.op === 'pay' && orders[c.order]) {
                await store.orders.markPaid(
                  orders[c.order]!,
                  { id: `cap-${n++}`, status: 'COMPLETED', provider: 'simulated' } as never,
                  now,
                );
              } else if (c.op === 'cancel' && orders[c.order]) {
                await store.orders.cancel(orders[c.order]!, now);
              } else if (c.op === 'expire') {
                clock.advance(10 * 60_000);
                await store.orders.expireStale(clock.now());
              } else if (c.op === 'refund' && orders[c.order]) {
                const id = orders[c.order]!;
                const { refund } = await store.orders.reserveRefund(id, {
                  refundId: `r${n++}`,
                  amount: c.cents / 100,
                  restock: false,
                  reason: '',
                  by: { _id: 'admin', name: 'Admin' },
                  now,
                  ...(c.to ? { to: c.to } : {}),
                });
                await store.orders.completeRefund(id, refund.id, 'NONE', now);
              }
            } catch (error) {
              // A refusal is a rule speaking (empty card, too much back, not paid, ...), never a broken invariant.
              if (!(error instanceof DomainError)) throw error;
            }
            const all = (await Promise.all(orders.map((id) => store.orders.get(id)))) as Order[];
            const cents = (d: number) => Math.round(d * 100);
            for (const [i, card] of cards.entries()) {
              const now = (await store.giftCards.get(card.code))!.balanceCents;
              expect(now).toBeGreaterThanOrEqual(0);
              const held = all
                .flatMap((o) => o.tenders)
                .filter((t) => t.kind === 'giftCard' && t.ref === card.code.slice(-4))
                .reduce((sum, t) => sum + cents(t.amount) - cents(t.refunded), 0);
              expect(now + held).toBe(CARD_CENTS[i]);
            }
            let creditIn = 0;
            let creditOut = 0;
            for (const o of all) {
              expect(cents(o.refundedTotal)).toBeLessThanOrEqual(o.isPaid || o.paidAt ? cents(o.totalPrice) : 0);
              for (const t of o.tenders) expect(cents(t.refunded)).toBeLessThanOrEqual(cents(t.amount));
              for (const r of o.refunds.filter((x) => x.status === 'completed'))
                for (const part of r.parts ?? []) if (part.credit) creditIn += cents(part.amount);
              for (const t of o.tenders) if (t.kind === 'storeCredit') creditOut += cents(t.amount) - cents(t.refunded);
            }
            for (const o of all) {
              const row = orderCsvRow(o, 'simulated');
              expect(csvRowReconciles(row), o._id).toBe(true);
              const cell = (column: (typeof ORDER_EXPORT_COLUMNS)[number]) =>
                cents(Number(row[ORDER_EXPORT_COLUMNS.indexOf(column)]));
              const tendered = (kind: string, pick: 'amount' | 'refunded') =>
                o.tenders.filter((t) => t.kind === kind).reduce((sum, t) => sum + cents(t[pick]), 0);
              expect(cell('Gift card')).toBe(tendered('giftCard', 'amount'));
              expect(cell('Refunded to gift card')).toBe(tendered('giftCard', 'refunded'));
              expect(cell('Store credit')).toBe(tendered('storeCredit', 'amount'));
              expect(cell('Refunded to store credit')).toBe(tendered('storeCredit', 'refunded'));
              // The invoice's and the mails' lines: the total less the tenders is the rest, paid or due.
              const lines = paymentLines(ledgerOfOrder(o).payments, o.isPaid, 'PayPal');
              const rest = lines.find((l) => l.key === 'provider')?.cents ?? 0;
              expect(cents(o.totalPrice) + lines.filter((l) => l.cents < 0).reduce((sum, l) => sum + l.cents, 0)).toBe(
                rest,
              );
              // Without a tender's line (a card that paid nothing) there is no rest line: the total says it all.
              expect(
                lines.length
                  ? rest
                  : cents(o.totalPrice) - tendered('giftCard', 'amount') - tendered('storeCredit', 'amount'),
              ).toBe(cell('Provider'));
            }
            const credit = (await store.giftCards.credit(alice._id))?.balanceCents ?? 0;
            expect(credit).toBeGreaterThanOrEqual(0);
            expect(credit).toBe(creditIn - creditOut);
          }
        } finally {
          await store.close();
          await rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 12 },
    );
  }, 60_000);
});
