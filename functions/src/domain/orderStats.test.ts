import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_FILTERS } from './listQuery.js';
import { isPaidStatus } from './orderMoney.js';
import { countsAsRevenue, orderStatsDelta, revenueCents, revenueStatuses } from './orderStats.js';
import type { RefundRecord } from './refunds.js';
import type { OrderStatus } from './types.js';

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

describe('the revenue rule, written once', () => {
  // Every status once: adding one to OrderStatus fails to compile here until it is listed (and filtered by the admin).
  const EVERY_STATUS: Record<OrderStatus, true> = {
    awaiting_payment: true,
    paid: true,
    shipped: true,
    delivered: true,
    expired: true,
    cancelled: true,
  };
  const every = Object.keys(EVERY_STATUS) as OrderStatus[];

  it('counts exactly the paid statuses; revenueStatuses (for a store summing in SQL) names the same ones', () => {
    for (const status of every) expect(countsAsRevenue(status), status).toBe(isPaidStatus(status));
    expect([...Object.values(ORDER_STATUS_FILTERS)].sort()).toEqual([...every].sort());
    expect(revenueStatuses().sort()).toEqual(every.filter(isPaidStatus).sort());
    expect(revenueStatuses()).toEqual(expect.arrayContaining(['paid', 'delivered']));
    for (const status of ['awaiting_payment', 'expired', 'cancelled'] as const)
      expect(countsAsRevenue(status), status).toBe(false);
  });

  it('is the total net of completed refunds while counted, else 0 (a fully refunded delivered order is 0)', () => {
    const refunds = [refund(700, 'completed'), refund(300, 'pending'), refund(200, 'failed')];
    expect(revenueCents({ ...base, status: 'paid', refunds })).toBe(1800);
    expect(revenueCents({ ...base, status: 'delivered', refunds: [refund(2500, 'completed')] })).toBe(0);
    expect(revenueCents({ ...base, status: 'awaiting_payment', refunds: [] })).toBe(0);
    // Stored before issue 28: a cancel kept status 'expired' with cancelledAt; it counts nothing either way.
    expect(revenueCents({ ...base, status: 'expired', cancelledAt: '2026-03-02T00:00:00.000Z' })).toBe(0);
  });
});
