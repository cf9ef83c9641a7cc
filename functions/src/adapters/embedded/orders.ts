// The OrderStore port on the embedded database. Every write runs in one queued write transaction (db.ts), so a
// check (stock, status, hold) and the write it guards never interleave with another order's.
import type { InValue, Row, Transaction } from '@libsql/client';
import {
  assertCancellable,
  assertDeliverable,
  assertPayable,
  conflict,
  notFound,
  ORDER_MESSAGES,
  toDollars,
  type Order,
  type OrderStatus,
  pageCount,
  pageWindow,
  type OrderListQuery,
  type OrderPage,
  type PaymentResult,
} from '../../domain/index.js';
import type { OrderStore, PlaceOrderCommand } from '../../ports.js';
import type { Database } from './db.js';
import { customerMatch, str, toOrder } from './mapping.js';
import { OrderBatcher } from './orderBatch.js';

type Reader = Pick<Transaction, 'execute'>;

/** Gives an unpaid order's held stock back to the products that still exist (expiry and cancel). */
async function returnStock(tx: Transaction, orderId: string): Promise<void> {
  await tx.execute({
    sql: `UPDATE products SET count_in_stock = count_in_stock +
            (SELECT qty FROM order_items WHERE order_id = ?1 AND product_id = products.id)
          WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?1)`,
    args: [orderId],
  });
}

export class SqlOrders implements OrderStore {
  private readonly batcher: OrderBatcher;

  constructor(private readonly db: Database) {
    this.batcher = new OrderBatcher(db);
  }

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
    if (query.search) {
      const customer = customerMatch('user_email', 'user_name', query.search);
      conditions.push(customer.sql);
      args.push(...customer.args);
    }
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

  /** Group commit: see orderBatch.ts. */
  place(cmd: PlaceOrderCommand): Promise<Order> {
    return this.batcher.place(cmd);
  }

  async cancel(id: string, now: Date): Promise<Order> {
    await this.db.write(async (tx) => {
      const rs = await tx.execute({
        sql: 'SELECT status, expires_at, cancelled_at FROM orders WHERE id = ?',
        args: [id],
      });
      const row = rs.rows[0];
      if (!row) throw notFound(ORDER_MESSAGES.notFound);
      assertCancellable(
        {
          status: str(row.status) as OrderStatus,
          expiresAt: row.expires_at === null ? null : str(row.expires_at),
          cancelledAt: row.cancelled_at === null ? null : str(row.cancelled_at),
        },
        now,
      );
      await returnStock(tx, id);
      await tx.execute({
        sql: "UPDATE orders SET status = 'expired', cancelled_at = ? WHERE id = ?",
        args: [now.toISOString(), id],
      });
    });
    return (await this.get(id)) as Order;
  }

  async markPaid(id: string, payment: PaymentResult, now: Date): Promise<Order> {
    await this.db.write(async (tx) => {
      const [order] = await this.load(tx, 'WHERE id = ?', [id]);
      if (!order) throw notFound(ORDER_MESSAGES.notFound);
      assertPayable(order, now);
      const used = await tx.execute({ sql: 'SELECT id FROM orders WHERE capture_id = ?', args: [payment.id] });
      if (used.rows.length) throw conflict(ORDER_MESSAGES.captureUsed);
      await tx.execute({
        sql: "UPDATE orders SET status = 'paid', paid_at = ?, payment_json = ?, capture_id = ? WHERE id = ? AND status = 'awaiting_payment'",
        args: [now.toISOString(), JSON.stringify(payment), payment.id, id],
      });
    });
    return (await this.get(id)) as Order;
  }

  async paidWith(captureId: string): Promise<string | null> {
    const rs = await this.db.client.execute({ sql: 'SELECT id FROM orders WHERE capture_id = ?', args: [captureId] });
    return rs.rows[0] ? str(rs.rows[0].id) : null;
  }

  async markDelivered(id: string, now: Date): Promise<Order> {
    await this.db.write(async (tx) => {
      const rs = await tx.execute({ sql: 'SELECT status FROM orders WHERE id = ?', args: [id] });
      const row = rs.rows[0];
      if (!row) throw notFound(ORDER_MESSAGES.notFound);
      assertDeliverable({ status: str(row.status) as OrderStatus });
      await tx.execute({
        sql: "UPDATE orders SET status = 'delivered', delivered_at = ? WHERE id = ?",
        args: [now.toISOString(), id],
      });
    });
    return (await this.get(id)) as Order;
  }

  async expireStale(now: Date): Promise<number> {
    return this.db.write(async (tx) => {
      const stale = await tx.execute({
        sql: "SELECT id FROM orders WHERE status = 'awaiting_payment' AND expires_at <= ?",
        args: [now.toISOString()],
      });
      for (const row of stale.rows) {
        await returnStock(tx, str(row.id));
        await tx.execute({ sql: "UPDATE orders SET status = 'expired' WHERE id = ?", args: [str(row.id)] });
      }
      return stale.rows.length;
    });
  }

  async dailyStats(since: Date) {
    const rs = await this.db.client.execute({
      sql: `SELECT substr(created_at, 1, 10) AS day, count(*) AS orders,
                   sum(CASE WHEN status IN ('paid', 'delivered') THEN total_cents ELSE 0 END) AS revenue
            FROM orders WHERE created_at >= ? GROUP BY day ORDER BY day`,
      args: [since.toISOString()],
    });
    return rs.rows.map((r) => ({ day: str(r.day), orders: Number(r.orders), revenue: toDollars(Number(r.revenue)) }));
  }
}
