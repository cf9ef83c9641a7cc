// The store contract of guest orders (issue 30): a guest's order kept under its email's customer with its guest
// fields, the hold limits counted per email and per shipping address inside the placing transaction (also when
// guests race), a code's per-customer uses counted per guest email, and an account taking a paid guest order of its
// email. Same cases on every store adapter (embedded: contract/embedded.test.ts; Firestore:
// firebase/firestore.community.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  DISCOUNT_MESSAGES,
  GUEST_MESSAGES,
  guestCustomer,
  holdUntil,
  type PaymentResult,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import { expectDomainError, type StoreUnderTest } from './store.contract.js';

const home = { address: '7 Guest Row', city: 'Springfield', postalCode: '12345', country: 'USA' };
const now = new Date('2026-03-01T10:00:00.000Z');
const paidWith = (id: string): PaymentResult => ({
  id,
  provider: 'simulated',
  status: 'COMPLETED',
  amount: '0.00',
  currency: 'USD',
  updateTime: now.toISOString(),
});

export function guestsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, guest orders: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    /** A guest's command: the customer from the email (as the route builds it), a token signed for the new id. */
    const guestOrder = (
      email: string,
      lines: PlaceOrderCommand['lines'],
      over: Partial<PlaceOrderCommand> = {},
    ): PlaceOrderCommand => ({
      user: guestCustomer(email),
      guest: { email, sign: (id) => `${id}.signed` },
      lines,
      shippingAddress: home,
      paymentMethod: 'PayPal',
      now,
      expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
      holdLimits: DEFAULT_HOLD_LIMITS,
      ...over,
    });

    const product = (price = 10, countInStock = 100) =>
      store.products.create(productInput('Guest Lamp', { price, countInStock }), 'owner-1');

    it('guest orders: kept under the email’s customer, readable, listed for the admin', async () => {
      const p = await product();
      const placed = await store.orders.place(guestOrder(' Gail@Example.com ', [{ product: p._id, qty: 2 }]));
      expect(placed).toMatchObject({
        isGuest: true,
        user: { _id: 'guest:gail@example.com', name: 'Guest', email: 'Gail@Example.com' },
        status: 'awaiting_payment',
        itemsPrice: 20,
      });
      expect(await store.orders.get(placed._id)).toEqual(placed);
      const listed = await store.orders.list({ search: '', sort: 'newest', page: 1, pageSize: 10 });
      expect(listed.orders.map((o) => o._id)).toEqual([placed._id]);
      expect((await store.products.get(p._id))!.countInStock).toBe(98);
    });

    it("a guest order is named by its shipping address's recipient, and the admin's search finds it by that name", async () => {
      const p = await product();
      const placed = await store.orders.place(
        guestOrder('gus@example.com', [{ product: p._id, qty: 1 }], {
          shippingAddress: { ...home, recipientName: '  Gus Guestly ' },
        }),
      );
      expect(placed.user).toEqual({ _id: 'guest:gus@example.com', name: 'Gus Guestly', email: 'gus@example.com' });
      const found = await store.orders.list({ search: 'guestly', sort: 'newest', page: 1, pageSize: 10 });
      expect(found.orders.map((o) => o._id)).toContain(placed._id);
    });

    it('guest holds: one email however typed, one address whatever email, each within the limits', async () => {
      const p = await product();
      const max = DEFAULT_HOLD_LIMITS.maxUnitsPerProduct;
      await store.orders.place(guestOrder('hoard@example.com', [{ product: p._id, qty: max - 1 }]));
      // The same email (a variant), another address: its holds count.
      const elsewhere = { ...home, address: '99 Far Away' };
      await expectDomainError(
        store.orders.place(
          guestOrder(' HOARD+1@example.com', [{ product: p._id, qty: 2 }], { shippingAddress: elsewhere }),
        ),
        'conflict',
      );
      // Another email, the same address (typed otherwise): the address's holds count.
      const sameDoor = { ...home, address: '7  GUEST ROW.', city: 'springfield' };
      await expectDomainError(
        store.orders.place(
          guestOrder('other@example.com', [{ product: p._id, qty: 2 }], { shippingAddress: sameDoor }),
        ),
        'conflict',
      );
      // Within both: placed. Nothing of the refusals was taken.
      await store.orders.place(
        guestOrder('other@example.com', [{ product: p._id, qty: 1 }], { shippingAddress: sameDoor }),
      );
      expect((await store.products.get(p._id))!.countInStock).toBe(100 - max);
    });

    it('guest holds under concurrency: racing guests at one address never hold past the limit', async () => {
      const p = await product();
      // Only the units per product bind here (many open orders allowed), so exactly `max` one-unit orders fit.
      const max = 4;
      const holdLimits = { maxUnitsPerProduct: max, maxHeldCents: 1_000_000_00, maxOpenOrders: 100 };
      const results = await Promise.allSettled(
        Array.from({ length: max + 3 }, (_, i) =>
          store.orders.place(guestOrder(`racer-${i}@example.com`, [{ product: p._id, qty: 1 }], { holdLimits })),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(max);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as { kind?: string }).kind).toBe('conflict');
      expect((await store.products.get(p._id))!.countInStock).toBe(100 - max);
    });

    it('guest codes: the per-customer uses count per guest email, however typed', async () => {
      const p = await product(50);
      await store.coupons.create({
        code: 'ONCE',
        percentOff: 10,
        amountOff: null,
        minSubtotal: null,
        startsAt: null,
        endsAt: null,
        maxUses: null,
        maxUsesPerCustomer: 1,
        scope: null,
        active: true,
      });
      await store.orders.place(guestOrder('coupon@example.com', [{ product: p._id, qty: 1 }], { couponCode: 'ONCE' }));
      await expectDomainError(
        store.orders.place(
          guestOrder('Coupon+2@Example.com', [{ product: p._id, qty: 1 }], {
            couponCode: 'ONCE',
            shippingAddress: { ...home, address: '1 Other St' },
          }),
        ),
        'bad_input',
        DISCOUNT_MESSAGES.usedUpForYou,
      );
      expect(
        await store.coupons.customerUses('ONCE', { _id: 'guest:coupon@example.com', email: 'coupon@example.com' }),
      ).toBe(1);
    });

    it('claiming: an account of the same email takes a paid guest order; others and unpaid are refused', async () => {
      const p = await product();
      const placed = await store.orders.place(guestOrder('claim@example.com', [{ product: p._id, qty: 1 }]));
      const account = { _id: 'claimer-uid', name: 'Claire', email: 'CLAIM@example.com' };
      await expectDomainError(
        store.orders.claimGuestOrder(placed._id, account),
        'bad_input',
        GUEST_MESSAGES.claimUnpaid,
      );
      await store.orders.markPaid(placed._id, paidWith('cap-guest-claim'), now);
      await expectDomainError(
        store.orders.claimGuestOrder(placed._id, { ...account, _id: 'mallory', email: 'mallory@example.com' }),
        'bad_input',
        GUEST_MESSAGES.claimRefused,
      );
      await expectDomainError(store.orders.claimGuestOrder('no-such-order', account), 'not_found');
      const before = sut.events.length;
      const claimed = await store.orders.claimGuestOrder(placed._id, account);
      expect(claimed).toMatchObject({
        _id: placed._id,
        isGuest: false,
        isPaid: true,
        user: { _id: 'claimer-uid', name: 'Claire', email: 'CLAIM@example.com' },
      });
      expect(sut.events.slice(before)).toEqual([{ type: 'OrderUpdated', order: claimed }]);
      expect(await store.orders.get(placed._id)).toEqual(claimed);
      const mine = await store.orders.list({
        userId: 'claimer-uid',
        search: '',
        sort: 'newest',
        page: 1,
        pageSize: 10,
      });
      expect(mine.orders.map((o) => o._id)).toEqual([placed._id]);
      // Taken once: no longer a guest's.
      await expectDomainError(store.orders.claimGuestOrder(placed._id, account), 'bad_input');
    });
  });
}
