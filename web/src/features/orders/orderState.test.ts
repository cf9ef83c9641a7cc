import type { Order } from '@domain';
import { describe, expect, it } from 'vitest';
import { ORDER_STATE_RULES, orderState, payByTime } from './orderState';

const now = new Date('2026-11-25T13:40:00.000Z');
const unpaid = {
  status: 'awaiting_payment',
  isPaid: false,
  paidAt: null,
  isShipped: false,
  shippedAt: null,
  isDelivered: false,
  deliveredAt: null,
  expiresAt: '2026-11-25T14:05:00.000Z',
  cancelledAt: null,
  paymentStatus: 'unpaid',
  cancellationRequest: null,
} as const satisfies Partial<Order>;

describe('orderState: the order’s state in words', () => {
  it('an unpaid order within its hold: awaiting payment, pay by the hold’s end (the reader’s time)', () => {
    expect(orderState(unpaid, now)).toEqual({
      key: 'awaiting_payment',
      text: `Awaiting payment – pay by ${payByTime(unpaid.expiresAt)}`,
      tone: 'waiting',
    });
    expect(payByTime(unpaid.expiresAt)).toMatch(/^\d\d:\d\d$/);
  });

  it('paid, then shipped, then delivered, each with its date', () => {
    const paid = {
      ...unpaid,
      status: 'paid' as const,
      isPaid: true,
      paidAt: '2026-11-25T13:50:00.000Z',
      expiresAt: null,
    };
    expect(orderState(paid, now)).toEqual({ key: 'paid', text: 'Paid', tone: 'done' });
    const shipped = { ...paid, status: 'shipped' as const, isShipped: true, shippedAt: '2026-11-26T08:00:00.000Z' };
    expect(orderState(shipped, now)).toEqual({ key: 'shipped', text: 'Shipped on 2026-11-26', tone: 'done' });
    expect(orderState({ ...shipped, paymentStatus: 'partially_refunded' }, now).text).toBe('Shipped · partly refunded');
    const delivered = {
      ...shipped,
      status: 'delivered' as const,
      isDelivered: true,
      deliveredAt: '2026-11-27T09:00:00.000Z',
    };
    expect(orderState(delivered, now)).toEqual({ key: 'delivered', text: 'Delivered on 2026-11-27', tone: 'done' });
  });

  it('money back: refunded in full, partly refunded after delivery, cancelled and refunded, cancellation asked', () => {
    const delivered = {
      ...unpaid,
      status: 'delivered' as const,
      isPaid: true,
      paidAt: '2026-11-25T13:50:00.000Z',
      isDelivered: true,
      deliveredAt: '2026-11-27T09:00:00.000Z',
      expiresAt: null,
    };
    expect(orderState({ ...delivered, paymentStatus: 'partially_refunded' }, now)).toEqual({
      key: 'partially_refunded',
      text: 'Delivered on 2026-11-27 · partly refunded',
      tone: 'done',
    });
    expect(orderState({ ...delivered, paymentStatus: 'refunded' }, now)).toMatchObject({ text: 'Refunded' });
    const cancelled = {
      ...delivered,
      status: 'cancelled' as const,
      isDelivered: false,
      deliveredAt: null,
      cancelledAt: '2026-11-26T10:00:00.000Z',
      paymentStatus: 'refunded' as const,
    };
    expect(orderState(cancelled, now)).toMatchObject({ key: 'cancelled', text: 'Cancelled and refunded' });
    const asked = {
      ...delivered,
      status: 'paid' as const,
      isDelivered: false,
      deliveredAt: null,
      paymentStatus: 'paid' as const,
      cancellationRequest: {
        reason: 'Ordered twice',
        status: 'pending' as const,
        createdAt: '2026-11-25T14:00:00.000Z',
        decidedAt: null,
        message: null,
      },
    };
    expect(orderState(asked, now)).toMatchObject({ key: 'cancellation_requested', tone: 'waiting' });
  });

  it('cancelled by the shopper reads "Cancelled", not "Expired"', () => {
    const cancelled = { ...unpaid, status: 'cancelled' as const, cancelledAt: '2026-11-25T13:45:00.000Z' };
    expect(orderState(cancelled, now)).toMatchObject({ key: 'cancelled', text: 'Cancelled', tone: 'ended' });
  });

  it('expired: swept, or its hold ended before the sweep ran (no "pay by" a time gone by)', () => {
    expect(orderState({ ...unpaid, status: 'expired' as const }, now)).toMatchObject({
      text: 'Expired',
      tone: 'ended',
    });
    expect(orderState(unpaid, new Date('2026-11-25T14:05:00.000Z'))).toMatchObject({ key: 'expired' });
  });

  it('is one ordered table: each state’s rule is found by its key (the money-back states above the others)', () => {
    expect(ORDER_STATE_RULES.map((r) => r.key)).toEqual([
      'cancelled',
      'refunded',
      'partially_refunded',
      'cancellation_requested',
      'delivered',
      'shipped',
      'paid',
      'expired',
      'awaiting_payment',
    ]);
  });
});
