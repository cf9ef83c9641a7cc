// The admin dashboard's figures per day (GET /api/admin/stats): how many orders were placed on a day, and the revenue
// of that day's orders: those paid (paid, shipped or delivered: countsAsRevenue), net of what was refunded. The
// revenue rule is written here once; the CSV export's Revenue column (domain/orderExport.ts) uses it too. A day is the order's creation day
// (UTC), whatever day it was later paid or refunded on: both stores count the same way (embedded: one SQL query over
// the orders; Firestore: counters kept in each order change's transaction, adapters/firebase/store/orderStats.ts).
// Issue 39: whoever paid the total (a gift card's or store credit's share counts when spent; docs/architecture.md
// "An order's payments as tenders" says why).
import { ORDER_STATUS_FILTERS } from './listQuery.js';
import { isPaidStatus } from './orderMoney.js';
import { statusOf, type OrderRecord } from './orders.js';
import { refundedCents } from './refunds.js';
import type { OrderStatus } from './types.js';

/** What a day's counters gain from one order change (negative revenue: a refund, a cancelled payment). */
export interface OrderStatsDelta {
  /** The order's creation day, YYYY-MM-DD (UTC). */
  day: string;
  orders: number;
  revenueCents: number;
}

type Counted = Pick<OrderRecord, 'createdAt' | 'status' | 'cancelledAt' | 'totalCents' | 'refunds'>;

/**
 * Whether an order's money counts as revenue: while it is paid and not undone (paid, shipped, delivered), i.e. the
 * statuses isPaidStatus names, so a status added there counts here too. Unpaid, expired and cancelled orders count
 * nothing (a paid order is cancelled only by refunding all that remained).
 */
export const countsAsRevenue = (status: OrderStatus) => isPaidStatus(status);

/** An order's revenue: its total net of completed refunds while it counts as revenue, else nothing. */
export const revenueCents = (order: Pick<OrderRecord, 'status' | 'cancelledAt' | 'totalCents' | 'refunds'>) =>
  countsAsRevenue(statusOf(order)) ? order.totalCents - refundedCents(order) : 0;

/**
 * The stored statuses whose orders count as revenue, for a store that sums in its own query (the embedded store's
 * dailyStats: `status IN (…)` over these, net of completed refunds). Derived from countsAsRevenue over every status
 * (the admin's status filters name each one once; orderStats.test.ts holds them to the OrderStatus type). A record
 * stored 'expired' with cancelledAt (before issue 28) is a cancel either way and counts in neither reading.
 */
export const revenueStatuses = (): OrderStatus[] => Object.values(ORDER_STATUS_FILTERS).filter(countsAsRevenue);

/** The day of an order's counters. */
export const statsDayOf = (order: Pick<OrderRecord, 'createdAt'>) => order.createdAt.slice(0, 10);

/**
 * What one change of an order adds to its day's counters: `before` null for a new order (one more order), then the
 * difference of its revenue part. Null when nothing changes (a delivery, an unpaid cancel or expiry, a request),
 * so the store writes nothing.
 */
export function orderStatsDelta(before: Counted | null, after: Counted): OrderStatsDelta | null {
  const orders = before ? 0 : 1;
  const revenue = revenueCents(after) - (before ? revenueCents(before) : 0);
  if (orders === 0 && revenue === 0) return null;
  return { day: statsDayOf(after), orders, revenueCents: revenue };
}
