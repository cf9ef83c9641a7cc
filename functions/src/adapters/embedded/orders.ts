// The embedded store's order queries (ports.ts OrderQueries): the reads of the order pages, the list, the export and
// the dashboard, the notes, and which orders the sweeps visit. Every order change is a use case (orders/) run over
// this store's unit of work (unitOfWork.ts).
import type { InValue, Row } from './sql.js';
import {
  notFound,
  ORDER_MESSAGES,
  pageCount,
  pageWindow,
  revenueCents,
  statsDayOf,
  holdReminderWindow,
  toDollars,
  EXPORT_BATCH_SIZE,
  type Order,
  type OrderListQuery,
  type OrderPage,
  type OrderNote,
  type OrderExportQuery,
  type OrderStatus,
  type RefundRecord,
} from '../../domain/index.js';
import { holdReminderKey } from '../../domain/holdReminders.js';
import type { OrderQueries } from '../../ports.js';
import type { Database } from './db.js';
import { customerMatch, newId, str, toOrder } from './mapping.js';

type Reader = Database['client'];

/** The SQL conditions of the admin's order filters, shared by the list and the CSV export: the customer, the status,
 *  and a search by customer, the order's number (its id's last 6, domain/listQuery's orderSearchKeys) or whole id. */
function orderFilters(query: { userId?: string; status?: OrderStatus; search?: string; requests?: 'waiting' }) {
  const conditions: string[] = [];
  const args: InValue[] = [];
  if (query.userId !== undefined) {
    conditions.push('user_id = ?');
    args.push(query.userId);
  }
  if (query.status !== undefined) {
    conditions.push('status = ?');
    args.push(query.status);
  }
  if (query.requests === 'waiting') conditions.push('(waiting_cancellation = 1 OR waiting_returns > 0)');
  if (query.search) {
    const customer = customerMatch('user_email', 'user_name', query.search);
    conditions.push(`(${customer.sql} OR lower(substr(id, -6)) = ? OR lower(id) = ?)`);
    args.push(...customer.args, query.search, query.search);
  }
  return { conditions, args };
}

export class SqlOrderQueries implements OrderQueries {
  constructor(private readonly db: Database) {}

  private async load(reader: Reader, where: string, args: InValue[]): Promise<Order[]> {
    const orders = await reader.execute({ sql: `SELECT * FROM orders ${where}`, args });
    return this.withItems(reader, orders.rows);
  }

  /** The orders' lines, in one query whatever the number of orders: the ids travel as ONE JSON argument, never
   *  one bound variable each (SQLite refuses more than 32,766). */
  private async withItems(reader: Reader, orderRows: Row[]): Promise<Order[]> {
    if (!orderRows.length) return [];
    const items = await reader.execute({
      sql: `SELECT * FROM order_items WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY order_id, line`,
      args: [JSON.stringify(orderRows.map((r) => str(r.id)))],
    });
    const byOrder = new Map<string, Row[]>();
    for (const item of items.rows) {
      const list = byOrder.get(str(item.order_id)) ?? [];
      list.push(item);
      byOrder.set(str(item.order_id), list);
    }
    return orderRows.map((order) => toOrder(order, byOrder.get(str(order.id)) ?? []));
  }

  async get(id: string) {
    return (await this.load(this.db.client, 'WHERE id = ?', [id]))[0] ?? null;
  }

  async list(query: OrderListQuery): Promise<OrderPage> {
    const { conditions, args } = orderFilters(query);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const c = this.db.client;
    const counted = await c.execute({ sql: `SELECT count(*) AS n FROM orders ${where}`, args });
    const total = Number(counted.rows[0]?.n ?? 0);
    const window = pageWindow(total, query.page, query.pageSize);
    const pages = pageCount(total, query.pageSize);
    if (window.count === 0) return { orders: [], page: query.page, pages, total };
    // Read from the nearer end of the list (pageWindow), then put the rows in the asked order.
    const descending = (query.sort === 'newest') !== window.fromEnd;
    const dir = descending ? 'DESC' : 'ASC';
    const rs = await c.execute({
      sql: `SELECT * FROM orders ${where} ORDER BY created_at ${dir}, id ${dir} LIMIT ? OFFSET ?`,
      args: [...args, window.count, window.offset],
    });
    const rows = window.fromEnd ? [...rs.rows].reverse() : rs.rows;
    return { orders: await this.withItems(c, rows), page: query.page, pages, total };
  }

