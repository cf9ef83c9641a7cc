import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  FULFILMENT,
  FULFILMENT_TRANSITIONS,
  fulfilmentRefusal,
  ORDER_STATUSES,
  RETURN_FLOW,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  returnRefusal,
  TERMINAL_STATUSES,
  waitingRequests,
  type FulfilmentTransition,
  type ReturnTransition,
} from './lifecycle.js';
import type { RefundRecord } from './refunds.js';
import type { OrderStatus } from './types.js';

const refund = (amountCents: number): RefundRecord => ({
  id: 'r',
  amountCents,
  reason: '',
  restock: false,
  items: [],
  status: 'completed',
  cancelsOrder: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: '2026-01-01T00:00:00.000Z',
  by: { _id: 'a', name: 'A' },
  providerRefundId: 'P',
  failure: null,
});

/** An order in `status`, with money state: paid unless unpaid, refunded by `refunded` cents of 1000. */
const order = (status: OrderStatus, refunded = 0) => ({
  status,
  totalCents: 1000,
  paidAt: status === 'awaiting_payment' || status === 'expired' ? null : '2026-01-01T00:00:00.000Z',
  refunds: refunded ? [refund(refunded)] : [],
});

/** The arrows as written in the table, for the cartesian product below. */
const arrow = (t: FulfilmentTransition, s: OrderStatus) => (FULFILMENT[t].from as readonly OrderStatus[]).includes(s);

describe('the fulfilment table', () => {
  // Every transition from every state (and every money state): allowed exactly where the table has an arrow, and
  // ship / deliver never once refunded in full.
  for (const status of ORDER_STATUSES)
    for (const transition of FULFILMENT_TRANSITIONS)
      for (const refunded of [0, 400, 1000])
        it(`${transition} from ${status}${refunded ? `, ${refunded}/1000 refunded` : ''}`, () => {
          const allowed = arrow(transition, status) && !(refunded === 1000 && ['ship', 'deliver'].includes(transition));
          const refusal = fulfilmentRefusal(order(status, refunded), transition);
          if (allowed) expect(refusal).toBeNull();
          else {
            expect(refusal).toEqual(expect.any(String));
            expect(() => assertTransition(order(status, refunded), transition)).toThrow(refusal!);
          }
        });

  it('no arrow leaves a terminal state', () => {
    for (const status of TERMINAL_STATUSES)
      for (const transition of FULFILMENT_TRANSITIONS)
        expect(fulfilmentRefusal(order(status), transition)).not.toBeNull();
  });

  it('says why a cancelled, refunded or unpaid order is not shipped or delivered', () => {
    expect(fulfilmentRefusal(order('cancelled', 1000), 'ship')).toBe('This order was cancelled; it cannot be shipped');
    expect(fulfilmentRefusal(order('cancelled'), 'deliver')).toBe('This order was cancelled; it cannot be delivered');
    expect(fulfilmentRefusal(order('paid', 1000), 'ship')).toBe(
      'This order was refunded in full; it cannot be shipped',
    );
    expect(fulfilmentRefusal(order('shipped', 1000), 'deliver')).toBe(
      'This order was refunded in full; it cannot be delivered',
    );
    expect(fulfilmentRefusal(order('awaiting_payment'), 'ship')).toBe('Order is not paid yet');
    expect(fulfilmentRefusal(order('expired'), 'deliver')).toBe('This order expired unpaid; it cannot be delivered');
    expect(fulfilmentRefusal(order('shipped'), 'ship')).toBe('Order is already shipped');
    expect(fulfilmentRefusal(order('delivered'), 'deliver')).toBe('Order is already delivered');
    expect(fulfilmentRefusal(order('shipped'), 'close')).toBe('A shipped order cannot be cancelled; refund it instead');
    // An old cancel (status expired with cancelledAt) is a cancelled order.
    expect(fulfilmentRefusal({ ...order('expired'), cancelledAt: 'x' }, 'pay')).toMatch(/was cancelled/);
  });

  it('a paid order whose customer asked to cancel is not shipped (nor shipped and delivered at once) until the shop answers', () => {
    const asked = (status: 'pending' | 'approved' | 'declined') => ({
      ...order('paid'),
      cancellationRequest: { reason: 'r', status, createdAt: 'x', decidedAt: null, message: null },
    });
    const waiting = 'The customer asked to cancel this order: approve or decline the request before it is shipped';
    expect(fulfilmentRefusal(asked('pending'), 'ship')).toBe(waiting);
    expect(fulfilmentRefusal(asked('pending'), 'deliver')).toBe(waiting.replace('shipped', 'delivered'));
    expect(fulfilmentRefusal(asked('declined'), 'ship')).toBeNull();
    // The refund closing it is the approval's own arrow.
    expect(fulfilmentRefusal(asked('pending'), 'close')).toBeNull();
  });

  it('every arrow lands on a state of the table', () => {
    for (const t of FULFILMENT_TRANSITIONS)
      for (const to of FULFILMENT[t].to) expect(ORDER_STATUSES as readonly string[]).toContain(to);
  });
});

describe('the return table', () => {
  for (const status of RETURN_STATUSES)
    for (const transition of RETURN_TRANSITIONS)
      it(`${transition} a ${status} return`, () => {
        const allowed = (RETURN_FLOW[transition].from as readonly string[]).includes(status);
        const refusal = returnRefusal({ status, refundId: status === 'refunded' ? 'r' : null }, transition);
        if (allowed) expect(refusal).toBeNull();
        else expect(refusal).toEqual(expect.any(String));
      });

  it('refunded and declined are terminal; an old approved return with a refund reads refunded', () => {
    for (const t of RETURN_TRANSITIONS as ReturnTransition[]) {
      expect(returnRefusal({ status: 'refunded', refundId: 'r' }, t)).not.toBeNull();
      expect(returnRefusal({ status: 'declined', refundId: null }, t)).not.toBeNull();
      expect(returnRefusal({ status: 'approved', refundId: 'r' }, t)).not.toBeNull();
    }
  });

  it('counts what waits for the shop: a pending cancellation request, open returns', () => {
    const r = (
      status: 'requested' | 'approved' | 'received' | 'refunded' | 'declined',
      refundId: string | null = null,
    ) => ({
      id: status,
      items: [],
      reason: '',
      status,
      createdAt: '',
      decidedAt: null,
      message: null,
      refundId,
    });
    expect(
      waitingRequests({
        cancellationRequest: { reason: '', status: 'pending', createdAt: '', decidedAt: null, message: null },
        returns: [r('requested'), r('approved'), r('received'), r('refunded', 'x'), r('declined'), r('approved', 'y')],
      }),
    ).toEqual({ cancellation: true, returns: 3 });
    expect(waitingRequests({ cancellationRequest: null })).toEqual({ cancellation: false, returns: 0 });
  });
});
