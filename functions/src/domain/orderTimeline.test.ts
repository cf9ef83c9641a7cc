import { describe, expect, it } from 'vitest';
import { orderTimeline } from './orderTimeline.js';
import type { AdminOrder, Order } from './types.js';

const base: Order = {
  _id: 'o1',
  user: { _id: 'u1', name: 'Alice', email: 'a@x.test' },
  orderItems: [],
  shippingAddress: { address: 'a', city: 'c', postalCode: 'p', country: 'x' },
  paymentMethod: 'PayPal',
  itemsPrice: 0,
  shippingPrice: 0,
  taxPrice: 0,
  totalPrice: 0,
  currency: 'USD',
  isPaid: false,
  paidAt: null,
  paymentResult: null,
  isDelivered: false,
  deliveredAt: null,
  carrier: null,
  trackingNumber: null,
  undeliveries: [],
  status: 'awaiting_payment',
  expiresAt: '2026-01-01T10:30:00.000Z',
  isCancelled: false,
  cancelledAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
};
const paid: Order = { ...base, isPaid: true, paidAt: '2026-01-01T10:05:00.000Z', status: 'paid', expiresAt: null };

describe('orderTimeline', () => {
  it('an unpaid order: placed only; expired or cancelled ends it', () => {
    expect(orderTimeline(base)).toEqual([{ kind: 'placed', at: base.createdAt }]);
    expect(orderTimeline({ ...base, status: 'expired' }).map((e) => e.kind)).toEqual(['placed', 'expired']);
    const cancelled = {
      ...base,
      status: 'expired' as const,
      isCancelled: true,
      cancelledAt: '2026-01-01T10:10:00.000Z',
    };
    expect(orderTimeline(cancelled)).toEqual([
      { kind: 'placed', at: base.createdAt },
      { kind: 'cancelled', at: '2026-01-01T10:10:00.000Z' },
    ]);
  });

  it('a delivery taken back and marked again: each delivery, the take-back with its reason, the carrier on the current one', () => {
    const order: Order = {
      ...paid,
      status: 'delivered',
      isDelivered: true,
      deliveredAt: '2026-01-03T09:00:00.000Z',
      carrier: 'DHL',
      trackingNumber: 'JD1',
      undeliveries: [
        { deliveredAt: '2026-01-02T09:00:00.000Z', at: '2026-01-02T09:05:00.000Z', reason: 'Wrong order' },
      ],
    };
    expect(orderTimeline(order)).toEqual([
      { kind: 'placed', at: base.createdAt },
      { kind: 'paid', at: paid.paidAt },
      { kind: 'delivered', at: '2026-01-02T09:00:00.000Z', carrier: null, trackingNumber: null, current: false },
      { kind: 'undelivered', at: '2026-01-02T09:05:00.000Z', reason: 'Wrong order' },
      { kind: 'delivered', at: '2026-01-03T09:00:00.000Z', carrier: 'DHL', trackingNumber: 'JD1', current: true },
    ]);
  });

  it("an admin's order has its notes in time order; a customer's has none to show", () => {
    const admin: AdminOrder = {
      ...paid,
      notes: [{ _id: 'n1', text: 'Called', createdAt: '2026-01-01T10:02:00.000Z', by: { _id: 'a', name: 'Ada' } }],
    };
    expect(orderTimeline(admin).map((e) => e.kind)).toEqual(['placed', 'note', 'paid']);
    expect(orderTimeline(admin)[1]).toEqual({
      kind: 'note',
      at: '2026-01-01T10:02:00.000Z',
      text: 'Called',
      by: 'Ada',
    });
    expect(orderTimeline(paid).some((e) => e.kind === 'note')).toBe(false);
  });

  it('entries at the same instant keep their causal order (placed before paid)', () => {
    const instant = { ...paid, paidAt: base.createdAt };
    expect(orderTimeline(instant).map((e) => e.kind)).toEqual(['placed', 'paid']);
  });
});
