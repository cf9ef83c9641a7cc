// The order's ledger (issue 38): what each line was charged, and the order's totals as the sums of its lines. One
// figure for every money view (order page, invoice, packing slip, CSV, emails) and the same one refunds pay from.
//
// There is one allocation: unitCharges.ts `lineCharges` spreads the goods' charge (total less shipping) over the
// lines by their value less their share of the code (largest remainder). A line's tax share is what that leaves
// beyond its discounted value (prices without tax), or, prices with tax included, the tax inside it split the same
// way (`largestRemainder` over the same weights). Because each line's discounted value is a whole number of cents,
// spreading `discounted + tax` by the discounted values gives each line exactly its value plus its largest-remainder
// share of the tax: so the ledger's tax shares, the refunds' unit charges and what placeOrder records per line
// (`orderItems[].taxCents`) are the same figures.
import type { OrderRecord } from './orders.js';
import { refundedCents } from './orderMoney.js';
import type { Order } from './types.js';
import { goodsCents, largestRemainder, lineCharges, lineDiscountShares } from './unitCharges.js';

/** What the ledger reads of an order: its lines, totals and refunds (an OrderRecord is one). */
export type LedgerSource = Pick<
  OrderRecord,
  'orderItems' | 'itemsCents' | 'discountCents' | 'shippingCents' | 'taxCents' | 'totalCents' | 'refunds' | 'tenders'
>;

/** Issue 39: one way the order was paid (or refunded to): the payment provider ('provider'), a tender of the order
 *  (a gift card) or a credit refunds went to (store credit: paid nothing). */
export interface LedgerPayment {
  kind: string;
  paidCents: number;
  /** Completed refunds to it (a released unpaid order's tender: all it paid, given back). */
  refundedCents: number;
  /** A credit refunds went to (it paid nothing), not a tender of the same kind. */
  credit?: true;
}

export interface LedgerLine {
  product: string;
  variant?: string;
  sku?: string;
  name: string;
  variantLabel?: string;
  unitCents: number;
  qty: number;
  /** unitCents × qty: the list value. */
  itemsCents: number;
  /** The line's share of the code's discount. */
  discountCents: number;
  /** The line's share of the tax (inside its charge when prices include tax). */
  taxCents: number;
  /** What the line's units cost together as charged: items − discount (+ tax unless included). */
  chargedCents: number;
}

export interface OrderLedger {
  lines: LedgerLine[];
  itemsCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** The order's prices included the tax: then items − discount + shipping = total, the tax inside. */
  taxIncluded: boolean;
  totalCents: number;
  /** Completed refunds. */
  refundedCents: number;
  /** total − refunded. */
  netCents: number;
  /** Issue 39: who paid and what went back to each (the provider first; tenders; credits). */
  payments: LedgerPayment[];
}

/** The ledger's payments (LedgerPayment) from the order's total, its tenders and its completed refunds' parts. */
export function ledgerPayments(order: {
  totalCents: number;
  tenders?: readonly { kind: string; amountCents: number; refundedCents: number }[];
  refunds?: readonly {
    status: string;
    amountCents: number;
    parts?: readonly { kind: string; amountCents: number; credit?: boolean }[];
  }[];
}): LedgerPayment[] {
  const tenders = order.tenders ?? [];
  const completed = (order.refunds ?? []).filter((r) => r.status === 'completed');
  const tendered = tenders.reduce((sum, t) => sum + t.amountCents, 0);
  const provider: LedgerPayment = {
    kind: 'provider',
    paidCents: order.totalCents - tendered,
    refundedCents: completed.reduce(
      (sum, r) => sum + r.amountCents - (r.parts ?? []).reduce((s, p) => s + p.amountCents, 0),
      0,
    ),
  };
  const credits = new Map<string, number>();
  for (const p of completed.flatMap((r) => r.parts ?? []))
    if (p.credit || !tenders.some((t) => t.kind === p.kind))
      credits.set(p.kind, (credits.get(p.kind) ?? 0) + p.amountCents);
  return [
    ...(provider.paidCents > 0 || provider.refundedCents > 0 || !tenders.length ? [provider] : []),
    ...tenders.map((t) => ({ kind: t.kind, paidCents: t.amountCents, refundedCents: t.refundedCents })),
    ...[...credits].map(([kind, refunded]) => ({ kind, paidCents: 0, refundedCents: refunded, credit: true as const })),
  ];
}

