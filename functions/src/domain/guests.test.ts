// Guest checkout's rules, pure: the hold limits per email and per shipping address (tried with the variants a
// hoarder would use), the guest's customer id, and who may take a guest order as their own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import {
  assertMayClaim,
  claimPatch,
  couponCustomerKeys,
  GUEST_MESSAGES,
  GUEST_NAME,
  guestAddressKey,
  guestCustomerId,
  guestEmailKey,
  isGuestCustomerId,
} from './guests.js';
import type { LoadedCoupon } from './discounts.js';
import { DEFAULT_HOLD_LIMITS } from './limits.js';
import { placeOrder, type PlaceOrderRequest, type StockedProduct, type UnpaidOrder } from './orderDecisions.js';
import { orderFromRecord, type OrderRecord } from './orders.js';
import type { ShippingAddress } from './types.js';

const now = new Date('2026-11-25T10:00:00.000Z');
const in30 = new Date(now.getTime() + 30 * 60_000);
const home: ShippingAddress = { address: '12 Main St.', city: 'Springfield', postalCode: '12345', country: 'USA' };
const stocked = new Map<string, StockedProduct>([
  ['a', { name: 'Kestrel Phone', image: '/a.png', priceCents: 1000, countInStock: 100 }],
]);

const guestRequest = (
  email: string,
  qty: number,
  shippingAddress: ShippingAddress = home,
  over: Partial<PlaceOrderRequest> = {},
): PlaceOrderRequest => ({
  // What a route passes for a guest is ignored: the customer comes from the email.
  user: { _id: 'ignored', name: 'ignored', email: 'ignored@example.com' },
  guest: { email, accessToken: 'o1.sig' },
  lines: [{ product: 'a', qty }],
  shippingAddress,
  paymentMethod: 'PayPal',
  now,
  expiresAt: in30,
  holdLimits: DEFAULT_HOLD_LIMITS,
  ...over,
});

/** An open hold of `qty` units of product a, as a store loads it. */
const held = (qty: number, totalCents = qty * 1000): UnpaidOrder => ({
  status: 'awaiting_payment',
  expiresAt: in30.toISOString(),
  totalCents,
  orderItems: [{ product: 'a', qty }],
});

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

const MAX = DEFAULT_HOLD_LIMITS.maxUnitsPerProduct;

describe('guest keys', () => {
  it('one email, however it is typed: case, spaces and a +tag make no second shopper', () => {
    const key = guestEmailKey('ann@example.com');
    for (const variant of [' Ann@Example.com ', 'ANN@EXAMPLE.COM', 'ann+1@example.com', 'Ann+promo@Example.COM\t'])
      expect(guestEmailKey(variant)).toBe(key);
    expect(guestEmailKey('bob@example.com')).not.toBe(key);
    expect(guestCustomerId(' Ann+2@Example.com')).toBe('guest:ann@example.com');
  });

  it('one address, however it is typed: case, spaces and punctuation make no second address', () => {
    const key = guestAddressKey(home);
    for (const variant of [
      { address: '12 main st', city: 'SPRINGFIELD', postalCode: '12345', country: 'usa' },
      { address: '  12   Main  St ', city: ' Springfield ', postalCode: '12-345', country: 'U.S.A.' },
      { address: '１２ Main St', city: 'Springfield', postalCode: '12 345', country: 'USA' }, // full-width digits
    ])
      expect(guestAddressKey(variant)).toBe(key);
    expect(guestAddressKey({ ...home, address: '13 Main St.' })).not.toBe(key);
    expect(guestAddressKey({ ...home, postalCode: '12346' })).not.toBe(key);
  });

  it("a guest's customer id is never an account's", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(isGuestCustomerId(guestCustomerId(email))).toBe(true);
      }),
    );
    // Account ids: embedded hex ids and Firebase uids contain no ':'.
    expect(isGuestCustomerId('65f0c0ffee0000000000d0728e')).toBe(false);
    expect(isGuestCustomerId('Xy3kQ9bLm2TzZ8rP0aW1cD4eF5g6')).toBe(false);
  });
});

