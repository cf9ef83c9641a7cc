// What an order's record says about its money and its lines: whether it was paid, what completed refunds gave back,
// its payment status, and the units asked per line. A leaf of the order rules: orders.ts, lifecycle.ts, ledger.ts,
// refunds.ts and returns.ts all read it, so none of them needs another's values (eslint.config.js forbids import
// cycles; refunds.ts re-exports these for its callers).
import { badInput } from './errors.js';
import type { OrderRecord } from './orders.js';
import type { OrderStatus, PaymentStatus } from './types.js';
import { stockKey } from './variants.js';

/** Paid and not cancelled: waiting to ship (paid), on its way (shipped) or delivered. */
const PAID: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];

export const isPaidStatus = (status: OrderStatus) => PAID.includes(status);

/** Units of one order line (issue 29: a line is its product and, for a product with variants, its variant). */
export interface LineUnits {
  product: string;
  qty: number;
  variant?: string;
}

/** Where a line's units count: its variant, or its product without variants (domain/variants.ts stockKey). */
export function lineKey(line: { product: string; variant?: string | null }): string {
  return stockKey(line.product, line.variant);
}

/**
 * The units a refund or return asks per order line. An item naming a product and no variant names that product's
 * only line (the original clients and a line without variants); a product with several variant lines needs the
 * variant. Unknown lines are a 400.
 */
export function askedUnits(
  order: Pick<OrderRecord, 'orderItems'>,
  items: readonly LineUnits[],
  unknownLine: (product: string) => string,
): Map<string, LineUnits> {
  const asked = new Map<string, LineUnits>();
  for (const item of items) {
    const candidates = order.orderItems.filter(
      (l) => l.product === item.product && (item.variant === undefined || l.variant === item.variant),
    );
    const keys = new Set(candidates.map(lineKey));
    if (keys.size !== 1)
      throw badInput(unknownLine(item.variant ? `${item.product} (variant ${item.variant})` : item.product));
    const line = candidates[0]!;
    const key = lineKey(line);
    const entry = asked.get(key) ?? {
      product: line.product,
      ...(line.variant ? { variant: line.variant } : {}),
      qty: 0,
    };
    entry.qty += item.qty;
    asked.set(key, entry);
  }
  return asked;
}

/** A refund as both stores keep it (in the order's record), amounts in cents. */
export interface RefundRecord {
  id: string;
  amountCents: number;
  reason: string;
  restock: boolean;
  /** The lines refunded (restocked when `restock`); empty for a refund of an amount only. `variant`: the line's
   *  variant (issue 29), absent for a product without variants. */
  items: LineUnits[];
  /** pending: reserved, the provider is being asked; completed: the money went back; failed: the provider refused. */
  status: 'pending' | 'completed' | 'failed';
  /** A paid order cancelled by this refund (full, restocked): its status becomes 'cancelled' on completion. */
  cancelsOrder: boolean;
  createdAt: string;
  completedAt: string | null;
  by: { _id: string; name: string };
  /** The provider's refund id (PayPal), or the simulated gateway's test refund id. */
  providerRefundId: string | null;
  failure: string | null;
  /** The return this refund approves (domain/returns.ts); absent on other refunds. */
  returnId?: string | null;
  /** Issue 39: the parts going to the order's tenders or to a credit (domain/tenders.ts splitRefund); the rest goes
   *  to the payment provider. Absent on older refunds (all to the provider). */
  parts?: { kind: string; ref: string; amountCents: number; credit?: true }[];
}

export const refundsOf = (order: Pick<OrderRecord, 'refunds'>) => order.refunds ?? [];
/** A refund that counts against what was paid: pending or completed. */
export const counting = (r: RefundRecord) => r.status !== 'failed';

/** Cents refunded (completed refunds only). */
export const refundedCents = (order: Pick<OrderRecord, 'refunds'>) =>
  refundsOf(order)
    .filter((r) => r.status === 'completed')
    .reduce((sum, r) => sum + r.amountCents, 0);

/** What may still be refunded: the total paid minus completed and pending refunds. */
export function refundableCents(order: Pick<OrderRecord, 'status' | 'totalCents' | 'refunds' | 'paidAt'>): number {
  if (!wasPaid(order)) return 0;
  const reserved = refundsOf(order)
    .filter(counting)
    .reduce((sum, r) => sum + r.amountCents, 0);
  return Math.max(0, order.totalCents - reserved);
}

/** Paid at some point (a paid order cancelled by refund stays one that was paid). */
export const wasPaid = (order: Pick<OrderRecord, 'status' | 'paidAt'>) => isPaidStatus(order.status) || !!order.paidAt;

export function paymentStatusOf(
  order: Pick<OrderRecord, 'status' | 'totalCents' | 'refunds' | 'paidAt'>,
): PaymentStatus {
  if (!wasPaid(order)) return 'unpaid';
  const refunded = refundedCents(order);
  if (refunded === 0) return 'paid';
  return refunded >= order.totalCents ? 'refunded' : 'partially_refunded';
}
