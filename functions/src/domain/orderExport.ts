// GET /api/orders/export.csv: which orders (the admin list's filters and a date range), the columns, and each
// order's row. The store pages through the orders in EXPORT_BATCH_SIZE batches (never all in memory); the route
// writes the rows through a CSV library as they come. Every row reconciles (csvRowReconciles): Items price −
// Discount + Shipping + Tax = Total and Total − Refunded = Net, to the cent, amounts as plain 2-decimal numbers a
// spreadsheet sums; and (issue 39) who paid the Total and where each refund went, as the order's ledger says
// (domain/ledger.ts ledgerPayments).
import { z } from 'zod';
import { ledgerPayments } from './ledger.js';
import { orderListQuerySchema, ORDER_STATUS_FILTERS } from './listQuery.js';
import { toAmountString, toCents } from './money.js';
import { orderNumber } from './orders.js';
import { countsAsRevenue } from './orderStats.js';
import { plainString } from './schemas.js';
import { isCreditKind, TENDER_KINDS, tenderLabel, tenderWord, type TenderKindName } from './tenders.js';
import type { Order, OrderItem, OrderStatus, PaymentMode, PaymentResult, PaymentStatus } from './types.js';

/** Orders a store reads per batch of an export. */
export const EXPORT_BATCH_SIZE = 200;

