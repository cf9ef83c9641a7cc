// The admin dashboard's figures per day (GET /api/admin/stats): how many orders were placed on a day, and the revenue
// of that day's orders: those paid (or delivered), net of what was refunded. A day is the order's creation day
// (UTC), whatever day it was later paid or refunded on: both stores count the same way (embedded: one SQL query over
// the orders; Firestore: counters kept in each order change's transaction, adapters/firebase/store/orderStats.ts).
import { isPaidStatus, statusOf, type OrderRecord } from './orders.js';
import { refundedCents } from './refunds.js';

/** What a day's counters gain from one order change (negative revenue: a refund, a cancelled payment). */
export interface OrderStatsDelta {
  /** The order's creation day, YYYY-MM-DD (UTC). */
  day: string;
  orders: number;
  revenueCents: number;
}

type Counted = Pick<OrderRecord, 'createdAt' | 'status' | 'cancelledAt' | 'totalCents' | 'refunds'>;

/** An order's part of its day's revenue: its total net of refunds when paid or delivered, else nothing. */
export const revenueCentsOf = (order: Counted) =>
  isPaidStatus(statusOf(order)) ? order.totalCents - refundedCents(order) : 0;

/** The day of an order's counters. */
export const statsDayOf = (order: Pick<OrderRecord, 'createdAt'>) => order.createdAt.slice(0, 10);

/**
 * What one change of an order adds to its day's counters: `before` null for a new order (one more order), then the
 * difference of its revenue part. Null when nothing changes (a delivery, an unpaid cancel or expiry, a request),
 * so the store writes nothing.
 */
export function orderStatsDelta(before: Counted | null, after: Counted): OrderStatsDelta | null {
  const orders = before ? 0 : 1;
  const revenueCents = revenueCentsOf(after) - (before ? revenueCentsOf(before) : 0);
  if (orders === 0 && revenueCents === 0) return null;
  return { day: statsDayOf(after), orders, revenueCents };
}
