// The store contract of discount codes (issue 30): the admin's codes kept by their upper-case name, and a code
// redeemed inside the placing transaction (decided by domain/discounts.ts there), counted exactly under
// concurrency, and given back when the order expires or is cancelled unpaid. Same cases on every store adapter
// (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  DISCOUNT_MESSAGES,
  holdUntil,
  type Coupon,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import { expectDomainError, type StoreUnderTest } from './store.contract.js';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const bob = { _id: 'bob-uid', name: 'Bob', email: 'bob@example.com' };
const now = new Date('2026-03-01T10:00:00.000Z');

const terms = (code: string, over: Partial<Omit<Coupon, 'uses'>> = {}): Omit<Coupon, 'uses'> => ({
  code,
  percentOff: 10,
  amountOff: null,
  minSubtotal: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  scope: null,
  active: true,
  ...over,
});

export function couponsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, coupons: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const order = (lines: PlaceOrderCommand['lines'], over: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
      user: alice,
      lines,
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now,
      expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
      holdLimits: DEFAULT_HOLD_LIMITS,
      ...over,
    });

    it('coupons: kept by the upper-case code; a second of one code is a conflict; edits keep the uses', async () => {
      const created = await store.coupons.create(terms('spring10'));
      expect(created).toEqual({ ...terms('SPRING10'), uses: 0 });
      await expectDomainError(store.coupons.create(terms('Spring10')), 'conflict', /SPRING10 already exists/);
      expect(await store.coupons.get('spring10')).toEqual(created);
      await store.coupons.create(terms('AUTUMN', { percentOff: null, amountOff: 5 }));
      expect((await store.coupons.list()).map((c) => c.code)).toEqual(['AUTUMN', 'SPRING10']);

      const p = await store.products.create(productInput('Lamp', { price: 50 }), 'owner-1');
      await store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'SPRING10' }));
      const edited = await store.coupons.update(terms('spring10', { percentOff: 20, maxUses: 3 }));
      expect(edited).toEqual({ ...terms('SPRING10', { percentOff: 20, maxUses: 3 }), uses: 1 });
      expectShape(endpoints.couponUpdate, edited);
      expectShape(endpoints.couponList, await store.coupons.list());
      await expectDomainError(store.coupons.update(terms('NOPE')), 'not_found');

      await store.coupons.remove('autumn');
      expect(await store.coupons.get('AUTUMN')).toBeNull();
      await expectDomainError(store.coupons.remove('AUTUMN'), 'not_found');
    });

    it('places with a code: priced with its discount, counted on the code and the customer', async () => {
      const p = await store.products.create(productInput('Lamp', { price: 50 }), 'owner-1');
      await store.coupons.create(terms('TENOFF', { percentOff: null, amountOff: 10, maxUsesPerCustomer: 1 }));
      const placed = await store.orders.place(order([{ product: p._id, qty: 2 }], { couponCode: 'TENOFF' }));
      // 100.00 of items (not over 100: shipping 100), 10.00 off, tax 15% of 90.00.
      expect(placed).toMatchObject({
        itemsPrice: 100,
        discountPrice: 10,
        couponCode: 'TENOFF',
        shippingPrice: 100,
        taxPrice: 13.5,
        totalPrice: 203.5,
      });
      expect(await store.orders.get(placed._id)).toMatchObject({ discountPrice: 10, couponCode: 'TENOFF' });
      expect((await store.coupons.get('TENOFF'))!.uses).toBe(1);
      expect(await store.coupons.customerUses('TENOFF', alice)).toBe(1);

      // Used up for Alice, nothing placed nor taken; Bob may.
      await expectDomainError(
        store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'TENOFF' })),
        'bad_input',
        DISCOUNT_MESSAGES.usedUpForYou,
      );
      expect((await store.products.get(p._id))!.countInStock).toBe(98);
      await expect(
        store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'TENOFF', user: bob })),
      ).resolves.toMatchObject({ discountPrice: 10 });
      // Without a code the spec's totals stand.
      expect(await store.orders.place(order([{ product: p._id, qty: 1 }]))).toMatchObject({
        discountPrice: 0,
        couponCode: null,
        totalPrice: 50 + 100 + 7.5,
      });
    });

    it('a refused code places nothing: unknown, inactive, outside its scope', async () => {
      const p = await store.products.create(productInput('Lamp', { category: 'Lighting' }), 'owner-1');
      await store.coupons.create(terms('OFF', { active: false }));
      await store.coupons.create(terms('AUDIO', { scope: { categories: ['Audio'], products: [] } }));
      for (const [code, message] of [
        ['NOSUCH', DISCOUNT_MESSAGES.unknown],
        ['OFF', DISCOUNT_MESSAGES.inactive],
        ['AUDIO', DISCOUNT_MESSAGES.nothingInScope],
      ] as const)
        await expectDomainError(
          store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: code })),
          'bad_input',
          message,
        );
      expect((await store.products.get(p._id))!.countInStock).toBe(100);
      expect(
        (await store.orders.list({ status: undefined, search: '', sort: 'newest', page: 1, pageSize: 10 })).total,
      ).toBe(0);
      expect((await store.coupons.get('AUDIO'))!.uses).toBe(0);
    });

    it('a per-customer limit counts the person: an account and a guest with its email are one customer (issue 36)', async () => {
      const p = await store.products.create(productInput('Lamp'), 'owner-1');
      await store.coupons.create(terms('ONCEPP', { maxUsesPerCustomer: 1 }));
      const asGuest = (email: string): Partial<PlaceOrderCommand> => ({
        couponCode: 'ONCEPP',
        guest: { email, sign: (id) => `token-${id}` },
      });
      // The account used it: a guest order with the account's email (any case, a +tag) may not use it again.
      const used = await store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'ONCEPP' }));
      await expectDomainError(
        store.orders.place(order([{ product: p._id, qty: 1 }], asGuest(' Alice+again@EXAMPLE.com'))),
        'bad_input',
        DISCOUNT_MESSAGES.usedUpForYou,
      );
      expect(await store.coupons.customerUses('ONCEPP', { _id: 'another-uid', email: 'alice@example.com' })).toBe(1);
      // A guest used it: the account of that email may not use it again.
      const carol = { _id: 'carol-uid', name: 'Carol', email: 'carol@example.com' };
      await store.orders.place(order([{ product: p._id, qty: 1 }], asGuest('carol@example.com')));
      await expectDomainError(
        store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'ONCEPP', user: carol })),
        'bad_input',
        DISCOUNT_MESSAGES.usedUpForYou,
      );
      expect(await store.coupons.customerUses('ONCEPP', carol)).toBe(1);
      // The account's order cancelled unpaid gives the use back to the person, as a guest too.
      await store.orders.cancel(used._id, now);
      expect(await store.coupons.customerUses('ONCEPP', alice)).toBe(0);
      await expect(
        store.orders.place(order([{ product: p._id, qty: 1 }], asGuest('alice@example.com'))),
      ).resolves.toMatchObject({ couponCode: 'ONCEPP' });
      expect((await store.coupons.get('ONCEPP'))!.uses).toBe(2);
    });

    it('gives the redemption back when the order is cancelled unpaid or expires', async () => {
      const p = await store.products.create(productInput('Lamp'), 'owner-1');
      await store.coupons.create(terms('ONCE', { maxUses: 1, maxUsesPerCustomer: 1 }));
      const first = await store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'ONCE' }));
      await expectDomainError(
        store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'ONCE', user: bob })),
        'bad_input',
        DISCOUNT_MESSAGES.usedUp,
      );
      await store.orders.cancel(first._id, now);
      expect((await store.coupons.get('ONCE'))!.uses).toBe(0);
      expect(await store.coupons.customerUses('ONCE', alice)).toBe(0);

      const second = await store.orders.place(order([{ product: p._id, qty: 1 }], { couponCode: 'ONCE', user: bob }));
      expect((await store.coupons.get('ONCE'))!.uses).toBe(1);
      expect(await store.orders.expireStale(new Date(new Date(second.expiresAt!).getTime() + 1))).toBe(1);
      expect((await store.coupons.get('ONCE'))!.uses).toBe(0);
      expect(await store.coupons.customerUses('ONCE', bob)).toBe(0);
    });

    it('counts redemptions exactly: of 50 simultaneous orders with a 10-use code, exactly 10 succeed', async () => {
      const p = await store.products.create(productInput('Lamp'), 'owner-1');
      await store.coupons.create(terms('TEN', { maxUses: 10 }));
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.orders.place(
            order([{ product: p._id, qty: 1 }], {
              couponCode: 'TEN',
              user: { _id: `shopper-${i}`, name: `Shopper ${i}`, email: `s${i}@example.com` },
            }),
          ),
        ),
      );
      const placed = results.filter((r) => r.status === 'fulfilled');
      expect(placed).toHaveLength(10);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as Error).message).toBe(DISCOUNT_MESSAGES.usedUp);
      expect((await store.coupons.get('TEN'))!.uses).toBe(10);
      expect((await store.products.get(p._id))!.countInStock).toBe(90);
    });
  });
}
