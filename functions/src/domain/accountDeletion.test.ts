import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, accountDeletionCheck, anonymisedFields } from './accountDeletion.js';
import type { Order } from './types.js';

const now = new Date('2026-03-01T10:00:00.000Z');
type Shape = Pick<Order, '_id' | 'status' | 'paymentStatus' | 'expiresAt'>;
const order = (over: Partial<Shape>): Shape => ({
  _id: 'o1',
  status: 'paid',
  paymentStatus: 'paid',
  expiresAt: null,
  ...over,
});

describe('accountDeletionCheck (issue 36)', () => {
  it('refuses while a paid order awaits shipping, partly refunded too; not once delivered, cancelled or refunded in full', () => {
    expect(accountDeletionCheck([order({})], now)).toEqual({
      allowed: false,
      message: ACCOUNT_DELETION_MESSAGES.undeliveredOrders,
      orders: ['o1'],
    });
    expect(accountDeletionCheck([order({ paymentStatus: 'partially_refunded' })], now).allowed).toBe(false);
    for (const done of [
      order({ status: 'delivered' }),
      order({ status: 'cancelled', paymentStatus: 'refunded' }),
      order({ paymentStatus: 'refunded' }),
    ])
      expect(accountDeletionCheck([done], now)).toEqual({ allowed: true, message: null, orders: [] });
  });

  it('an unpaid order still held refuses first; one whose hold ended does not', () => {
    const held = order({
      _id: 'u1',
      status: 'awaiting_payment',
      paymentStatus: 'unpaid',
      expiresAt: '2026-03-01T10:05:00.000Z',
    });
    expect(accountDeletionCheck([order({}), held], now)).toEqual({
      allowed: false,
      message: ACCOUNT_DELETION_MESSAGES.unpaidOrders,
      orders: ['u1'],
    });
    expect(accountDeletionCheck([{ ...held, expiresAt: now.toISOString() }], now).allowed).toBe(true);
  });
});

describe('anonymisedFields (issue 38: what both stores write on deletion)', () => {
  it("an order keeps the account's id under the deleted customer, a never-deliverable email and no address", () => {
    expect(anonymisedFields('UID-7')).toEqual({
      order: {
        user: { _id: 'UID-7', name: 'Deleted customer', email: 'deleted-uid-7@deleted.invalid' },
        shippingAddress: { address: '', city: '', postalCode: '', country: '' },
      },
      review: { name: 'Deleted customer' },
    });
  });

  it('answers a fresh address each time (a store may not alter the shared constant)', () => {
    const a = anonymisedFields('u1');
    a.order.shippingAddress.city = 'x';
    expect(anonymisedFields('u1').order.shippingAddress.city).toBe('');
  });
});
