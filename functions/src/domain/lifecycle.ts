// The order's lifecycle as one table (issue 38): the fulfilment arrows (awaiting payment -> paid -> shipped ->
// delivered; cancelled; expired), the return arrows (requested -> approved -> received -> refunded, or declined) and
// the money state beside them (refunds.ts paymentStatusOf). Every decision (orderDecisions.ts, refunds.ts,
// returns.ts) asks this table whether its arrow is allowed and, when not, answers the table's message: the rule
// exists once. Time (a hold that ended) is not a state here: orders.ts adds it where it matters.
import { conflict } from './errors.js';
import type { OrderRecord } from './orders.js';
import { paymentStatusOf } from './orderMoney.js';
import type { OrderReturn, OrderStatus, PaymentStatus } from './types.js';

export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
] as const satisfies readonly OrderStatus[];

/** States no arrow leaves. */
export const TERMINAL_STATUSES: readonly OrderStatus[] = ['cancelled', 'expired'];

/** The fulfilment arrows, each named for the decision that takes it. `undeliver` lands on shipped when the order
 *  had been shipped (shippedAt), else on paid (an order delivered before shipping was a step). `close` is a
 *  refund's: a cancelling refund, or a refund leaving nothing paid on an order not shipped. */
export const FULFILMENT = {
  pay: { from: ['awaiting_payment'], to: ['paid'] },
  cancel: { from: ['awaiting_payment'], to: ['cancelled'] },
  expire: { from: ['awaiting_payment'], to: ['expired'] },
  ship: { from: ['paid'], to: ['shipped'] },
  deliver: { from: ['paid', 'shipped'], to: ['delivered'] },
  undeliver: { from: ['delivered'], to: ['shipped', 'paid'] },
  close: { from: ['paid'], to: ['cancelled'] },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: readonly OrderStatus[] }>;

export type FulfilmentTransition = keyof typeof FULFILMENT;
export const FULFILMENT_TRANSITIONS = Object.keys(FULFILMENT) as FulfilmentTransition[];

/** What a fulfilment guard reads: the status, the money state (a fully refunded order ships nowhere) and a
 *  customer's cancellation request waiting for the shop (it is answered before the order ships). */
export type LifecycleOrder = Pick<OrderRecord, 'status'> &
  Partial<Pick<OrderRecord, 'totalCents' | 'refunds' | 'paidAt' | 'cancellationRequest'>> & {
    cancelledAt?: string | null;
  };

/** Refunded in full (the money state beside the fulfilment state). */
const refundedInFull = (order: LifecycleOrder) =>
  order.totalCents !== undefined &&
  paymentStatusOf({
    status: order.status,
    totalCents: order.totalCents,
    refunds: order.refunds,
    paidAt: order.paidAt ?? null,
  }) === 'refunded';

export const LIFECYCLE_MESSAGES = {
  notPaid: 'Order is not paid yet',
  alreadyPaid: 'Order is already paid',
  alreadyShipped: 'Order is already shipped',
  alreadyDelivered: 'Order is already delivered',
  notDelivered: 'Order is not delivered',
  alreadyCancelled: 'Order is already cancelled',
  cancelledPay: 'Order was cancelled; its items were returned to stock. Please place a new order',
  expiredPay: 'Order has expired; its items were returned to stock. Please place a new order',
  paidCannotCancel: 'Order is already paid; a paid order cannot be cancelled',
  notUnpaid: 'Only an unpaid order expires',
  cancelled: (verb: string) => `This order was cancelled; it cannot be ${verb}`,
  expired: (verb: string) => `This order expired unpaid; it cannot be ${verb}`,
  refunded: (verb: string) => `This order was refunded in full; it cannot be ${verb}`,
  cancellationWaiting: (verb: string) =>
    `The customer asked to cancel this order: approve or decline the request before it is ${verb}`,
  closeNeedsPaid: 'Only a paid order can be cancelled and refunded',
  closeShipped: 'A shipped order cannot be cancelled; refund it instead',
  closeDelivered: 'A delivered order cannot be cancelled; refund it instead',
} as const;

const VERB: Record<FulfilmentTransition, string> = {
  pay: 'paid',
  cancel: 'cancelled',
  expire: 'expired',
  ship: 'shipped',
  deliver: 'delivered',
  undeliver: 'marked not delivered',
  close: 'cancelled',
};