/** The orders an export selects, oldest first: the list's filters, and placed in [from, to). */
export interface OrderExportQuery {
  status?: OrderStatus;
  /** As the list's search (domain/listQuery.ts): '' means all. */
  search: string;
  /** ISO times: placed at or after `from`, before `to`. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, UTC) or an ISO time. */
const dateParam = (label: string) =>
  plainString(label)
    .trim()
    .refine((v) => (DAY.test(v) || v.includes('T')) && !Number.isNaN(Date.parse(v)), {
      message: `${label} must be a date (YYYY-MM-DD)`,
    })
    .optional();

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** The export's query string: search and status as the admin list has them, from/to as days (to is inclusive). */
export const orderExportQuerySchema = orderListQuerySchema
  .pick({ search: true, status: true })
  .extend({ from: dateParam('from'), to: dateParam('to') })
  .transform(({ search, status, from, to }, ctx) => {
    const query: OrderExportQuery = { search };
    if (status) query.status = ORDER_STATUS_FILTERS[status];
    if (from) query.from = DAY.test(from) ? `${from}T00:00:00.000Z` : new Date(from).toISOString();
    // A day named as `to` is included whole.
    if (to) query.to = DAY.test(to) ? nextDay(to) : new Date(to).toISOString();
    if (query.from && query.to && query.from >= query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
      return z.NEVER;
    }
    return query;
  });

/** The export's columns before who paid (ORDER_EXPORT_COLUMNS below), in order; each named once. */
const ORDER_COLUMNS = [
  'Order number',
  'Order ID',
  'Placed at',
  'Customer',
  'Email',
  // The order's step and, when money went back, how much of it: "Delivered, refunded".
  'Status',
  'Paid at',
  'Delivered at',
  // Issue 40: the method chosen at checkout ("Express"); empty for an order placed before methods.
  'Shipping method',
  'Carrier',
  'Tracking number',
  // Each line with its variant and SKU: "2 × Headphones (Sand, SKU HP-SND)".
  'Items',
  'Units',
  // Amounts (the order's currency, 2 decimals, no sign): Items price − Discount + Shipping + Tax = Total.
  'Items price',
  'Discount',
  'Coupon code',
  'Shipping',
  'Tax',
  'Total',
  // Completed refunds; Net = Total − Refunded.
  'Refunded',
  'Net',
  // The dashboard's revenue of the order (domain/orderStats.ts): Net while it is paid, shipped or delivered, else 0;
  // its sum over a range of days is the dashboard's revenue for those days.
  'Revenue',
  'Currency',
  'Payment status',
  // As charged: "PayPal" or "Test payment" (the simulated gateway); an unpaid order's "… (not paid)".
  'Payment method',
  // Who the parcel goes to (issue 30's addresses; empty for an order placed before them).
  'Recipient',
  'Phone',
  'Address',
  'City',
  // Issue 40: the state's or province's code ("TX"); empty for other countries.
  'State',
  'Postal code',
  'Country',
] as const;

type Kinds = typeof TENDER_KINDS;
type Word = Kinds[TenderKindName]['word'];
type CreditWord = {
  [K in TenderKindName]: Kinds[K] extends { credit: true } ? Kinds[K]['word'] : never;
}[TenderKindName];

/** The tender kinds' columns, made from their words (domain/tenders.ts TENDER_KINDS, in its order): what each paid
 *  ("Gift card") and what went back to it ("Refunded to gift card"); each credit kind's ("Credited as store credit"). */
const KINDS = Object.keys(TENDER_KINDS) as TenderKindName[];
const EXPORT_TENDERS = KINDS.map((kind) => ({
  kind,
  paid: tenderLabel(kind) as Capitalize<Word>,
  back: `Refunded to ${tenderWord(kind)}` as `Refunded to ${Word}`,
}));
/** The credit kinds (a refund of any of the order's money onto an account) and their column. */
const EXPORT_CREDITS = KINDS.filter(isCreditKind).map((kind) => ({
  kind,
  column: `Credited as ${tenderWord(kind)}` as `Credited as ${CreditWord}`,
}));

export type OrderExportColumn =
  | (typeof ORDER_COLUMNS)[number]
  | 'Provider'
  | 'Refunded to provider'
  | (typeof EXPORT_TENDERS)[number]['paid' | 'back']
  | (typeof EXPORT_CREDITS)[number]['column'];

/**
 * Issue 39, appended so spreadsheets built on the columns above keep working: who paid the Total (the order's
 * ledger, domain/ledger.ts): each tender kind (gift cards, store credit), and the payment provider the rest (Total −
 * the tenders; it is paid when Payment status says so: an unpaid order's provider share is still due). Their sum is
 * the Total. Then where the refunds went: back to the provider, to the tenders that paid (never more than each
 * paid), or onto the account's credit from any of the order's money ("Credited as store credit"). Their sum is
 * Refunded; an unpaid order cancelled or expired gave its tenders back in full without a refund. A new way to pay
 * (a kind in TENDER_KINDS) gets its columns appended to these.
 */
export const ORDER_EXPORT_COLUMNS: readonly OrderExportColumn[] = [
  ...ORDER_COLUMNS,
  ...EXPORT_TENDERS.map((t) => t.paid),
  'Provider',
  'Refunded to provider',
  ...EXPORT_TENDERS.map((t) => t.back),
  ...EXPORT_CREDITS.map((c) => c.column),
];

/** A spreadsheet runs a cell starting with these as a formula (CSV injection): such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a spreadsheet shows it, never as a formula to run. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

// Keyed by string, not OrderStatus, so a status added to the type reads as itself until it is named here.
const STATUS_WORDS: Readonly<Record<string, string>> = {
  awaiting_payment: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** The Status cell: the order's step, and what came back when something did, so a fully refunded delivered
 *  order never reads as delivered at full value. */
export function exportStatus(order: Pick<Order, 'status' | 'paymentStatus'>): string {
  const step = STATUS_WORDS[order.status] ?? order.status.replace(/_/g, ' ');
  if (order.paymentStatus === 'refunded') return `${step}, refunded`;
  if (order.paymentStatus === 'partially_refunded') return `${step}, partially refunded`;
  return step;
}

/** Which gateway took a payment. Every stored result names it; the id prefix the simulated gateway gives
 *  (adapters/payments/simulated.ts) is read for a record that might not. */
const providerOf = (result: PaymentResult): PaymentResult['provider'] =>
  result.provider ?? (result.id.startsWith('SIMULATED-') ? 'simulated' : 'paypal');

const PROVIDER_WORDS: Record<PaymentResult['provider'], string> = { paypal: 'PayPal', simulated: 'Test payment' };

/**
 * The Payment method cell, as charged: the provider of the payment the order recorded ("Test payment" for the
 * simulated gateway, never "PayPal"). An unpaid order (or one that ended unpaid) names what would charge it, marked
 * "(not paid)": the customer's choice, or "Test payment" while the shop runs without PayPal credentials (`paymentMode`
 * 'simulated'), since nothing else can pay it then. A paid order with no recorded result keeps its chosen method.
 */
export function exportPaymentMethod(
  order: Pick<Order, 'paymentMethod' | 'paymentResult' | 'paidAt'>,
  paymentMode: PaymentMode | undefined,
): string {
  if (order.paymentResult) return PROVIDER_WORDS[providerOf(order.paymentResult)];
  if (order.paidAt) return order.paymentMethod;
  return `${paymentMode === 'simulated' ? PROVIDER_WORDS.simulated : order.paymentMethod} (not paid)`;
}

/** One line of the Items cell: "2 × Headphones (Sand, SKU HP-SND)"; a product without variants has neither. */
export function exportLine(item: Pick<OrderItem, 'qty' | 'name' | 'variantLabel' | 'sku'>): string {
  const details = [item.variantLabel, item.sku ? `SKU ${item.sku}` : ''].filter(Boolean);
  return `${item.qty} × ${item.name}${details.length ? ` (${details.join(', ')})` : ''}`;
}

/** The payment columns of an order, in cents, from its ledger's payments (the answer's dollars read back). */
export function exportPayments(order: Pick<Order, 'totalPrice' | 'tenders' | 'refunds'>) {
  const payments = ledgerPayments({
    totalCents: toCents(order.totalPrice),
    tenders: (order.tenders ?? []).map((t) => ({
      kind: t.kind,
      amountCents: toCents(t.amount),
      refundedCents: toCents(t.refunded),
    })),
    refunds: (order.refunds ?? []).map((r) => ({
      status: r.status,
      amountCents: toCents(r.amount),
      parts: (r.parts ?? []).map((p) => ({ kind: p.kind, amountCents: toCents(p.amount), credit: !!p.credit })),
    })),
  });
  const tendered = (order.tenders ?? []).reduce((sum, t) => sum + toCents(t.amount), 0);
  const sum = (kind: string, credit: boolean, pick: 'paidCents' | 'refundedCents') =>
    payments.filter((p) => p.kind === kind && !!p.credit === credit).reduce((s, p) => s + p[pick], 0);
  const provider = payments.find((p) => p.kind === 'provider');
  return {
    provider: { paidCents: toCents(order.totalPrice) - tendered, refundedCents: provider?.refundedCents ?? 0 },
    tenders: EXPORT_TENDERS.map((t) => ({
      ...t,
      paidCents: sum(t.kind, false, 'paidCents'),
      refundedCents: sum(t.kind, false, 'refundedCents'),
    })),
    credits: EXPORT_CREDITS.map((c) => ({ ...c, cents: sum(c.kind, true, 'refundedCents') })),
  };
}

/** Cents as the export writes them: "1234.50" (no currency sign, no thousands separator). */
const amount = (cents: number) => toAmountString(cents);

/**
 * One order's row, in ORDER_EXPORT_COLUMNS' order: text neutralised, amounts in cents written with 2 decimals.
 * `paymentMode`: the payment gateway's mode (Ports.payments.mode), for an unpaid order's method.
 */
export function orderCsvRow(order: Order, paymentMode?: PaymentMode): (string | number)[] {
  const text = (value: string | null | undefined) => neutraliseFormula(value ?? '');
  const a = order.shippingAddress;
  const totalCents = toCents(order.totalPrice);
  const netCents = totalCents - toCents(order.refundedTotal);
  const payments = exportPayments(order);
  return [
    orderNumber(order._id),
    order._id,
    order.createdAt,
    text(order.user.name),
    text(order.user.email),
    exportStatus(order),
    order.paidAt ?? '',
    order.deliveredAt ?? '',
    text(order.shippingMethod?.label),
    text(order.carrier),
    text(order.trackingNumber),
    text(order.orderItems.map(exportLine).join('; ')),
    order.orderItems.reduce((n, i) => n + i.qty, 0),
    amount(toCents(order.itemsPrice)),
    amount(toCents(order.discountPrice)),
    text(order.couponCode),
    amount(toCents(order.shippingPrice)),
    amount(toCents(order.taxPrice)),
    amount(totalCents),
    amount(toCents(order.refundedTotal)),
    amount(netCents),
    amount(countsAsRevenue(order.status) ? netCents : 0),
    order.currency,
    PAYMENT_STATUS_WORDS[order.paymentStatus],
    text(exportPaymentMethod(order, paymentMode)),
    text(a.recipientName),
    // A leading + is neutralised too: a spreadsheet would read "+49 30 1234567" as a formula (or a number).
    text(a.phone),
    text(a.address),
    text(a.city),
    text(a.state),
    text(a.postalCode),
    text(a.country),
    ...payments.tenders.map((t) => amount(t.paidCents)),
    amount(payments.provider.paidCents),
    amount(payments.provider.refundedCents),
    ...payments.tenders.map((t) => amount(t.refundedCents)),
    ...payments.credits.map((c) => amount(c.cents)),
  ];
}

/** A row as a spreadsheet reads it: each column's cell by name (a parsed CSV record, or orderCsvRow's array). */
export type OrderCsvRecord = Readonly<Partial<Record<string, string | number>>>;

/** Cents of an amount cell: exactly a plain number with 2 decimals ("12.50"), else null (not an amount). */
function cellCents(value: string | number | undefined): number | null {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(String(value ?? ''));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/**
 * Whether an export row adds up, to the cent: every amount a plain 2-decimal number, Items price − Discount +
 * Shipping + Tax = Total, Total − Refunded = Net, and Revenue is Net or 0; and who paid (issue 39): Gift card +
 * Store credit + Provider = Total, none below 0, never more back to one of them than it paid, and the refunds' parts
 * (to the provider, the tenders, the credit) sum to Refunded. An unpaid order refunded nothing: its tenders are
 * either still held or were given back in full (cancelled or expired). What an accountant checks first; the
 * property test (orderExport.test.ts) and the API test hold every row to it.
 */
export function csvRowReconciles(row: OrderCsvRecord | readonly (string | number)[]): boolean {
  const cells: OrderCsvRecord = Array.isArray(row)
    ? Object.fromEntries(ORDER_EXPORT_COLUMNS.map((column, i) => [column, row[i]]))
    : (row as OrderCsvRecord);
  const [items, discount, shipping, tax, total, refunded, net, revenue] = (
    ['Items price', 'Discount', 'Shipping', 'Tax', 'Total', 'Refunded', 'Net', 'Revenue'] as const
  ).map((column) => cellCents(cells[column]));
  if ([items, discount, shipping, tax, total, refunded, net, revenue].some((c) => c === null)) return false;
  const adds =
    items! - discount! + shipping! + tax! === total! &&
    total! - refunded! === net! &&
    (revenue === net || revenue === 0) &&
    refunded! >= 0 &&
    refunded! <= total!;
  return adds && paymentsReconcile(cells, total!, refunded!);
}

/** The payment columns against the Total and Refunded (see csvRowReconciles). */
function paymentsReconcile(cells: OrderCsvRecord, total: number, refunded: number): boolean {
  const payers = [
    { paid: cellCents(cells.Provider), back: cellCents(cells['Refunded to provider']) },
    ...EXPORT_TENDERS.map((t) => ({ paid: cellCents(cells[t.paid]), back: cellCents(cells[t.back]) })),
  ];
  const creditCells = EXPORT_CREDITS.map((c) => cellCents(cells[c.column]));
  if (payers.some((p) => p.paid === null || p.back === null) || creditCells.some((c) => c === null)) return false;
  const paid = payers.map((p) => p.paid!);
  const back = payers.map((p) => p.back!);
  const credits = creditCells.map((c) => c!);
  if ([...paid, ...back, ...credits].some((c) => c < 0)) return false;
  if (paid.reduce((sum, c) => sum + c, 0) !== total) return false;
  if (back.some((b, i) => b > paid[i]!)) return false;
  const credited = credits.reduce((sum, c) => sum + c, 0);
  if (cells['Payment status'] === PAYMENT_STATUS_WORDS.unpaid)
    // Nothing was refunded; a released tender went back whole (its column: all it paid, or nothing yet).
    return (
      refunded === 0 && back[0] === 0 && credited === 0 && back.every((b, i) => i === 0 || b === 0 || b === paid[i])
    );
  return back.reduce((sum, b) => sum + b, 0) + credited === refunded;
}