/** Prices included the tax: the order's total holds no tax beyond the discounted items and shipping. */
export function taxIncludedIn(
  order: Pick<LedgerSource, 'itemsCents' | 'discountCents' | 'shippingCents' | 'taxCents' | 'totalCents'>,
): boolean {
  return order.taxCents > 0 && order.totalCents === order.itemsCents - (order.discountCents ?? 0) + order.shippingCents;
}

/**
 * Each line's discount, tax share and charge, in the order's line order (see the top). A line's recorded tax share
 * (`taxCents`, since issue 38) is read as recorded; a line without one (an older order) gets the computed share, the
 * same figure.
 */
export function ledgerLines(order: LedgerSource): Pick<LedgerLine, 'discountCents' | 'taxCents' | 'chargedCents'>[] {
  const discounts = lineDiscountShares(order.orderItems, order.discountCents ?? 0);
  const lines = order.orderItems.map((l, i) => ({
    key: String(i),
    priceCents: l.priceCents,
    qty: l.qty,
    discountCents: discounts[i]!,
  }));
  const charges = lineCharges(lines, goodsCents(order));
  const included = taxIncludedIn(order);
  const weights = lines.map((l) => BigInt(Math.max(0, l.priceCents * l.qty - l.discountCents)));
  const includedTax = included ? largestRemainder(weights, order.taxCents) : [];
  return lines.map((l, i) => {
    const chargedCents = charges.get(l.key)!.cents;
    const computedTax = included
      ? includedTax[i]!
      : Math.max(0, chargedCents - (l.priceCents * l.qty - l.discountCents));
    return { discountCents: l.discountCents, taxCents: order.orderItems[i]!.taxCents ?? computedTax, chargedCents };
  });
}

/** The order's ledger: its lines as charged and its totals (see the top). */
export function orderLedger(order: LedgerSource): OrderLedger {
  const shares = ledgerLines(order);
  const lines = order.orderItems.map((l, i): LedgerLine => ({
    product: l.product,
    ...(l.variant ? { variant: l.variant } : {}),
    ...(l.sku ? { sku: l.sku } : {}),
    name: l.name,
    ...(l.variantLabel ? { variantLabel: l.variantLabel } : {}),
    unitCents: l.priceCents,
    qty: l.qty,
    itemsCents: l.priceCents * l.qty,
    ...shares[i]!,
  }));
  const refunded = refundedCents({ refunds: order.refunds ?? [] });
  return {
    lines,
    itemsCents: order.itemsCents,
    discountCents: order.discountCents ?? 0,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    taxIncluded: taxIncludedIn(order),
    totalCents: order.totalCents,
    refundedCents: refunded,
    netCents: order.totalCents - refunded,
    payments: ledgerPayments(order),
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The ledger of an order as the API answers it (dollars): the web's order page, invoice and packing slip. */
export function ledgerOfOrder(
  order: Pick<
    Order,
    'orderItems' | 'itemsPrice' | 'discountPrice' | 'shippingPrice' | 'taxPrice' | 'totalPrice' | 'refundedTotal'
  > &
    Partial<Pick<Order, 'tenders' | 'refunds'>>,
): OrderLedger {
  const ledger = orderLedger({
    orderItems: order.orderItems.map((l) => ({
      product: l.product,
      name: l.name,
      image: l.image,
      priceCents: cents(l.price),
      qty: l.qty,
      ...(l.variant ? { variant: l.variant, variantLabel: l.variantLabel, sku: l.sku } : {}),
      ...(l.discount ? { discountCents: cents(l.discount) } : {}),
      ...(l.tax !== undefined ? { taxCents: cents(l.tax) } : {}),
    })),
    itemsCents: cents(order.itemsPrice),
    discountCents: cents(order.discountPrice ?? 0),
    shippingCents: cents(order.shippingPrice),
    taxCents: cents(order.taxPrice),
    totalCents: cents(order.totalPrice),
  });
  // The answer gives the completed refunds' sum; its refund records are not needed here.
  const refunded = cents(order.refundedTotal ?? 0);
  const payments = ledgerPayments({
    totalCents: ledger.totalCents,
    tenders: (order.tenders ?? []).map((t) => ({
      kind: t.kind,
      amountCents: cents(t.amount),
      refundedCents: cents(t.refunded),
    })),
    refunds: (order.refunds ?? []).map((r) => ({
      status: r.status,
      amountCents: cents(r.amount),
      parts: (r.parts ?? []).map((p) => ({ kind: p.kind, amountCents: cents(p.amount), credit: !!p.credit })),
    })),
  });
  return { ...ledger, refundedCents: refunded, netCents: ledger.totalCents - refunded, payments };
}