/** Why `transition` is refused from the order's state, or null when the table allows it. */
export function fulfilmentRefusal(order: LifecycleOrder, transition: FulfilmentTransition): string | null {
  // Records from before issue 28 kept 'expired' with cancelledAt for a cancel (orders.ts statusOf).
  const status: OrderStatus = order.status === 'expired' && order.cancelledAt ? 'cancelled' : order.status;
  const M = LIFECYCLE_MESSAGES;
  const from: readonly OrderStatus[] = FULFILMENT[transition].from;
  if (from.includes(status)) {
    // The money state beside it: what was refunded in full is not sent anywhere.
    if ((transition === 'ship' || transition === 'deliver') && refundedInFull(order))
      return M.refunded(VERB[transition]);
    // A paid order the customer asked to cancel leaves only once the shop has answered (approve: refunded and
    // cancelled; decline: it ships), so no request is left waiting on an order already on its way.
    if (
      (transition === 'ship' || transition === 'deliver') &&
      status === 'paid' &&
      order.cancellationRequest?.status === 'pending'
    )
      return M.cancellationWaiting(VERB[transition]);
    return null;
  }
  switch (transition) {
    case 'pay':
      return status === 'cancelled' ? M.cancelledPay : status === 'expired' ? M.expiredPay : M.alreadyPaid;
    case 'cancel':
      return status === 'cancelled' ? M.alreadyCancelled : status === 'expired' ? M.expiredPay : M.paidCannotCancel;
    case 'expire':
      return M.notUnpaid;
    case 'undeliver':
      return M.notDelivered;
    case 'close':
      if (status === 'cancelled') return M.alreadyCancelled;
      if (status === 'shipped') return M.closeShipped;
      if (status === 'delivered') return M.closeDelivered;
      return M.closeNeedsPaid;
    case 'ship':
    case 'deliver':
      if (status === 'cancelled') return M.cancelled(VERB[transition]);
      if (status === 'expired') return M.expired(VERB[transition]);
      if (status === 'awaiting_payment') return M.notPaid;
      if (status === 'delivered') return M.alreadyDelivered;
      return M.alreadyShipped;
  }
}

/** Throws (409, the table's message) unless `transition` is allowed from the order's state. */
export function assertTransition(order: LifecycleOrder, transition: FulfilmentTransition): void {
  const refusal = fulfilmentRefusal(order, transition);
  if (refusal) throw conflict(refusal);
}

/** The return's states as the shop reads them. */
export type ReturnStatus = OrderReturn['status'];
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'received',
  'refunded',
  'declined',
] as const satisfies readonly ReturnStatus[];

/** The return arrows. `receive` from requested approves and receives at once (the parcel came before the owner
 *  answered); `refund` from approved is the owner refunding before the parcel arrives. */
export const RETURN_FLOW = {
  approve: { from: ['requested'], to: 'approved' },
  decline: { from: ['requested'], to: 'declined' },
  receive: { from: ['requested', 'approved'], to: 'received' },
  refund: { from: ['approved', 'received'], to: 'refunded' },
  // A refund that leaves nothing paid settles whatever return is still open: its money went back with that refund,
  // and a return left open with nothing to refund could never close (nor let the customer ask again).
  settle: { from: ['requested', 'approved', 'received'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly ReturnStatus[]; to: ReturnStatus }>;

export type ReturnTransition = keyof typeof RETURN_FLOW;
export const RETURN_TRANSITIONS = Object.keys(RETURN_FLOW) as ReturnTransition[];

/** Returns the shop still has to act on (decide, receive, or refund): at most one per order at a time. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

export const RETURN_FLOW_MESSAGES = {
  notWaiting: 'This return is not waiting for a decision',
  notReceivable: (status: ReturnStatus) =>
    `This return is ${status}; only a requested or approved return can be received`,
  notRefundable: (status: ReturnStatus) =>
    status === 'requested'
      ? 'Approve this return before refunding it'
      : `This return is ${status}; only an approved or received return can be refunded`,
} as const;

/** A return's status read the new way: before issue 38 an approved return was refunded at once (it has a refundId). */
export function returnStatusOf(r: Pick<OrderReturn, 'status' | 'refundId'>): ReturnStatus {
  return r.status === 'approved' && r.refundId ? 'refunded' : r.status;
}

/** Why `transition` is refused from the return's state, or null when the table allows it. */
export function returnRefusal(
  r: Pick<OrderReturn, 'status' | 'refundId'>,
  transition: ReturnTransition,
): string | null {
  const status = returnStatusOf(r);
  if ((RETURN_FLOW[transition].from as readonly ReturnStatus[]).includes(status)) return null;
  if (transition === 'receive') return RETURN_FLOW_MESSAGES.notReceivable(status);
  if (transition === 'refund') return RETURN_FLOW_MESSAGES.notRefundable(status);
  return RETURN_FLOW_MESSAGES.notWaiting;
}

export function assertReturnTransition(r: Pick<OrderReturn, 'status' | 'refundId'>, transition: ReturnTransition) {
  const refusal = returnRefusal(r, transition);
  if (refusal) throw conflict(refusal);
}

/** The money state's arrows (refunds.ts paymentStatusOf): paying, then refunds that only ever add up. */
export const PAYMENT_FLOW: Record<PaymentStatus, readonly PaymentStatus[]> = {
  unpaid: ['paid'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
};

/** The requests waiting for the shop on one order (GET /api/orders/requests/summary, ?requests=waiting): its
 *  cancellation request while pending, and its open return (OPEN_RETURN_STATUSES). */
export function waitingRequests(order: Pick<OrderRecord, 'cancellationRequest' | 'returns'>): {
  cancellation: boolean;
  returns: number;
} {
  return {
    cancellation: order.cancellationRequest?.status === 'pending',
    returns: (order.returns ?? []).filter((r) => OPEN_RETURN_STATUSES.includes(returnStatusOf(r))).length,
  };
}
