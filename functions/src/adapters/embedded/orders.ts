// The OrderStore port on the embedded database. Every write runs in one queued write transaction (db.ts), so a
// check (stock, status, hold) and the write it guards never interleave with another order's. Each change records
// its email in the same transaction (mail/orderMails.ts, mailOutbox.ts recordMail): a refused or rolled-back
// change records none.
import type { InValue, Row, Transaction } from '@libsql/client';
import {
  cancelOrder,
  deliverOrder,
  expireOrder,
  holdReminderDue,
  holdReminderWindow,
  notFound,
  orderEvents,
  orderFromRecord,
  payOrder,
  ORDER_MESSAGES,
  toDollars,
  type Order,
  type DomainEvent,
  type OrderEvent,
  type OrderPatch,
  type OrderRecord,
  type ReleasedOrder,
  type StockLevel,
  pageCount,
  pageWindow,
  type OrderListQuery,
  type OrderPage,
  type PaymentResult,
} from '../../domain/index.js';
import {
  customerOrderMail,
  holdReminderKey,
  holdReminderMail,
  ownerOrderPaidMails,
  type OrderMailEvent,
} from '../../mail/orderMails.js';
import type { EventPublisher, OrderStore, PlaceOrderCommand } from '../../ports.js';
import type { Database } from './db.js';
import { recordMail } from './mailOutbox.js';
import { customerMatch, str, toOrder, toOrderRecord } from './mapping.js';

const productsOf = (order: OrderRecord) => order.orderItems.map((i) => i.product);
import { OrderBatcher } from './orderBatch.js';

type Reader = Pick<Transaction, 'execute'>;

/** The current stock of these products (those that still exist). */
async function stockOf(tx: Transaction, productIds: string[]): Promise<Map<string, number>> {
  const rs = await tx.execute({
    sql: 'SELECT id, count_in_stock FROM products WHERE id IN (SELECT value FROM json_each(?))',
    args: [JSON.stringify([...new Set(productIds)])],
  });
  return new Map(rs.rows.map((r) => [str(r.id), Number(r.count_in_stock)]));
}

/** Writes the stock levels a decision answered. */
async function writeStock(tx: Transaction, levels: readonly StockLevel[]): Promise<void> {
  for (const { product, countInStock } of levels) {
    await tx.execute({ sql: 'UPDATE products SET count_in_stock = ? WHERE id = ?', args: [countInStock, product] });
  }
}

/** Writes the fields a lifecycle decision changed (OrderPatch) to the orders row. */
async function writePatch(tx: Transaction, id: string, patch: OrderPatch): Promise<void> {
  const sets: string[] = [];
  const args: InValue[] = [];
  const set = (column: string, value: InValue) => {
    sets.push(`${column} = ?`);
    args.push(value);
  };
  if (patch.status !== undefined) set('status', patch.status);
  if (patch.paidAt !== undefined) set('paid_at', patch.paidAt);
  if (patch.paymentResult !== undefined) {
    set('payment_json', patch.paymentResult && JSON.stringify(patch.paymentResult));
    set('capture_id', patch.paymentResult?.id ?? null);
  }
  if (patch.deliveredAt !== undefined) set('delivered_at', patch.deliveredAt);
  if (patch.cancelledAt !== undefined) set('cancelled_at', patch.cancelledAt);
  if (!sets.length) return;
  await tx.execute({ sql: `UPDATE orders SET ${sets.join(', ')} WHERE id = ?`, args: [...args, id] });
}

/** The order emails' settings (adapters/embedded/index.ts). */
export interface OrderMailOptions {
  /** ORDER_ALERT_EMAIL: who hears of each paid order; unset: every admin (read in the payment's transaction). */
  alertEmail?: string;
  /** Called after a committed change recorded mail (the outbox worker's wake-up). */
  onRecorded?: () => void;
}

export class SqlOrders implements OrderStore {
  private readonly batcher: OrderBatcher;
  private readonly mailRecorded: () => void;

  constructor(
    private readonly db: Database,
    private readonly events: EventPublisher,
    private readonly mail: OrderMailOptions = {},
  ) {
    this.mailRecorded = () => mail.onRecorded?.();
    this.batcher = new OrderBatcher(db, events, this.mailRecorded);
  }

