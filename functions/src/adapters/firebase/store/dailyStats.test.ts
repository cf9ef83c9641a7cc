// The admin stats on Firestore stay bounded: a quiet period is read order by order (at most
// DAILY_STATS_READ_LIMIT), a busy one is counted per day by aggregations; both give the same rows. Runs on an
// in-memory stand-in for the few query methods used (the real Firestore runs the store contract in CI's job
// `firebase`).
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { isPaidStatus, type OrderStatus } from '../../../domain/index.js';
import { DAILY_STATS_READ_LIMIT, FirestoreOrders, PAID_STATUSES } from './orders.js';

type Row = { createdAt: string; status: OrderStatus; totalCents: number; refundedCents?: number };
type Field = 'createdAt' | 'status' | 'totalCents';

function fakeDb(rows: Row[], reads: { documents: number; aggregations: number }) {
  const query = (docs: Row[], limit = Infinity): any => ({
    where: (field: Field, op: string, value: any) =>
      query(
        docs.filter((d) =>
          op === '>='
            ? d[field] >= value
            : op === '<'
              ? d[field] < value
              : op === 'in'
                ? value.includes(d[field])
                : d[field] === value,
        ),
        limit,
      ),
    select: () => query(docs, limit),
    orderBy: (field: Field, dir: string) =>
      query(
        [...docs].sort((a, b) => (a[field] < b[field] ? -1 : 1) * (dir === 'desc' ? -1 : 1)),
        limit,
      ),
    limit: (n: number) => query(docs, n),
    get: async () => {
      const page = docs.slice(0, limit);
      reads.documents += page.length;
      return { size: page.length, docs: page.map((d) => ({ get: (f: keyof Row) => d[f] })) };
    },
    count: () => ({
      get: async () => {
        reads.aggregations++;
        return { data: () => ({ count: docs.length }) };
      },
    }),
    aggregate: () => ({
      get: async () => {
        reads.aggregations++;
        // Firestore's sum skips documents without the field.
        const sum = (f: 'totalCents' | 'refundedCents') => docs.reduce((total, d) => total + (d[f] ?? 0), 0);
        return { data: () => ({ cents: sum('totalCents'), refunded: sum('refundedCents') }) };
      },
    }),
  });
  return { collection: () => query(rows) } as unknown as Firestore;
}

const since = new Date('2026-11-01T00:00:00.000Z');
function orders(perDay: number): Row[] {
  const rows: Row[] = [{ createdAt: '2026-10-31T23:59:59.000Z', status: 'paid', totalCents: 999 }]; // before
  const statuses: OrderStatus[] = ['paid', 'delivered', 'awaiting_payment', 'expired'];
  for (const day of ['2026-11-01', '2026-11-03', '2026-11-04'])
    for (let i = 0; i < perDay; i++)
      rows.push({
        createdAt: `${day}T${String(i % 24).padStart(2, '0')}:00:00.000Z`,
        status: statuses[i % 4]!,
        totalCents: 100 + i,
        // Every third order had a part of it refunded.
        ...(i % 3 === 0 ? { refundedCents: 40 } : {}),
      });
  return rows;
}

describe('dailyStats on Firestore', () => {
  it('a busy period is counted per day by aggregations, with the same rows (net of refunds) as reading every order', async () => {
    const perDay = Math.ceil(DAILY_STATS_READ_LIMIT / 2);
    const rows = orders(perDay);
    const reads = { documents: 0, aggregations: 0 };
    const stats = await new FirestoreOrders(fakeDb(rows, reads)).dailyStats(since);

    const expected = ['2026-11-01', '2026-11-03', '2026-11-04'].map((day) => {
      const of = rows.filter((r) => r.createdAt.startsWith(day));
      const cents = of
        .filter((r) => isPaidStatus(r.status))
        .reduce((s, r) => s + r.totalCents - (r.refundedCents ?? 0), 0);
      return { day, orders: of.length, revenue: cents / 100 };
    });
    expect(stats).toEqual(expected);
    // The bounded first read, the newest order, then 2 aggregations for each of the 4 days up to the newest.
    expect(reads.documents).toBe(DAILY_STATS_READ_LIMIT + 1);
    expect(reads.aggregations).toBe(2 * 4);
  });

  it('a quiet period is read order by order, as before', async () => {
    const reads = { documents: 0, aggregations: 0 };
    const stats = await new FirestoreOrders(fakeDb(orders(5), reads)).dailyStats(since);
    expect(stats.map((r) => [r.day, r.orders])).toEqual([
      ['2026-11-01', 5],
      ['2026-11-03', 5],
      ['2026-11-04', 5],
    ]);
    expect(reads).toEqual({ documents: 15, aggregations: 0 });
    // Net of refunds: day 1's paid orders are i = 0, 1, 4 (paid, delivered, paid); order 0 had 40 cents refunded
    // (order 3 too, but it expired: not revenue).
    expect(stats[0]!.revenue).toBe((100 + 101 + 104 - 40) / 100);
  });

  it('sums the statuses the domain counts as paid', () => {
    for (const status of ['awaiting_payment', 'paid', 'delivered', 'expired'] as OrderStatus[])
      expect(PAID_STATUSES.includes(status), status).toBe(isPaidStatus(status));
  });
});
