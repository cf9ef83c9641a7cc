// Money back (issue 28): refunds of a paid order, cancelling a paid order, the customer's cancellation request.
// Pure decisions on the OrderRecord; both stores run them inside their transactions. A refund goes through three
// steps so the provider never refunds twice and never more than was paid: reserve (pending: counts against what
// may still be refunded), the provider call (outside any transaction, idempotent by the refund's id), then
// complete (restock, money state) or fail (the reservation is released).
import { badInput, conflict, notFound } from './errors.js';
import {
  assertReturnTransition,
  assertTransition,
  fulfilmentRefusal,
  OPEN_RETURN_STATUSES,
  returnStatusOf,
} from './lifecycle.js';
import { restockedCount } from './limits.js';
import type { StockLevel } from './orderDecisions.js';
import type { OrderRecord } from './orders.js';
import { formatPrice, toDollars } from './money.js';
import {
  askedUnits,
  counting,
  lineKey,
  refundableCents,
  refundsOf,
  wasPaid,
  paymentStatusOf,
  type LineUnits,
  type RefundRecord,
} from './orderMoney.js';
import { findReturn, refundedReturns, settledReturns } from './returns.js';
import { splitRefund, tendersAfterRefund, tendersOf } from './tenders.js';
import type { StockCause } from './stockHistory.js';
import type { CancellationRequest, OrderRefund } from './types.js';
import { lineDiscountShares, refundOfUnitsCents } from './unitCharges.js';

// The order's money and lines, as this module's callers have always imported them.
export {
  askedUnits,
  lineKey,
  paymentStatusOf,
  refundableCents,
  refundedCents,
  type LineUnits,
  type RefundRecord,
} from './orderMoney.js';

export const REFUND_MESSAGES = {
  notPaid: 'Only a paid order can be refunded',
  nothingLeft: 'This order is already refunded in full',
  pending: 'Another refund of this order is still being processed; try again in a moment',
  tooMuch: (leftCents: number) => `At most ${formatPrice(toDollars(leftCents))} can still be refunded`,
  tooMuchForLines: (linesCents: number) =>
    `At most ${formatPrice(toDollars(linesCents))} can be refunded for these lines`,
  zero: 'A refund must be more than $0.00',
  unknownLine: (product: string) => `This order has no line of product ${product}`,
  tooManyUnits: (name: string, left: number) => `At most ${left} of ${name} can still be refunded`,
  notFound: 'Refund not found',
  delivered: 'A delivered order cannot be cancelled; refund it instead',
  cancelNeedsPaid: 'Only a paid order can be cancelled and refunded',
  alreadyRequested: 'A cancellation request for this order is already waiting for the shop',
  requestNeedsPaid: 'Only a paid order that is not shipped yet can be cancelled on request',
  noRequest: 'This order has no cancellation request waiting',
  notYoursToRequest: 'Only the customer who placed this order can ask to cancel it',
} as const;

export interface RefundRequest {
  refundId: string;
  /** Dollars; absent: the whole remaining amount, or the lines' amount when `items` are given. */
  amount?: number;
  items?: readonly LineUnits[];
  restock: boolean;
  reason: string;
  by: { _id: string; name: string };
  now: Date;
  /** Refund this approved or received return: its lines are refunded (restocked when `restock`). */
  returnId?: string;
  /** Cancel the (paid, undelivered) order: a full refund of what remains, restocking every line not yet restocked. */
  cancel?: boolean;
  /** Issue 39: where the money goes (tenders.ts splitRefund): 'provider', a tender kind of the order, or a credit
   *  kind; absent: the provider first, then the tenders. */
  to?: string;
  /** The credit kinds the modules offer (store credit) and the account they would credit (null: none, a guest). */
  credits?: { kinds: readonly string[]; ref: string | null };
}

/** Units of each product refunded so far (pending or completed). */
function refundedUnits(order: Pick<OrderRecord, 'refunds'>): Map<string, number> {
  const units = new Map<string, number>();
  for (const r of refundsOf(order).filter(counting))
    for (const i of r.items) units.set(lineKey(i), (units.get(lineKey(i)) ?? 0) + i.qty);
  return units;
}

