import { describe, expect, it } from 'vitest';
import { orderStatsDelta } from './orderStats.js';
import type { RefundRecord } from './refunds.js';

const base = { createdAt: '2026-03-01T23:59:00.000Z', totalCents: 2500, cancelledAt: null, refunds: [] };
const refund = (amountCents: number, status: RefundRecord['status']) => ({ amountCents, status }) as RefundRecord;

describe('orderStatsDelta: what an order change adds to its day', () => {
  it('a new order counts once on its creation day; paying adds its total; delivering adds nothing', () => {
    const placed = { ...base, status: 'awaiting_payment' as const };
    const paid = { ...placed, status: 'paid' as const };
    expect(orderStatsDelta(null, placed)).toEqual({ day: '2026-03-01', orders: 1, revenueCents: 0 });
    expect(orderStatsDelta(placed, paid)).toEqual({ day: '2026-03-01', orders: 0, revenueCents: 2500 });
    expect(orderStatsDelta(paid, { ...paid, status: 'delivered' })).toBeNull();
  });

  it('a completed refund takes its amount back; a pending one nothing; a cancelled paid order all that remained', () => {
    const paid = { ...base, status: 'paid' as const, refunds: [refund(700, 'completed')] };
    expect(orderStatsDelta(paid, { ...paid, refunds: [...paid.refunds, refund(300, 'pending')] })).toBeNull();
    const more = { ...paid, refunds: [...paid.refunds, refund(300, 'completed')] };
    expect(orderStatsDelta(paid, more)).toMatchObject({ orders: 0, revenueCents: -300 });
    const cancelled = { ...more, status: 'cancelled' as const, refunds: [...more.refunds, refund(1500, 'completed')] };
    expect(orderStatsDelta(more, cancelled)).toMatchObject({ orders: 0, revenueCents: -1500 });
  });

  it('an unpaid order cancelled or expired moves nothing', () => {
    const placed = { ...base, status: 'awaiting_payment' as const };
    expect(orderStatsDelta(placed, { ...placed, status: 'cancelled' })).toBeNull();
    expect(orderStatsDelta(placed, { ...placed, status: 'expired' })).toBeNull();
  });
});
