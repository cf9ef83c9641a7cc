// GET /api/orders/export.csv: which orders (the admin list's filters and a date range), the columns, and each
// order's row. The store pages through the orders in EXPORT_BATCH_SIZE batches (never all in memory); the route
// writes the rows through a CSV library as they come.
import { z } from 'zod';
import { orderListQuerySchema, ORDER_STATUS_FILTERS } from './listQuery.js';
import { orderNumber } from './orders.js';
import { plainString } from './schemas.js';
import type { Order, OrderStatus } from './types.js';

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

export const ORDER_EXPORT_COLUMNS = [
  'Order number',
  'Order ID',
  'Placed at',
  'Customer',
  'Email',
  'Status',
  'Paid at',
  'Delivered at',
  'Carrier',
  'Tracking number',
  'Items',
  'Units',
  'Items price',
  'Shipping',
  'Tax',
  'Total',
  'Currency',
  'Payment method',
  // Who the parcel goes to (issue 30's addresses; empty for an order placed before them).
  'Recipient',
  'Phone',
  'Address',
  'City',
  'Postal code',
  'Country',
] as const;

/** A spreadsheet runs a cell starting with these as a formula (CSV injection): such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a spreadsheet shows it, never as a formula to run. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const STATUS_LABEL: Record<OrderStatus, string> = {
  awaiting_payment: 'unpaid',
  paid: 'paid',
  shipped: 'shipped',
  delivered: 'delivered',
  expired: 'expired',
  cancelled: 'cancelled',
};

/** One order's row, in ORDER_EXPORT_COLUMNS' order: text neutralised, amounts as plain numbers (dollars). */
export function orderCsvRow(order: Order): (string | number)[] {
  const text = (value: string | null | undefined) => neutraliseFormula(value ?? '');
  const a = order.shippingAddress;
  return [
    orderNumber(order._id),
    order._id,
    order.createdAt,
    text(order.user.name),
    text(order.user.email),
    order.isCancelled ? 'cancelled' : STATUS_LABEL[order.status],
    order.paidAt ?? '',
    order.deliveredAt ?? '',
    text(order.carrier),
    text(order.trackingNumber),
    text(order.orderItems.map((i) => `${i.qty} x ${i.name}`).join('; ')),
    order.orderItems.reduce((n, i) => n + i.qty, 0),
    order.itemsPrice,
    order.shippingPrice,
    order.taxPrice,
    order.totalPrice,
    order.currency,
    text(order.paymentMethod),
    text(a.recipientName),
    // A leading + is neutralised too: a spreadsheet would read "+49 30 1234567" as a formula (or a number).
    text(a.phone),
    text(a.address),
    text(a.city),
    text(a.postalCode),
    text(a.country),
  ];
}