  /** Keyset pages (created_at, id) after the last row read: each batch is one bounded query. */
  async *exportOrders(query: OrderExportQuery, batchSize = EXPORT_BATCH_SIZE): AsyncIterable<Order[]> {
    const { conditions, args } = orderFilters(query);
    if (query.from) {
      conditions.push('created_at >= ?');
      args.push(query.from);
    }
    if (query.to) {
      conditions.push('created_at < ?');
      args.push(query.to);
    }
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const page: string[] = after ? [...conditions, '(created_at > ? OR (created_at = ? AND id > ?))'] : conditions;
      const pageArgs: InValue[] = after ? [...args, after.createdAt, after.createdAt, after.id] : args;
      const where = page.length ? `WHERE ${page.join(' AND ')}` : '';
      const rs = await this.db.client.execute({
        sql: `SELECT * FROM orders ${where} ORDER BY created_at, id LIMIT ?`,
        args: [...pageArgs, batchSize],
      });
      if (!rs.rows.length) return;
      const last = rs.rows[rs.rows.length - 1]!;
      after = { createdAt: str(last.created_at), id: str(last.id) };
      yield await this.withItems(this.db.client, rs.rows);
      if (rs.rows.length < batchSize) return;
    }
  }

  /** The requests waiting for the shop (domain/lifecycle.ts waitingRequests), from the flags the order rows keep. */
  async requestsSummary(): Promise<{ cancellations: number; returns: number }> {
    const rs = await this.db.client.execute(
      `SELECT coalesce(sum(waiting_cancellation), 0) AS cancellations, coalesce(sum(waiting_returns), 0) AS returns
       FROM orders WHERE waiting_cancellation = 1 OR waiting_returns > 0`,
    );
    return { cancellations: Number(rs.rows[0]?.cancellations ?? 0), returns: Number(rs.rows[0]?.returns ?? 0) };
  }

  async paidWith(captureId: string): Promise<string | null> {
    const rs = await this.db.client.execute({ sql: 'SELECT id FROM orders WHERE capture_id = ?', args: [captureId] });
    return rs.rows[0] ? str(rs.rows[0].id) : null;
  }

  async addNote(id: string, note: { text: string; by: { _id: string; name: string } }, now: Date): Promise<OrderNote> {
    const added: OrderNote = { _id: newId(), text: note.text, createdAt: now.toISOString(), by: note.by };
    await this.db.write(async (tx) => {
      const exists = await tx.execute({ sql: 'SELECT 1 FROM orders WHERE id = ?', args: [id] });
      if (!exists.rows.length) throw notFound(ORDER_MESSAGES.notFound);
      await tx.execute({
        sql: 'INSERT INTO order_notes (id, order_id, text, by_id, by_name, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        args: [added._id, id, added.text, added.by._id, added.by.name, added.createdAt],
      });
    });
    return added;
  }

  async notes(id: string): Promise<OrderNote[]> {
    const rs = await this.db.client.execute({
      sql: 'SELECT * FROM order_notes WHERE order_id = ? ORDER BY created_at, id',
      args: [id],
    });
    return rs.rows.map((r) => ({
      _id: str(r.id),
      text: str(r.text),
      createdAt: str(r.created_at),
      by: { _id: str(r.by_id), name: str(r.by_name) },
    }));
  }

  async dueForExpiry(now: Date): Promise<string[]> {
    const rs = await this.db.client.execute({
      sql: "SELECT id FROM orders WHERE status = 'awaiting_payment' AND expires_at <= ?",
      args: [now.toISOString()],
    });
    return rs.rows.map((r) => str(r.id));
  }

  async dueForReminder(now: Date): Promise<string[]> {
    const { after, until } = holdReminderWindow(now);
    const rs = await this.db.client.execute({
      sql: `SELECT id FROM orders WHERE status = 'awaiting_payment' AND expires_at > ? AND expires_at <= ?
            AND NOT EXISTS (SELECT 1 FROM mail_outbox WHERE idempotency_key = ? || orders.id)`,
      args: [after, until, holdReminderKey('')],
    });
    return rs.rows.map((r) => str(r.id));
  }

  /** The orders of the period, folded by day with the domain's revenue rule (domain/orderStats.ts). */
  async dailyStats(since: Date) {
    const rs = await this.db.client.execute({
      sql: 'SELECT created_at, status, cancelled_at, total_cents, refunds_json FROM orders WHERE created_at >= ? ORDER BY created_at',
      args: [since.toISOString()],
    });
    const days = new Map<string, { orders: number; revenueCents: number }>();
    for (const r of rs.rows) {
      const order = {
        createdAt: str(r.created_at),
        status: str(r.status) as OrderStatus,
        cancelledAt: r.cancelled_at === null ? null : str(r.cancelled_at),
        totalCents: Number(r.total_cents),
        refunds: JSON.parse(str(r.refunds_json ?? '[]')) as RefundRecord[],
      };
      const day = days.get(statsDayOf(order)) ?? { orders: 0, revenueCents: 0 };
      day.orders++;
      day.revenueCents += revenueCents(order);
      days.set(statsDayOf(order), day);
    }
    return [...days].map(([day, d]) => ({ day, orders: d.orders, revenue: toDollars(d.revenueCents) }));
  }
}