describe('placeOrder for a guest', () => {
  it('records the guest: customer from the email, the address key and the access token', () => {
    const { record, redemption } = placeOrder(guestRequest(' Ann@Example.com ', 1), stocked, []);
    expect(record.user).toEqual({ _id: 'guest:ann@example.com', name: GUEST_NAME, email: 'Ann@Example.com' });
    expect(record).toMatchObject({
      guestEmail: 'Ann@Example.com',
      guestAddressKey: guestAddressKey(home),
      guestToken: 'o1.sig',
    });
    expect(redemption).toBeNull();
    expect(orderFromRecord('o1', record).isGuest).toBe(true);
  });

  it("an account's order carries no guest fields", () => {
    const { record } = placeOrder({ ...guestRequest('a@b.test', 1), guest: undefined }, stocked, []);
    expect(record.guestEmail).toBeUndefined();
    expect(record.user._id).toBe('ignored');
    expect(orderFromRecord('o1', record).isGuest).toBe(false);
  });

  it("units per product: the email's open orders count, whatever variant of it placed them", () => {
    // The store loads the open orders by the email's key, so every variant lands in the same list.
    const emailHolds = [held(MAX - 1)];
    expect(placeOrder(guestRequest('ANN+x@example.com', 1), stocked, emailHolds).record.orderItems).toHaveLength(1);
    expect(refusal(() => placeOrder(guestRequest(' ann@EXAMPLE.com', 2), stocked, emailHolds)).kind).toBe('conflict');
  });

  it("units per product: the address's open guest orders count, whatever the email", () => {
    const atAddress = [held(MAX)];
    const error = refusal(() => placeOrder(guestRequest('someone-else@example.com', 1), stocked, [], null, atAddress));
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('Kestrel Phone');
  });

  it('order total: the address and the email each bound the held dollars', () => {
    const nearlyAll = held(1, DEFAULT_HOLD_LIMITS.maxHeldCents - 500);
    expect(refusal(() => placeOrder(guestRequest('c@example.com', 1), stocked, [nearlyAll])).kind).toBe('conflict');
    expect(refusal(() => placeOrder(guestRequest('c@example.com', 1), stocked, [], null, [nearlyAll])).kind).toBe(
      'conflict',
    );
  });

  it('open orders: the limit counts per email and per address', () => {
    const many = Array.from({ length: DEFAULT_HOLD_LIMITS.maxOpenOrders }, () => held(1));
    expect(refusal(() => placeOrder(guestRequest('d@example.com', 1), stocked, many)).kind).toBe('conflict');
    expect(refusal(() => placeOrder(guestRequest('d@example.com', 1), stocked, [], null, many)).kind).toBe('conflict');
    // One fewer: still allowed on both counts.
    expect(placeOrder(guestRequest('d@example.com', 1), stocked, many.slice(1), null, many.slice(1))).toBeTruthy();
  });

  it('ended holds at the address hold nothing', () => {
    const ended = { ...held(MAX), expiresAt: now.toISOString() };
    expect(placeOrder(guestRequest('e@example.com', MAX), stocked, [], null, [ended]).record).toBeTruthy();
  });

  it("a signed-in customer's order ignores the address list (accounts are bound per account)", () => {
    const request = { ...guestRequest('f@example.com', 1), guest: undefined };
    expect(placeOrder(request, stocked, [], null, [held(MAX)]).record).toBeTruthy();
  });

  it("a code's per-customer use is the guest's email key", () => {
    const coupon: LoadedCoupon = {
      code: 'SAVE10',
      coupon: { code: 'SAVE10', percentOff: 10, active: true, maxUsesPerCustomer: 1, uses: 0 },
      customerUses: 0,
    };
    const { redemption } = placeOrder(guestRequest('Ann+1@Example.com', 1), stocked, [], coupon);
    expect(redemption).toEqual({
      code: 'SAVE10',
      userId: 'guest:ann@example.com',
      customerKeys: ['guest:ann@example.com'],
    });
    // The email's (any variant's) use so far, as the store loads it by the guest's customer id: refused.
    const used = refusal(() =>
      placeOrder(guestRequest('ann@example.com', 1), stocked, [], { ...coupon, customerUses: 1 }),
    );
    expect(used.kind).toBe('bad_input');
  });
});

describe('couponCustomerKeys (issue 36): a code’s per-customer uses count the person', () => {
  it('an account by its id and its email’s guest key; a guest by its email’s key alone', () => {
    expect(couponCustomerKeys({ _id: 'u1', email: ' Ann+shop@Example.COM ' })).toEqual(['u1', 'guest:ann@example.com']);
    expect(couponCustomerKeys({ _id: 'guest:ann@example.com', email: 'ann@example.com' })).toEqual([
      'guest:ann@example.com',
    ]);
  });
});

describe('claiming a guest order', () => {
  const paid = { guestEmail: 'Ann@Example.com', paidAt: now.toISOString() };

  it('takes a paid guest order of the same email (case and spaces aside)', () => {
    expect(() => assertMayClaim(paid, ' ann@example.COM ')).not.toThrow();
    expect(claimPatch({ _id: 'u9', name: 'Ann', email: 'ann@example.com' })).toEqual({
      user: { _id: 'u9', name: 'Ann', email: 'ann@example.com' },
      guestEmail: null,
      guestAddressKey: null,
    });
  });

  it("refuses another email, a +tag variant, an account's order and an unpaid one", () => {
    expect(refusal(() => assertMayClaim(paid, 'bob@example.com')).message).toBe(GUEST_MESSAGES.claimRefused);
    expect(refusal(() => assertMayClaim(paid, 'ann+1@example.com')).message).toBe(GUEST_MESSAGES.claimRefused);
    expect(refusal(() => assertMayClaim({ guestEmail: null, paidAt: paid.paidAt }, 'ann@example.com')).kind).toBe(
      'bad_input',
    );
    expect(refusal(() => assertMayClaim({ ...paid, paidAt: null }, 'ann@example.com')).message).toBe(
      GUEST_MESSAGES.claimUnpaid,
    );
  });

  it('a claimed order is no longer a guest order', () => {
    const { record } = placeOrder(guestRequest('ann@example.com', 1), stocked, []);
    const claimed: OrderRecord = { ...record, ...claimPatch({ _id: 'u9', name: 'Ann', email: 'ann@example.com' }) };
    expect(orderFromRecord('o1', claimed)).toMatchObject({ isGuest: false, user: { _id: 'u9' } });
  });
});