/**
 * The cents a refund of these lines returns: what those units cost as charged (domain/unitCharges.ts: their share of
 * the order's discount and tax, continuing after the units already refunded or reserved), before the cap of what
 * remains paid. Shipping is not part of it: refunding every unit by lines pays back the goods' charge (total less
 * shipping); shipping goes back with a cancellation or a refund by amount.
 */
export function linesCents(
  order: Pick<OrderRecord, 'orderItems' | 'totalCents' | 'shippingCents' | 'refunds' | 'discountCents'>,
  items: readonly LineUnits[],
): number {
  const discounts = lineDiscountShares(order.orderItems, order.discountCents ?? 0);
  return refundOfUnitsCents(
    {
      lines: order.orderItems.map((l, i) => ({
        key: lineKey(l),
        priceCents: l.priceCents,
        qty: l.qty,
        discountCents: discounts[i],
      })),
      totalCents: order.totalCents,
      shippingCents: order.shippingCents,
      refundedUnits: refundedUnits(order),
    },
    items.map((i) => ({ key: lineKey(i), qty: i.qty })),
  );
}

/** The units of each line not refunded yet. */
function unitsLeft(order: Pick<OrderRecord, 'orderItems' | 'refunds'>): LineUnits[] {
  const done = refundedUnits(order);
  const ordered = new Map<string, LineUnits>();
  for (const l of order.orderItems) {
    const entry = ordered.get(lineKey(l)) ?? {
      product: l.product,
      ...(l.variant ? { variant: l.variant } : {}),
      qty: 0,
    };
    entry.qty += l.qty;
    ordered.set(lineKey(l), entry);
  }
  return [...ordered]
    .map(([key, units]) => ({ ...units, qty: units.qty - (done.get(key) ?? 0) }))
    .filter((l) => l.qty > 0);
}

/**
 * Reserves a refund (pending): never more than was paid minus what is refunded or reserved, only on a paid order,
 * one at a time (a pending refund must finish first, so the provider is never asked twice at once for one order).
 * Answers the order's new refunds list and the refund.
 */
export function decideRefund(
  order: OrderRecord,
  request: RefundRequest,
): { refund: RefundRecord; patch: { refunds: RefundRecord[] } } {
  if (!wasPaid(order)) throw conflict(request.cancel ? REFUND_MESSAGES.cancelNeedsPaid : REFUND_MESSAGES.notPaid);
  // Cancelling is the lifecycle's `close` arrow: only a paid order not shipped yet (lifecycle.ts).
  if (request.cancel) assertTransition(order, 'close');
  if (refundsOf(order).some((r) => r.status === 'pending')) throw conflict(REFUND_MESSAGES.pending);
  const left = refundableCents(order);
  if (left <= 0 && !request.cancel) throw conflict(REFUND_MESSAGES.nothingLeft);

  let items: LineUnits[] = [];
  let amountCents: number;
  if (request.returnId) {
    // A return is refunded once approved: before the parcel arrives (the owner's choice) or when it is received.
    const ret = findReturn(order, request.returnId);
    assertReturnTransition(ret, 'refund');
    items = ret.items.map((i) => ({ ...i }));
    amountCents = Math.min(linesCents(order, items), left);
    if (amountCents <= 0) throw conflict(REFUND_MESSAGES.nothingLeft);
  } else if (request.cancel) {
    items = unitsLeft(order);
    amountCents = left;
  } else {
    if (request.items?.length) {
      // An open return's units are spoken for (returns.ts returnableUnits): its own refund takes them, not this one.
      const remaining = new Map(unitsLeft(order).map((l) => [lineKey(l), l.qty]));
      for (const r of (order.returns ?? []).filter((x) => OPEN_RETURN_STATUSES.includes(returnStatusOf(x))))
        for (const i of r.items) remaining.set(lineKey(i), Math.max(0, (remaining.get(lineKey(i)) ?? 0) - i.qty));
      const asked = askedUnits(order, request.items, REFUND_MESSAGES.unknownLine);
      for (const [key, units] of asked) {
        const line = order.orderItems.find((l) => lineKey(l) === key)!;
        const free = remaining.get(key) ?? 0;
        if (units.qty > free) throw conflict(REFUND_MESSAGES.tooManyUnits(line.name, free));
      }
      items = [...asked.values()];
    }
    if (request.amount !== undefined) {
      amountCents = Math.round(request.amount * 100);
      // Lines with an amount are a partial refund of those lines: never more than they were charged (their units
      // after the ones refunded before), or another line's money would be refunded against them.
      if (items.length) {
        const linesLeft = Math.min(linesCents(order, items), left);
        if (amountCents > linesLeft) throw conflict(REFUND_MESSAGES.tooMuchForLines(linesLeft));
      }
    } else if (items.length) {
      // The lines' amount, capped by what remains (earlier amount-only refunds may have used some of it).
      amountCents = Math.min(linesCents(order, items), left);
    } else {
      amountCents = left;
    }
    if (amountCents <= 0) throw badInput(REFUND_MESSAGES.zero);
    if (amountCents > left) throw conflict(REFUND_MESSAGES.tooMuch(left));
  }

  const parts = splitRefund(order, amountCents, request.to, request.credits ?? { kinds: [], ref: null });
  const refund: RefundRecord = {
    id: request.refundId,
    amountCents,
    reason: request.reason,
    restock: request.cancel ? true : request.restock && items.length > 0,
    items,
    status: 'pending',
    cancelsOrder: !!request.cancel,
    createdAt: request.now.toISOString(),
    completedAt: null,
    by: { _id: request.by._id, name: request.by.name },
    providerRefundId: null,
    failure: null,
    ...(request.returnId ? { returnId: request.returnId } : {}),
    ...(parts.length ? { parts } : {}),
  };
  return { refund, patch: { refunds: [...refundsOf(order), refund] } };
}

