import { describe, expect, it } from 'vitest';
import { orderTimeline } from './orderTimeline.js';
import type { AdminOrder, Order } from './types.js';

const base: Order = {
  _id: 'o1',
  user: { _id: 'u1', name: 'Alice', email: 'a@x.test' },
  isGuest: false,
  tenders: [],
  giftCardPrice: 0,
  orderItems: [],
  shippingAddress: { address: 'a', city: 'c', postalCode: 'p', country: 'x' },
  paymentMethod: 'PayPal',
  itemsPrice: 0,
  discountPrice: 0,
  couponCode: null,
  shippingPrice: 0,
  taxPrice: 0,
  totalPrice: 0,
  currency: 'USD',
  isPaid: false,
  paidAt: null,
  paymentResult: null,
  isShipped: false,
  shippedAt: null,
  isDelivered: false,
  deliveredAt: null,
  shippingMethod: null,
  carrier: null,
  trackingNumber: null,
  undeliveries: [],
  status: 'awaiting_payment',
  expiresAt: '2026-01-01T10:30:00.000Z',
  isCancelled: false,
  cancelledAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  paymentStatus: 'unpaid',
  refunds: [],
  refundedTotal: 0,
  cancellationRequest: null,
  returns: [],
};
const paid: Order = { ...base, isPaid: true, paidAt: '2026-01-01T10:05:00.000Z', status: 'paid', expiresAt: null };

describe('orderTimeline', () => {
  it('an unpaid order: placed only; expired or cancelled ends it', () => {
    expect(orderTimeline(base)).toEqual([{ kind: 'placed', at: base.createdAt }]);
    expect(orderTimeline({ ...base, status: 'expired' }).map((e) => e.kind)).toEqual(['placed', 'expired']);
    const cancelled = {
      ...base,
      status: 'cancelled' as const,
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

  it('money back: a completed refund with its amount and who; a pending or failed one is no entry yet', () => {
    const refund = (id: string, status: 'pending' | 'completed' | 'failed', completedAt: string | null) => ({
      id,
      amount: 12.5,
      reason: 'Scratched',
      restock: true,
      items: [],
      status,
      cancelsOrder: false,
      createdAt: '2026-01-02T08:00:00.000Z',
      completedAt,
      by: { _id: 'a', name: 'Ada' },
    });
    const order: Order = {
      ...paid,
      refunds: [
        refund('r1', 'completed', '2026-01-02T08:01:00.000Z'),
        refund('r2', 'pending', null),
        refund('r3', 'failed', null),
      ],
    };
    expect(orderTimeline(order).slice(2)).toEqual([
      { kind: 'refunded', at: '2026-01-02T08:01:00.000Z', amount: 12.5, reason: 'Scratched', restock: true, by: 'Ada' },
    ]);
  });

  it("the customer's requests: a cancellation asked then declined, a return asked (with its units)", () => {
    const order: Order = {
      ...paid,
      cancellationRequest: {
        reason: 'Changed my mind',
        status: 'declined',
        createdAt: '2026-01-01T11:00:00.000Z',
        decidedAt: '2026-01-01T12:00:00.000Z',
        message: 'Already packed',
      },
      returns: [
        {
          id: 'rt1',
          items: [
            { product: 'p1', qty: 2 },
            { product: 'p2', qty: 1 },
          ],
          reason: 'Too big',
          status: 'requested',
          createdAt: '2026-01-05T09:00:00.000Z',
          decidedAt: null,
          message: null,
          refundId: null,
        },
      ],
    };
    expect(orderTimeline(order).slice(2)).toEqual([
      { kind: 'cancellation-requested', at: '2026-01-01T11:00:00.000Z', reason: 'Changed my mind' },
      { kind: 'cancellation-declined', at: '2026-01-01T12:00:00.000Z', message: 'Already packed' },
      { kind: 'return-requested', at: '2026-01-05T09:00:00.000Z', reason: 'Too big', units: 3 },
    ]);
  });

  it('entries at the same instant keep their causal order (placed before paid)', () => {
    const instant = { ...paid, paidAt: base.createdAt };
    expect(orderTimeline(instant).map((e) => e.kind)).toEqual(['placed', 'paid']);
  });
});
