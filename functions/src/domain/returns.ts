// Returns (issue 28): the customer asks to send back some or all lines of a delivered order within
// RETURN_DAYS (limits.ts); the shop approves (a refund of those lines through the refund path, domain/refunds.ts, which
// marks the return approved when it completes) or declines with a message.
import { conflict, notFound } from './errors.js';
import { RETURN_DAYS } from './limits.js';
import type { OrderRecord } from './orders.js';
import { askedUnits, lineKey, type LineUnits } from './refunds.js';
import type { OrderReturn } from './types.js';

export const RETURN_MESSAGES = {
  notDelivered: 'Only a delivered order can be returned',
  windowOver: `Returns are accepted within ${RETURN_DAYS} days of delivery`,
  waiting: 'A return of this order is already waiting for the shop',
  notFound: 'Return not found',
  notWaiting: 'This return is not waiting for a decision',
  notYours: 'Only the customer who placed this order can return it',
  tooMany: (name: string, left: number) => `At most ${left} of ${name} can be returned`,
  unknownLine: (product: string) => `This order has no line of product ${product}`,
} as const;

const DAY_MS = 86_400_000;

/** Units of each line that may still be returned: ordered, minus refunded (pending or completed), minus asked. */
export function returnableUnits(order: Pick<OrderRecord, 'orderItems' | 'refunds' | 'returns'>): Map<string, number> {
  // Keyed by lineKey: the line's variant, or its product without variants.
  const left = new Map<string, number>();
  for (const l of order.orderItems) left.set(lineKey(l), (left.get(lineKey(l)) ?? 0) + l.qty);
  for (const r of (order.refunds ?? []).filter((x) => x.status !== 'failed'))
    for (const i of r.items) left.set(lineKey(i), (left.get(lineKey(i)) ?? 0) - i.qty);
  for (const r of (order.returns ?? []).filter((x) => x.status === 'requested'))
    for (const i of r.items) left.set(lineKey(i), (left.get(lineKey(i)) ?? 0) - i.qty);
  return left;
}

export interface ReturnRequest {
  returnId: string;
  items: readonly LineUnits[];
  reason: string;
  now: Date;
}

/** Whether a return may still be asked for an order delivered at `deliveredAt` (the server's rule; the order page
 *  shows its button by the same). */
export function returnWindowOpen(deliveredAt: string, now: number): boolean {
  return now <= Date.parse(deliveredAt) + RETURN_DAYS * DAY_MS;
}

/** The customer asks to return these lines: a delivered order, within the window, one return waiting at a time. */
export function requestReturn(order: OrderRecord, request: ReturnRequest): { returns: OrderReturn[] } {
  if (order.status !== 'delivered' || !order.deliveredAt) throw conflict(RETURN_MESSAGES.notDelivered);
  if (!returnWindowOpen(order.deliveredAt, request.now.getTime())) throw conflict(RETURN_MESSAGES.windowOver);
  if ((order.returns ?? []).some((r) => r.status === 'requested')) throw conflict(RETURN_MESSAGES.waiting);
  const asked = askedUnits(order, request.items, RETURN_MESSAGES.unknownLine);
  const left = returnableUnits(order);
  for (const [key, { qty }] of asked) {
    const line = order.orderItems.find((l) => lineKey(l) === key)!;
    const free = Math.max(0, left.get(key) ?? 0);
    if (qty > free) throw conflict(RETURN_MESSAGES.tooMany(line.name, free));
  }
  const made: OrderReturn = {
    id: request.returnId,
    items: [...asked.values()],
    reason: request.reason,
    status: 'requested',
    createdAt: request.now.toISOString(),
    decidedAt: null,
    message: null,
    refundId: null,
  };
  return { returns: [...(order.returns ?? []), made] };
}

/** The return waiting for a decision (404 unknown, 409 decided). */
export function waitingReturn(order: Pick<OrderRecord, 'returns'>, returnId: string): OrderReturn {
  const found = (order.returns ?? []).find((r) => r.id === returnId);
  if (!found) throw notFound(RETURN_MESSAGES.notFound);
  if (found.status !== 'requested') throw conflict(RETURN_MESSAGES.notWaiting);
  return found;
}

/** The shop declines a waiting return with a message for the customer. */
export function declineReturn(order: OrderRecord, returnId: string, message: string, now: Date) {
  waitingReturn(order, returnId);
  return {
    returns: (order.returns ?? []).map((r) =>
      r.id === returnId ? { ...r, status: 'declined' as const, decidedAt: now.toISOString(), message } : r,
    ),
  };
}

/** The return a completed refund approved. */
export function approvedReturns(order: Pick<OrderRecord, 'returns'>, returnId: string, refundId: string, now: Date) {
  return (order.returns ?? []).map((r) =>
    r.id === returnId ? { ...r, status: 'approved' as const, decidedAt: now.toISOString(), refundId } : r,
  );
}