function findPending(order: OrderRecord, refundId: string): RefundRecord {
  const refund = refundsOf(order).find((r) => r.id === refundId);
  if (!refund) throw notFound(REFUND_MESSAGES.notFound);
  return refund;
}

export interface CompletedRefund {
  patch: Pick<OrderRecord, 'refunds'> &
    Partial<Pick<OrderRecord, 'status' | 'cancelledAt' | 'cancellationRequest' | 'returns' | 'tenders'>>;
  refund: RefundRecord;
  /** The restocked products' new stock (products deleted since get nothing back). */
  stock: StockLevel[];
  /** False when the refund was already completed (a retried confirmation): nothing to write or announce. */
  changed: boolean;
}

/** The provider refunded: the refund is completed, its lines restocked when asked, a cancelling refund cancels. */
export function completeRefund(
  order: OrderRecord,
  refundId: string,
  providerRefundId: string,
  stockNow: ReadonlyMap<string, number>,
  now: Date,
): CompletedRefund {
  const found = findPending(order, refundId);
  if (found.status === 'completed')
    return { patch: { refunds: refundsOf(order) }, refund: found, stock: [], changed: false };
  if (found.status === 'failed') throw conflict('This refund failed; start a new one');
  const refund: RefundRecord = { ...found, status: 'completed', completedAt: now.toISOString(), providerRefundId };
  const refunds = refundsOf(order).map((r) => (r.id === refundId ? refund : r));
  // A refund leaving nothing paid on an order not shipped closes it (lifecycle.ts `close`): it leaves the queue of
  // orders to ship, and, as a cancellation does, its units never refunded by lines go back on sale (they never left).
  // A shipped or delivered one keeps its status; its money state says refunded.
  const leavesNothing = paymentStatusOf({ ...order, refunds }) === 'refunded';
  const closes = refund.cancelsOrder || (leavesNothing && fulfilmentRefusal(order, 'close') === null);
  const back: LineUnits[] = [
    ...(refund.restock ? refund.items : []),
    ...(closes && !refund.cancelsOrder ? unitsLeft({ ...order, refunds }) : []),
  ];
  const stock: StockLevel[] = [];
  if (back.length) {
    // stockNow is keyed by stockKey: the line's variant, or its product without variants.
    const current = new Map(stockNow);
    for (const item of back) {
      const count = current.get(lineKey(item));
      if (count === undefined) continue;
      current.set(lineKey(item), restockedCount(count, item.qty));
    }
    const restocked = new Map(back.map((i) => [lineKey(i), i]));
    for (const [key, { product, variant }] of restocked) {
      const count = current.get(key);
      if (count !== undefined) stock.push({ product, ...(variant ? { variant } : {}), countInStock: count });
    }
  }
  const patch: CompletedRefund['patch'] = { refunds };
  if (refund.parts?.length && tendersOf(order).length) patch.tenders = tendersAfterRefund(order, refund);
  if (refund.returnId) patch.returns = refundedReturns(order, refund.returnId, refund.id, now);
  const returnsNow = patch.returns ?? order.returns ?? [];
  if (leavesNothing && returnsNow.some((r) => OPEN_RETURN_STATUSES.includes(returnStatusOf(r))))
    patch.returns = settledReturns({ returns: returnsNow }, refund.id, now);
  if (closes) {
    patch.status = 'cancelled';
    patch.cancelledAt = now.toISOString();
    if (order.cancellationRequest?.status === 'pending')
      patch.cancellationRequest = { ...order.cancellationRequest, status: 'approved', decidedAt: now.toISOString() };
  }
  return { patch, refund, stock, changed: true };
}

