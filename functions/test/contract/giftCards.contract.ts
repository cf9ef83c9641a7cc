// The store contract of gift cards and store credit (issue 39): a card issued with a random code, its balance read
// by that code; a card pays part or all of an order in the placing transaction (all: paid at placement, no payment
// step); an unpaid order's cancel or expiry gives the card's share back; a refund goes to the card (never more than
// it paid) or to the account's store credit, which pays a later order; 50 simultaneous orders on one card never take
// it below zero. Same cases on every store adapter (embedded: contract/embedded.test.ts; Firestore:
// firebase/firestore.*.test.ts; the race is a community emulator gap, firebase/communityEmulatorGaps.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  csvRowReconciles,
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  holdUntil,
  ledgerOfOrder,
  ORDER_EXPORT_COLUMNS,
  orderCsvRow,
} from '../../src/domain/index.js';
import { GIFT_CARD_MESSAGES } from '../../src/modules/giftCards/giftCards.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import { expectDomainError, type StoreUnderTest } from './store.contract.js';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const admin = { _id: 'admin-uid', name: 'Admin' };

export function giftCardsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, gift cards: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    let clock: MovableClock;
    beforeEach(async () => {
      clock = new MovableClock();
      sut = await factory(clock);
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const order = (product: string, over: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
      user: alice,
      lines: [{ product, qty: 1 }],
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now: clock.now(),
      expiresAt: holdUntil(clock.now(), DEFAULT_HOLD_MINUTES),
      holdLimits: { ...DEFAULT_HOLD_LIMITS, maxOpenOrders: 100, maxHeldCents: 1_000_000_00 },
      ...over,
    });
    const withCard = (code: string) => ({ tenders: [{ kind: 'giftCard', ref: code }] });
    const balance = async (code: string) => (await store.giftCards.get(code))!.balanceCents;

    it('gift cards: issued with a random code, read back by it, listed with their history', async () => {
      const a = await store.giftCards.issue({ amountCents: 5_000, recipientEmail: 'r@example.com' }, clock.now());
      clock.advance(1_000);
      const b = await store.giftCards.issue({ amountCents: 2_500, expiresAt: '2027-01-01T00:00:00.000Z' }, clock.now());
      expect(a.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
      expect(a.code).not.toBe(b.code);
      expect(await store.giftCards.get(a.code)).toEqual(a);
      expect(a).toMatchObject({ balanceCents: 5_000, initialCents: 5_000, recipientEmail: 'r@example.com' });
      expect(a.history).toEqual([{ at: a.createdAt, kind: 'issued', amountCents: 5_000, balanceCents: 5_000 }]);
      expect(b.expiresAt).toBe('2027-01-01T00:00:00.000Z');
      expect((await store.giftCards.list()).map((c) => c.code)).toEqual([b.code, a.code]);
      expect(await store.giftCards.get('ZZZZZZZZZZZZZZZZ')).toBeNull();
    });

    it('a card pays part of an order; the cancel and the expiry give its share back', async () => {
      const p = await store.products.create(productInput('Lamp', { price: 50 }), 'owner-1');
      const card = await store.giftCards.issue({ amountCents: 2_000 }, clock.now());
      const placed = await store.orders.place(order(p._id, withCard(card.code)));
      expect(placed.giftCardPrice).toBe(20);
      expect(placed.isPaid).toBe(false);
      expect(placed.tenders).toEqual([{ kind: 'giftCard', ref: card.code.slice(-4), amount: 20, refunded: 0 }]);
      expect(await balance(card.code)).toBe(0);
      // An empty card refuses the next order (nothing taken: stock stays).
      await expectDomainError(
        store.orders.place(order(p._id, withCard(card.code))),
        'bad_input',
        GIFT_CARD_MESSAGES.empty,
      );
      expect((await store.products.get(p._id))!.countInStock).toBe(99);

      const cancelled = await store.orders.cancel(placed._id, clock.now());
      expect(cancelled.tenders[0]).toMatchObject({ amount: 20, refunded: 20 });
      expect(await balance(card.code)).toBe(2_000);

      const again = await store.orders.place(order(p._id, { ...withCard(card.code), now: clock.now() }));
      expect(await balance(card.code)).toBe(0);
      clock.advance((DEFAULT_HOLD_MINUTES + 1) * 60_000);
      expect(await store.orders.expireStale(clock.now())).toBe(1);
      expect((await store.orders.get(again._id))!.status).toBe('expired');
      expect(await balance(card.code)).toBe(2_000);
      expect((await store.giftCards.get(card.code))!.history.map((h) => [h.kind, h.amountCents])).toEqual([
        ['issued', 2_000],
        ['order', -2_000],
        ['released', 2_000],
        ['order', -2_000],
        ['released', 2_000],
      ]);
      // Expired or cancelled once: nothing given back twice.
      await expectDomainError(store.orders.cancel(placed._id, clock.now()), 'conflict');
      expect(await balance(card.code)).toBe(2_000);
    });

    it('a card covering the total pays at placement; refunds go to the card or to store credit, never more than paid', async () => {
      const p = await store.products.create(productInput('Cable', { price: 10 }), 'owner-1');
      const card = await store.giftCards.issue({ amountCents: 100_000 }, clock.now());
      const placed = await store.orders.place(order(p._id, withCard(card.code)));
      const total = Math.round(placed.totalPrice * 100);
      expect(placed.isPaid).toBe(true);
      expect(placed.paidAt).toBe(placed.createdAt);
      expect(placed.paymentResult).toBeNull();
      expect(placed.giftCardPrice).toBe(placed.totalPrice);
      expect(await balance(card.code)).toBe(100_000 - total);

      const refund = (amount: number, to?: string) =>
        store.orders
          .reserveRefund(placed._id, {
            refundId: `r${amount}${to ?? ''}`,
            amount,
            restock: false,
            reason: 'test',
            by: admin,
            now: clock.now(),
            ...(to ? { to } : {}),
          })
          .then(({ refund: r }) => store.orders.completeRefund(placed._id, r.id, 'NONE', clock.now()));
      // Nothing went through the provider: it cannot take a refund.
      await expectDomainError(refund(1, 'provider'), 'conflict');
      await refund(2, 'giftCard');
      expect(await balance(card.code)).toBe(100_000 - total + 200);
      await refund(3, 'storeCredit');
      expect((await store.giftCards.credit(alice._id))!.balanceCents).toBe(300);
      const left = total - 500;
      await expectDomainError(refund(left / 100 + 0.01, 'storeCredit'), 'conflict');
      const done = await refund(left / 100);
      expect(done.refundedTotal).toBe(placed.totalPrice);
      expect(done.tenders[0]).toMatchObject({ refunded: (total - 300) / 100 });
      expect(await balance(card.code)).toBe(100_000 - 300);
      // The ledger shows who paid and what went back to each.
      expect(ledgerOfOrder(done).payments).toEqual([
        { kind: 'giftCard', paidCents: total, refundedCents: total - 300 },
        { kind: 'storeCredit', paidCents: 0, refundedCents: 300, credit: true },
      ]);
      // So does its CSV row, which reconciles with that ledger (issue 39's columns).
      const row = orderCsvRow(done);
      expect(csvRowReconciles(row)).toBe(true);
      const cell = (column: (typeof ORDER_EXPORT_COLUMNS)[number]) => row[ORDER_EXPORT_COLUMNS.indexOf(column)];
      expect(cell('Gift card')).toBe((total / 100).toFixed(2));
      expect(cell('Provider')).toBe('0.00');
      expect(cell('Refunded to gift card')).toBe(((total - 300) / 100).toFixed(2));
      expect(cell('Credited as store credit')).toBe('3.00');

      // The credit pays the account's next order.
      const next = await store.orders.place(order(p._id, { tenders: [{ kind: 'storeCredit', ref: alice._id }] }));
      expect(next.tenders).toEqual([{ kind: 'storeCredit', ref: alice._id.slice(-4), amount: 3, refunded: 0 }]);
      expect((await store.giftCards.credit(alice._id))!.balanceCents).toBe(0);
    });

    it('refuses an unknown or expired card, and places nothing', async () => {
      const p = await store.products.create(productInput('Lamp', { price: 50 }), 'owner-1');
      await expectDomainError(store.orders.place(order(p._id, withCard('ABCDEFGHJKLMNPQR'))), 'not_found');
      const card = await store.giftCards.issue(
        { amountCents: 5_000, expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() },
        clock.now(),
      );
      clock.advance(120_000);
      await expectDomainError(store.orders.place(order(p._id, withCard(card.code))), 'bad_input', /expired/);
      expect(await balance(card.code)).toBe(5_000);
      expect((await store.products.get(p._id))!.countInStock).toBe(100);
    });

    it('50 simultaneous orders on one card never take its balance below zero', async () => {
      const p = await store.products.create(productInput('Lamp', { price: 7 }), 'owner-1');
      const card = await store.giftCards.issue({ amountCents: 10_000 }, clock.now());
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.orders.place(
            order(p._id, {
              ...withCard(card.code),
              user: { _id: `shopper-${i}`, name: `Shopper ${i}`, email: `s${i}@example.com` },
            }),
          ),
        ),
      );
      const paid = results.flatMap((r) => (r.status === 'fulfilled' ? [Math.round(r.value.giftCardPrice * 100)] : []));
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as Error).message).toBe(GIFT_CARD_MESSAGES.empty);
      const after = await balance(card.code);
      expect(after).toBeGreaterThanOrEqual(0);
      // Every cent the orders took came off the card, once.
      expect(paid.reduce((a, b) => a + b, 0)).toBe(10_000 - after);
      expect(after).toBe(0);
      expect((await store.giftCards.get(card.code))!.history.filter((h) => h.kind === 'order')).toHaveLength(
        paid.length,
      );
    });
  });
}