  /** Who receives the owner's alert for a paid order: ORDER_ALERT_EMAIL, else the admins as `tx` reads them. */
  private async alertRecipients(tx: Transaction): Promise<string[]> {
    if (this.mail.alertEmail) return [this.mail.alertEmail];
    const rs = await tx.execute('SELECT email FROM users WHERE is_admin = 1 ORDER BY created_at, id');
    return rs.rows.map((r) => str(r.email));
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
      // domain/listQuery's orderSearchKeys: the customer, the order's number (its id's last 6) or its whole id.
      const customer = customerMatch('user_email', 'user_name', query.search);
      conditions.push(`(${customer.sql} OR lower(substr(id, -6)) = ? OR lower(id) = ?)`);
      args.push(...customer.args, query.search, query.search);
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

  /** The order as the decisions read it, inside the write transaction. */
  private async record(tx: Transaction, id: string): Promise<OrderRecord> {
    const rows = await tx.execute({ sql: 'SELECT * FROM orders WHERE id = ?', args: [id] });
    const row = rows.rows[0];
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    const items = await tx.execute({ sql: 'SELECT * FROM order_items WHERE order_id = ? ORDER BY line', args: [id] });
    return toOrderRecord(row, items.rows);
  }

  /** Runs a lifecycle decision on one order in a write transaction and writes what it answered; once committed,
   *  publishes its events and answers the order as it now is (the record with the patch: no read after the write). */
  private async change(
    id: string,
    type: OrderEvent['type'],
    now: Date,
    mail: OrderMailEvent,
    decide: (tx: Transaction, order: OrderRecord) => Promise<ReleasedOrder> | ReleasedOrder,
  ): Promise<Order> {
    const { order, events } = await this.db.write(async (tx) => {
      const loaded = await this.record(tx, id);
      const { patch, stock } = await decide(tx, loaded);
      await writeStock(tx, stock);
      await writePatch(tx, id, patch);
      const changed = { ...loaded, ...patch };
      await recordMail(tx, customerOrderMail(mail, id, changed, now), now);
      if (mail === 'paid')
        for (const alert of ownerOrderPaidMails(id, changed, await this.alertRecipients(tx)))
          await recordMail(tx, alert, now);
      const order = orderFromRecord(id, changed);
      return { order, events: orderEvents(type, order, stock) };
    });
    this.events.publish(events);
    this.mailRecorded();
    return order;
  }

  cancel(id: string, now: Date): Promise<Order> {
    return this.change(id, 'OrderCancelled', now, 'cancelled', async (tx, order) =>
      cancelOrder(order, await stockOf(tx, productsOf(order)), now),
    );
  }

  markPaid(id: string, payment: PaymentResult, now: Date): Promise<Order> {
    return this.change(id, 'OrderPaid', now, 'paid', async (tx, order) => {
      const used = await tx.execute({ sql: 'SELECT id FROM orders WHERE capture_id = ?', args: [payment.id] });
      return { patch: payOrder(order, payment, used.rows.length > 0, now), stock: [] };
    });
  }

  async paidWith(captureId: string): Promise<string | null> {
    const rs = await this.db.client.execute({ sql: 'SELECT id FROM orders WHERE capture_id = ?', args: [captureId] });
    return rs.rows[0] ? str(rs.rows[0].id) : null;
  }

  markDelivered(id: string, now: Date): Promise<Order> {
    return this.change(id, 'OrderDelivered', now, 'delivered', (_tx, order) => ({
      patch: deliverOrder(order, now),
      stock: [],
    }));
  }

  async expireStale(now: Date): Promise<number> {
    const events = await this.db.write(async (tx) => {
      const stale = await tx.execute({
        sql: "SELECT id FROM orders WHERE status = 'awaiting_payment' AND expires_at <= ?",
        args: [now.toISOString()],
      });
      const expired: DomainEvent[] = [];
      for (const row of stale.rows) {
        const id = str(row.id);
        const order = await this.record(tx, id);
        const decision = expireOrder(order, await stockOf(tx, productsOf(order)), now);
        if (!decision) continue;
        await writeStock(tx, decision.stock);
        await writePatch(tx, id, decision.patch);
        const changed = { ...order, ...decision.patch };
        await recordMail(tx, customerOrderMail('expired', id, changed, now), now);
        expired.push(...orderEvents('OrderExpired', orderFromRecord(id, changed), decision.stock));
      }
      return expired;
    });
    this.events.publish(events);
    if (events.length) this.mailRecorded();
    return events.filter((e) => e.type === 'OrderExpired').length;
  }

  async remindUnpaid(now: Date): Promise<number> {
    const { after, until } = holdReminderWindow(now);
    const candidates = `SELECT id FROM orders WHERE status = 'awaiting_payment' AND expires_at > ? AND expires_at <= ?
                        AND NOT EXISTS (SELECT 1 FROM mail_outbox WHERE idempotency_key = 'order-reminder:' || orders.id)`;
    // Most sweeps find none: only then is a write transaction queued.
    const seen = await this.db.client.execute({ sql: `${candidates} LIMIT 1`, args: [after, until] });
    if (!seen.rows.length) return 0;
    const reminded = await this.db.write(async (tx) => {
      const due = await tx.execute({ sql: candidates, args: [after, until] });
      let n = 0;
      for (const row of due.rows) {
        const id = str(row.id);
        const order = await this.record(tx, id);
        const sent = await tx.execute({
          sql: 'SELECT 1 FROM mail_outbox WHERE idempotency_key = ?',
          args: [holdReminderKey(id)],
        });
        if (!holdReminderDue(order, now, sent.rows.length > 0)) continue;
        await recordMail(tx, holdReminderMail(id, order), now);
        n++;
      }
      return n;
    });
    if (reminded) this.mailRecorded();
    return reminded;
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
