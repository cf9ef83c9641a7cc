// The admin dashboard's counters on Firestore (GET /api/admin/stats, store.orders.dailyStats): orders placed and
// revenue per day, kept by the order changes themselves instead of counting orders on every refresh. Each change
// that moves a figure (place, pay, refund, a paid order cancelled; domain/orderStats.ts decides what it adds) adds
// to its day in the same transaction, so a refused or rolled-back change counts nothing.
//
// Documents: orderStats/{YYYY-MM}-{shard} = { month, shard, orders_DD, revenueCents_DD } for each day DD with
// figures (flat fields: the community emulator cannot increment a nested field path, and nothing needs the
// nesting; a month is at most 64 fields). A month in one document keeps a 30-day dashboard at two months' documents; ORDER_STATS_SHARDS per month (one picked at random
// by each write, summed on read) because Firestore sustains about one write per second per document: 10 shards take
// about 10 order changes a second before the counters queue (each write is an increment, read by no transaction, so
// a busier moment only waits on its shard's lock), as the stock and code shards of a drop do (docs/firebase.md
// "Hot documents"). The dashboard reads at most 2 × 10 = 20 documents.
import {
  FieldPath,
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { orderStatsDelta, toDollars } from '../../../domain/index.js';
import { COLLECTIONS, ORDER_STATS_COLLECTION } from '../../../firestore/schema.js';
import { ORDER_STATS_SHAPE } from '../../../firestore/queries.js';

/** Shards per month (see above). Raising it later is safe: readers sum every shard found. */
export const ORDER_STATS_SHARDS = 10;

type Counted = Parameters<typeof orderStatsDelta>[1];

/** One day's figures. */
interface DayCounters {
  orders: number;
  revenueCents: number;
}

/** A shard of a month: `orders_DD` and `revenueCents_DD` for its days with figures. */
export interface OrderStatsDoc {
  month: string;
  shard: number;
  [dayField: string]: string | number;
}

const ORDERS = 'orders_';
const REVENUE = 'revenueCents_';

const shardRef = (db: Firestore, month: string, shard: number) =>
  db.collection(ORDER_STATS_COLLECTION).doc(`${month}-${shard}`);

/**
 * Adds what the change from `before` (null: a new order) to `after` moves to its day's counters, as a write of `tx`
 * (no read: call it anywhere among the transaction's writes). Writes nothing when nothing moves.
 */
export function recordStats(tx: Transaction, db: Firestore, before: Counted | null, after: Counted): void {
  const delta = orderStatsDelta(before, after);
  if (!delta) return;
  const month = delta.day.slice(0, 7);
  const shard = Math.floor(Math.random() * ORDER_STATS_SHARDS);
  tx.set(
    shardRef(db, month, shard),
    {
      month,
      shard,
      [ORDERS + delta.day.slice(8, 10)]: FieldValue.increment(delta.orders),
      [REVENUE + delta.day.slice(8, 10)]: FieldValue.increment(delta.revenueCents),
    },
    { merge: true },
  );
}

/** The days since `since` (its UTC day) with orders, oldest first: one query over the months' shards. */
export async function readDailyStats(db: Firestore, since: Date) {
  const from = since.toISOString().slice(0, 10);
  const [{ field, op }] = ORDER_STATS_SHAPE.filters as [{ field: string; op: '>=' }];
  const snap = await db.collection(ORDER_STATS_COLLECTION).where(field, op, from.slice(0, 7)).get();
  const byDay = new Map<string, { orders: number; revenueCents: number }>();
  for (const d of snap.docs) {
    const data = d.data() as OrderStatsDoc;
    for (const [field, value] of Object.entries(data)) {
      const kind = field.startsWith(ORDERS) ? 'orders' : field.startsWith(REVENUE) ? 'revenueCents' : null;
      if (!kind) continue;
      const day = `${data.month}-${field.slice(kind === 'orders' ? ORDERS.length : REVENUE.length)}`;
      if (day < from) continue;
      const row = byDay.get(day) ?? { orders: 0, revenueCents: 0 };
      row[kind] += Number(value);
      byDay.set(day, row);
    }
  }
  return [...byDay.entries()]
    .filter(([, r]) => r.orders > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, r]) => ({ day, orders: r.orders, revenue: toDollars(r.revenueCents) }));
}

/** The counters of every month, rebuilt from the orders (the backfill: store/backfill.ts): each month's totals in
 *  its shard 0, the other shards emptied. */
export function countersFrom(orders: Counted[]): Map<string, Record<string, DayCounters>> {
  const months = new Map<string, Record<string, DayCounters>>();
  for (const order of orders) {
    const delta = orderStatsDelta(null, order)!;
    const month = delta.day.slice(0, 7);
    const days = months.get(month) ?? {};
    const day = (days[delta.day.slice(8, 10)] ??= { orders: 0, revenueCents: 0 });
    day.orders += delta.orders;
    day.revenueCents += delta.revenueCents;
    months.set(month, days);
  }
  return months;
}

/** Writes rebuilt counters (countersFrom): shard 0 set whole, the others emptied. */
export async function writeCounters(db: Firestore, months: Map<string, Record<string, DayCounters>>) {
  for (const [month, days] of months) {
    const batch = db.batch();
    const fields: OrderStatsDoc = { month, shard: 0 };
    for (const [dd, c] of Object.entries(days)) {
      fields[ORDERS + dd] = c.orders;
      fields[REVENUE + dd] = c.revenueCents;
    }
    batch.set(shardRef(db, month, 0), fields);
    for (let shard = 1; shard < ORDER_STATS_SHARDS; shard++) batch.set(shardRef(db, month, shard), { month, shard });
    await batch.commit();
  }
}

/**
 * Rebuilds every month's counters from the orders (a project with orders from before the counters: `npm run
 * backfill:firebase`). Reads the orders projected to the counted fields, in pages of `pageSize` by document id,
 * then writes each month whole. An order changed while it runs may be counted as it was; running it again (at a
 * quiet moment) makes the counters exact. Answers the orders counted.
 */
export async function backfillOrderStats(db: Firestore, pageSize = 1000): Promise<number> {
  const orders: Counted[] = [];
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const q = db
      .collection(COLLECTIONS.orders)
      .orderBy(FieldPath.documentId())
      .select('createdAt', 'status', 'cancelledAt', 'totalCents', 'refunds')
      .limit(pageSize);
    const page = await (after ? q.startAfter(after) : q).get();
    for (const d of page.docs) orders.push(d.data() as Counted);
    if (page.size < pageSize) break;
    // A cursor that moved nothing would read the same page forever (the community emulator ignores cursors).
    if (after && page.docs.at(-1)!.id === after.id)
      throw new Error('Order stats backfill: the cursor made no progress');
    after = page.docs.at(-1);
  }
  await writeCounters(db, countersFrom(orders));
  return orders.length;
}
