// Returns (issue 28, issue 38): the customer asks to send back some or all lines of a delivered order within
// RETURN_DAYS (limits.ts); the shop approves (the customer is told to send it) or declines with a message; when the
// parcel arrives the shop receives it, putting back on sale only the lines it chooses, and its lines are refunded
// through the refund path (domain/refunds.ts, which marks the return refunded when it completes). The arrows:
// lifecycle.ts RETURN_FLOW.
import { badInput, conflict, notFound } from './errors.js';
import { assertReturnTransition, OPEN_RETURN_STATUSES, returnRefusal, returnStatusOf } from './lifecycle.js';
import type { StockLevel } from './orderDecisions.js';
import { restockedCount } from './limits.js';
import { RETURN_DAYS } from './limits.js';
import type { OrderRecord } from './orders.js';
import { askedUnits, lineKey, paymentStatusOf, type LineUnits } from './orderMoney.js';
import type { OrderReturn } from './types.js';

export const RETURN_MESSAGES = {
  notDelivered: 'Only a delivered order can be returned',
  refunded: 'This order was refunded in full; it cannot be returned',
  windowOver: `Returns are accepted within ${RETURN_DAYS} days of delivery`,
  waiting: 'A return of this order is already waiting for the shop',
  notFound: 'Return not found',
  notWaiting: 'This return is not waiting for a decision',
  restockTooMany: (name: string, qty: number) => `At most ${qty} of ${name} came back in this return`,
  restockNotInReturn: (product: string) => `This return has no line of product ${product}`,
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
  // Open returns (asked, approved, received, not refunded yet): their units are spoken for.
  for (const r of (order.returns ?? []).filter((x) => OPEN_RETURN_STATUSES.includes(returnStatusOf(x))))
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

/**
 * Why a return may not be asked now, or null: the server's `requestReturn` and the order page's "Request a return"
 * button (web Returns.tsx) by the same rule. A delivered order, within the window, not refunded in full (nothing would
 * be left to pay back: the return could never be refunded), no return open.
 */
export function returnAskRefusal(
  order: {
    status: OrderRecord['status'];
    deliveredAt: string | null;
    returns?: readonly Pick<OrderReturn, 'status' | 'refundId'>[];
  },
  refundedInFull: boolean,
  now: number,
): string | null {
  if (order.status !== 'delivered' || !order.deliveredAt) return RETURN_MESSAGES.notDelivered;
  if (!returnWindowOpen(order.deliveredAt, now)) return RETURN_MESSAGES.windowOver;
  if (refundedInFull) return RETURN_MESSAGES.refunded;
  if ((order.returns ?? []).some((r) => OPEN_RETURN_STATUSES.includes(returnStatusOf(r))))
    return RETURN_MESSAGES.waiting;
  return null;
}

/** The customer asks to return these lines: a delivered order, within the window, one return waiting at a time. */
export function requestReturn(order: OrderRecord, request: ReturnRequest): { returns: OrderReturn[] } {
  const refusal = returnAskRefusal(order, paymentStatusOf(order) === 'refunded', request.now.getTime());
  if (refusal) throw conflict(refusal);
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

/** The order's return (404 unknown), its status read the new way. */
export function findReturn(order: Pick<OrderRecord, 'returns'>, returnId: string): OrderReturn {
  const found = (order.returns ?? []).find((r) => r.id === returnId);
  if (!found) throw notFound(RETURN_MESSAGES.notFound);
  return { ...found, status: returnStatusOf(found) };
}

/** The return waiting for a decision (404 unknown, 409 decided). */
export function waitingReturn(order: Pick<OrderRecord, 'returns'>, returnId: string): OrderReturn {
  const found = findReturn(order, returnId);
  assertReturnTransition(found, 'approve');
  return found;
}

const withReturn = (order: Pick<OrderRecord, 'returns'>, returnId: string, change: (r: OrderReturn) => OrderReturn) =>
  (order.returns ?? []).map((r) => (r.id === returnId ? change({ ...r, status: returnStatusOf(r) }) : r));

/** The shop approves a requested return: the customer may send it (nothing is refunded or restocked yet). */
export function approveReturn(order: OrderRecord, returnId: string, now: Date): { returns: OrderReturn[] } {
  assertReturnTransition(findReturn(order, returnId), 'approve');
  return { returns: withReturn(order, returnId, (r) => ({ ...r, status: 'approved', decidedAt: now.toISOString() })) };
}

/** The shop declines a waiting return with a message for the customer. */
export function declineReturn(order: OrderRecord, returnId: string, message: string, now: Date) {
  assertReturnTransition(findReturn(order, returnId), 'decline');
  return {
    returns: withReturn(order, returnId, (r) => ({
      ...r,
      status: 'declined' as const,
      decidedAt: now.toISOString(),
      message,
    })),
  };
}

/** The returned lines the owner puts back on sale when the parcel arrives (none by default). */
export type RestockLines = readonly LineUnits[];

/**
 * The parcel arrived (from approved, or from requested: approved and received at once): the return is received and
 * exactly the `restock` lines go back on sale, each at most the units of its line in the return (400 otherwise).
 * `stockNow` is keyed by stockKey; a product or variant deleted since gets nothing back. The refund of its lines is
 * the refund path's (refunds.ts decideRefund with returnId).
 */
export function receiveReturn(
  order: OrderRecord,
  returnId: string,
  restock: RestockLines,
  stockNow: ReadonlyMap<string, number>,
  now: Date,
): { patch: { returns: OrderReturn[] }; stock: StockLevel[] } {
  const ret = findReturn(order, returnId);
  assertReturnTransition(ret, 'receive');
  const inReturn = new Map(ret.items.map((i) => [lineKey(i), i.qty]));
  const asked = restock.length
    ? askedUnits({ orderItems: ret.items.map(asLine) }, restock, RETURN_MESSAGES.restockNotInReturn)
    : new Map<string, LineUnits>();
  const stock: StockLevel[] = [];
  for (const [key, units] of asked) {
    const came = inReturn.get(key) ?? 0;
    const name = order.orderItems.find((l) => lineKey(l) === key)?.name ?? units.product;
    if (units.qty > came) throw badInput(RETURN_MESSAGES.restockTooMany(name, came));
    const current = stockNow.get(key);
    if (current !== undefined)
      stock.push({
        product: units.product,
        ...(units.variant ? { variant: units.variant } : {}),
        countInStock: restockedCount(current, units.qty),
      });
  }
  const at = now.toISOString();
  return {
    patch: {
      returns: withReturn(order, returnId, (r) => ({
        ...r,
        status: 'received',
        decidedAt: r.decidedAt ?? at,
        receivedAt: at,
        restocked: [...asked.values()].map((u) => ({ ...u })),
      })),
    },
    stock,
  };
}

/** A return line as askedUnits reads an order line. */
const asLine = (i: LineUnits) => ({ ...i, name: '', image: '', priceCents: 0 });

/** The return a completed refund refunded. */
export function refundedReturns(order: Pick<OrderRecord, 'returns'>, returnId: string, refundId: string, now: Date) {
  return withReturn(order, returnId, (r) => ({
    ...r,
    status: 'refunded' as const,
    decidedAt: r.decidedAt ?? now.toISOString(),
    refundId,
  }));
}

/** The open returns settled by a refund that left nothing paid (lifecycle.ts `settle`): refunded by it. */
export function settledReturns(order: Pick<OrderRecord, 'returns'>, refundId: string, now: Date): OrderReturn[] {
  return (order.returns ?? []).map((r) =>
    returnRefusal(r, 'settle') === null
      ? { ...r, status: 'refunded' as const, decidedAt: r.decidedAt ?? now.toISOString(), refundId }
      : r,
  );
}
