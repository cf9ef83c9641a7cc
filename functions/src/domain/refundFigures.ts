// The refund figures an admin screen shows before sending (issue 38), read from the order as the API answers it
// (dollars) through the server's own rules: what may still be refunded (refunds.ts refundableCents), the units of each
// line not refunded yet (unitCharges.ts refundedUnitsOf) and what a return's lines pay back (orderUnitsRefundCents).
// The web's refund dialog and return queue import these, so no rule is restated in the web.
import { OPEN_RETURN_STATUSES, returnStatusOf } from './lifecycle.js';
import { lineKey, refundableCents, type RefundRecord } from './refunds.js';
import type { Order, OrderRefund, OrderReturn } from './types.js';
import { orderUnitsRefundCents, refundedUnitsOf } from './unitCharges.js';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** A refund as the API answers it, read back as the record the server's rules take (the inverse of refundAnswer;
 *  what the answer leaves out, the provider's id and failure, no rule reads). */
export function refundRecordOf(r: OrderRefund): RefundRecord {
  return {
    id: r.id,
    amountCents: toCents(r.amount),
    reason: r.reason,
    restock: r.restock,
    items: r.items.map((i) => ({ ...i })),
    status: r.status,
    cancelsOrder: r.cancelsOrder,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    by: r.by,
    providerRefundId: null,
    failure: null,
  };
}

/** What may still be refunded, in cents: the server's refundableCents (paid minus completed and pending refunds;
 *  nothing on an order never paid). */
export function orderRefundableCents(order: Pick<Order, 'status' | 'totalPrice' | 'refunds' | 'paidAt'>): number {
  return refundableCents({
    status: order.status,
    paidAt: order.paidAt,
    totalCents: toCents(order.totalPrice),
    refunds: order.refunds.map(refundRecordOf),
  });
}

/** The units of each line (by lineKey: its variant, or its product) a refund by lines may still take: not refunded,
 *  reserved or in an open return; never negative. */
export function orderUnitsLeft(order: Pick<Order, 'orderItems' | 'refunds'> & { returns?: Order['returns'] }) {
  const refunded = refundedUnitsOf(order.refunds);
  const left = new Map<string, number>();
  for (const line of order.orderItems) left.set(lineKey(line), (left.get(lineKey(line)) ?? 0) + line.qty);
  // Units in an open return are its own refund's (decideRefund refuses them to a refund by lines).
  for (const r of order.returns ?? [])
    if (OPEN_RETURN_STATUSES.includes(returnStatusOf(r)))
      for (const i of r.items) refunded.set(lineKey(i), (refunded.get(lineKey(i)) ?? 0) + i.qty);
  for (const [key, qty] of left) left.set(key, Math.max(0, qty - (refunded.get(key) ?? 0)));
  return left;
}

/** What receiving this return refunds, in cents: its lines as charged, capped by what remains paid. */
export function returnRefundCents(
  order: Pick<Order, 'orderItems' | 'totalPrice' | 'shippingPrice' | 'refunds'>,
  ret: Pick<OrderReturn, 'items'>,
): number {
  return orderUnitsRefundCents(order, ret.items);
}