/** The provider refused (or failed): the reservation is released, the order keeps its money state. */
export function failRefund(order: OrderRecord, refundId: string, failure: string): { refunds: RefundRecord[] } {
  const found = findPending(order, refundId);
  if (found.status !== 'pending') return { refunds: refundsOf(order) };
  return {
    refunds: refundsOf(order).map((r) => (r.id === refundId ? { ...r, status: 'failed' as const, failure } : r)),
  };
}

/** The customer asks to cancel a paid, undelivered order (the owner decides). */
export function requestCancellation(
  order: OrderRecord,
  reason: string,
  now: Date,
): { cancellationRequest: CancellationRequest } {
  // What the shop would do on approval is the `close` arrow: ask only where it is allowed.
  if (fulfilmentRefusal(order, 'close') !== null) throw conflict(REFUND_MESSAGES.requestNeedsPaid);
  if (order.cancellationRequest?.status === 'pending') throw conflict(REFUND_MESSAGES.alreadyRequested);
  return {
    cancellationRequest: { reason, status: 'pending', createdAt: now.toISOString(), decidedAt: null, message: null },
  };
}

/** The owner declines a waiting cancellation request, with a message for the customer. */
export function declineCancellation(
  order: OrderRecord,
  message: string,
  now: Date,
): { cancellationRequest: CancellationRequest } {
  const request = order.cancellationRequest;
  if (!request || request.status !== 'pending') throw conflict(REFUND_MESSAGES.noRequest);
  return { cancellationRequest: { ...request, status: 'declined', decidedAt: now.toISOString(), message } };
}

/** Who refunded, as a customer sees it (issue 36): the shop, never the admin's id or name. Admins' answers keep the
 *  real actor; `customerView` (domain/orders.ts) puts this in its place. The JSON shape stays `{ _id, name }`. */
export const SHOP_REFUND_ACTOR: { readonly _id: ''; readonly name: 'the shop' } = { _id: '', name: 'the shop' };

/** A refund as the API answers it (dollars). */
export function refundAnswer(r: RefundRecord): OrderRefund {
  return {
    id: r.id,
    amount: toDollars(r.amountCents),
    reason: r.reason,
    restock: r.restock,
    items: r.items.map((i) => ({ product: i.product, qty: i.qty, ...(i.variant ? { variant: i.variant } : {}) })),
    status: r.status,
    cancelsOrder: r.cancelsOrder,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    by: { _id: r.by._id, name: r.by.name },
    ...(r.parts?.length
      ? {
          parts: r.parts.map((p) => ({
            kind: p.kind,
            amount: toDollars(p.amountCents),
            ...(p.credit ? { credit: true } : {}),
          })),
        }
      : {}),
  };
}

/** The stock history's cause and actor of what a completed refund restocks: a return's lines come back as 'return',
 *  other refunds' as 'refund'; by the admin who made the refund. */
export function refundStockCause(refund: RefundRecord): { cause: StockCause; by: string } {
  return { cause: refund.returnId ? 'return' : 'refund', by: refund.by._id };
}
