// The admin's customers (issue 40): every account, and every guest who placed an order (one per email key, the id
// guests.ts gives their orders), with their order figures. GET /api/customers lists them, GET /api/customers/:key
// answers one with their orders. Both stores count by the rules below.
import { z } from 'zod';
import { GUEST_NAME, guestCustomerId, isGuestCustomerId } from './guests.js';
import { LIST_PAGE_SIZE, MAX_LIST_SEARCH } from './listQuery.js';
import type { OrderRecord } from './orders.js';
import { refundedCents } from './refunds.js';
import { plainString } from './schemas.js';
import type { Order } from './types.js';

/** One customer as the admin's list shows it. Guests have no `_id` (they are keyed by their email). */
export interface Customer {
  /** The account's id; absent for a guest. */
  _id?: string;
  name: string;
  email: string;
  guest: boolean;
  /** Orders placed (any status: an unpaid or cancelled one is still an order the customer placed). */
  orders: number;
  /** Dollars: what their paid orders took, less what was refunded (customerSpentCents). */
  totalSpent: number;
  /** When their latest order was placed (ISO); null: none yet. */
  lastOrderAt: string | null;
}

export interface CustomerPage {
  customers: Customer[];
  page: number;
  pages: number;
  total: number;
}

/** GET /api/customers/:key: the customer and their orders, newest first (at most CUSTOMER_ORDERS_LIMIT). */
export interface CustomerDetail {
  customer: Customer;
  orders: Order[];
}

/** The orders a customer's page shows (newest first); the figures count them all. */
export const CUSTOMER_ORDERS_LIMIT = 100;

export interface CustomerListQuery {
  /** Lower-cased prefix of the email or of a word of the name ('' all), as the other admin lists search. */
  search: string;
  page: number;
  pageSize: number;
}

/** The list's order: the latest order first, customers without an order last, then by name and key. */
export const CUSTOMER_SORT = 'lastOrderAt desc, name, key';

const pageNumberSchema = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(1_000_000, 'page must be at most 1000000');

/** The list's query string: `?page=&keyword=` (one word, lower-cased, as the other admin lists search). */
export const customerListQuerySchema = z.object({
  page: pageNumberSchema.optional().default(1),
  keyword: plainString('Keyword')
    .trim()
    .transform((s) => (s.split(/\s+/)[0] ?? '').toLowerCase())
    .pipe(z.string().max(MAX_LIST_SEARCH, `Keyword must be at most ${MAX_LIST_SEARCH} characters`))
    .optional()
    .default(''),
});

export const CUSTOMER_PAGE_SIZE = LIST_PAGE_SIZE;

/**
 * The customer key of the API's path: an account's id, or for a guest the email (any case or "+tag": one key). The
 * store's id of that customer: the account id as is, the guest's `guest:<email key>`. Account ids never hold '@'
 * (embedded ids are hex, Firebase uids alphanumeric), so an '@' means a guest.
 */
export function customerIdOfKey(key: string): string {
  const k = key.trim();
  if (isGuestCustomerId(k)) return guestCustomerId(k.slice('guest:'.length));
  return k.includes('@') ? guestCustomerId(k) : k;
}

/** The key the web links a customer by: the account id, or the guest's email. */
export const customerKey = (c: Pick<Customer, '_id' | 'email'>) => c._id ?? c.email;

/** Cents an order counts toward its customer's total: its total once paid, less its completed refunds (a cancelled
 *  unpaid or expired order counts nothing; a refunded one what was kept). */
export function customerSpentCents(order: Pick<OrderRecord, 'paidAt' | 'totalCents' | 'refunds'>): number {
  if (!order.paidAt) return 0;
  return Math.max(0, order.totalCents - refundedCents(order));
}

/** The name a guest is shown by: the recipient of their latest order, else "Guest". */
export function guestNameOf(order: Pick<OrderRecord, 'shippingAddress'>): string {
  return order.shippingAddress.recipientName?.trim() || GUEST_NAME;
}
