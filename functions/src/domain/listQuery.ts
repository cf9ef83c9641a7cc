// The contract of the bounded, server-side lists the admin (and a customer's own orders) page through:
// GET /api/orders, GET /api/orders/myorders and GET /api/users. One rule for both stores: pages of at most
// LIST_PAGE_SIZE, filtered and sorted by the store, never the whole table in one answer.
import { z } from 'zod';
import { plainString } from './schemas.js';
import type { Order, OrderStatus, UserSummary } from './types.js';
import { holdHasEnded, orderNumber } from './orders.js';

/** Rows per page of every admin list and of "my orders"; also the size of the plain-array answer (see below). */
export const LIST_PAGE_SIZE = 50;

/** Longest search term: the Firestore store indexes prefixes up to this length (customerSearchKeys). */
export const MAX_LIST_SEARCH = 30;

/** The admin's status filter, one per stored status (paid = paid and waiting to be shipped: the to-ship queue). */
export const ORDER_STATUS_FILTERS = {
  unpaid: 'awaiting_payment',
  paid: 'paid',
  shipped: 'shipped',
  delivered: 'delivered',
  expired: 'expired',
  cancelled: 'cancelled',
} as const satisfies Record<string, OrderStatus>;
export type OrderStatusFilter = keyof typeof ORDER_STATUS_FILTERS;

export const ORDER_SORTS = ['newest', 'oldest'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderListQuery {
  /** Only this customer's orders (my orders); absent: every customer's (admin). */
  userId?: string;
  status?: OrderStatus;
  /** Only orders with a request waiting for the shop (domain/lifecycle.ts waitingRequests; admin). */
  requests?: 'waiting';
  /** Lower-cased prefix of the customer's email or of a word of their name; '' means all. */
  search: string;
  sort: OrderSort;
  page: number;
  pageSize: number;
}

export interface OrderPage {
  orders: Order[];
  page: number;
  pages: number;
  /** How many orders match the filters (all pages). */
  total: number;
}

export interface UserListQuery {
  /** Lower-cased prefix of the email or of a word of the name; '' means all. */
  search: string;
  page: number;
  pageSize: number;
}

export interface UserPage<U extends UserSummary = UserSummary> {
  users: U[];
  page: number;
  pages: number;
  total: number;
}

/** Page count for `total` rows: at least 1, so page 1 of an empty list is a valid (empty) page. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

const pageNumberSchema = z.coerce
  .number({ error: 'pageNumber must be a number' })
  .int('pageNumber must be a whole number')
  .min(1, 'pageNumber must be at least 1')
  .max(1_000_000, 'pageNumber must be at most 1000000');

// One word (keys are per word): "Bob Chen" searches "bob", the first word, in both stores alike.
const searchSchema = plainString('Search')
  .trim()
  .transform((s) => (s.split(/\s+/)[0] ?? '').toLowerCase())
  .pipe(z.string().max(MAX_LIST_SEARCH, `Search must be at most ${MAX_LIST_SEARCH} characters`))
  .optional()
  .default('');

/**
 * The query string of the order lists. Without pageNumber the answer is the spec's plain array (what the original
 * ProShop clients read), bounded to the first page; with pageNumber it is `{ orders, page, pages, total }`.
 */
export const orderListQuerySchema = z.object({
  pageNumber: pageNumberSchema.optional(),
  // "#D0728E" as the customer reads it out: the number without its '#'.
  search: searchSchema.transform((s) => s.replace(/^#/, '')),
  status: z
    .enum(Object.keys(ORDER_STATUS_FILTERS) as [OrderStatusFilter, ...OrderStatusFilter[]], {
      error: `status must be one of ${Object.keys(ORDER_STATUS_FILTERS).join(', ')}`,
    })
    .optional(),
  sort: z.enum(ORDER_SORTS, { error: 'sort must be newest or oldest' }).optional().default('newest'),
  requests: z.enum(['waiting'], { error: 'requests must be waiting' }).optional(),
});

export const userListQuerySchema = z.object({
  pageNumber: pageNumberSchema.optional(),
  search: searchSchema,
});

/** The search keys one customer answers to: every prefix (up to MAX_LIST_SEARCH) of the lower-cased email and of
 *  each lower-cased word of the name. Firestore matches `array-contains`; the SQL store matches the same rule by LIKE. */
export function customerSearchKeys(name: string, email: string): string[] {
  const keys = new Set<string>();
  for (const word of [email.toLowerCase(), ...name.toLowerCase().split(/\s+/)]) {
    for (let n = 1; n <= Math.min(word.length, MAX_LIST_SEARCH); n++) keys.add(word.slice(0, n));
  }
  return [...keys];
}

/** What an order answers to in the admin's search: its customer (customerSearchKeys), the number the customer
 *  sees (orderNumber, lower-cased) and its whole id (lower-cased). */
export function orderSearchKeys(id: string, name: string, email: string): string[] {
  return [...new Set([...customerSearchKeys(name, email), orderNumber(id).toLowerCase(), id.toLowerCase()])];
}

/**
 * Which rows page `page` is, as the store reads them: pages in the back half are read from the other end (the
 * reverse order, a smaller offset, then reversed back), so the last page costs what the first does.
 * `count` 0 means the page is past the end (an empty page).
 */
/** How deep a list page may start from its nearer end on Firestore (the admin's orders and users, a customer's
 *  orders): a page-number API has no page tokens, so reaching a page costs a projected read of the documents
 *  before it (Firestore bills an `offset`'s skipped documents the same). With 50 a page: the first and the last
 *  21 pages of any list; pages in between of a longer list are refused (400, listDepthMessage). */
export const MAX_LIST_DEPTH = 1000;

export const listDepthMessage = (page: number) =>
  `Page ${page} is too deep in this list: only pages starting within ${MAX_LIST_DEPTH} entries of its first or last entry are served. Narrow it with a search or a status.`;

export function pageWindow(total: number, page: number, pageSize: number) {
  const start = (page - 1) * pageSize;
  const end = Math.min(start + pageSize, total);
  const count = Math.max(0, end - start);
  const fromEnd = count > 0 && total - end < start;
  return { fromEnd, offset: fromEnd ? total - end : start, count };
}

/** GET /api/users/:id/open-orders (admin): a customer's orders still open, which the delete confirmation warns of. */
export interface OpenOrders {
  /** Unpaid and still holding their stock (an ended hold no longer counts, even before the sweeper expires it). */
  unpaid: number;
  /** Paid and not delivered yet. */
  undelivered: number;
}

/** How many orders are open, from the customer's unpaid orders (oldest first, so those whose hold ended, being the
 *  oldest, are on the page) and the count of their paid, undelivered ones. */
export function countOpenOrders(
  unpaid: Pick<OrderPage, 'orders' | 'total'>,
  undelivered: number,
  now: Date,
): OpenOrders {
  const ended = unpaid.orders.filter((order) => holdHasEnded(order, now)).length;
  return { unpaid: Math.max(0, unpaid.total - ended), undelivered };
}
