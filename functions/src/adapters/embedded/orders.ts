// The OrderStore port on the embedded database. Every write runs in one queued write transaction (db.ts), so a
// check (stock, status, hold) and the write it guards never interleave with another order's. Each change records
// its email in the same transaction (mail/orderMails.ts, mailOutbox.ts recordMail): a refused or rolled-back
// change records none.
import type { InValue, Row, Transaction } from './sql.js';
import {
  assertMayClaim,
  claimPatch,
  cancelOrder,
  completeRefund,
  refundStockCause,
  decideRefund,
  declineCancellation,
  failRefund,
  requestCancellation,
  declineReturn,
  requestReturn,
  approveReturn,
  receiveReturn,
  shipOrder,
  waitingRequests,
  type LineUnits,
  type ShipmentDetails,
  type RefundRequest,
  type ReturnRequest,
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
  stockChanges,
  stockKey,
  SYSTEM_ACTOR,
  type StockCause,
  type StockLevel,
  pageCount,
  pageWindow,
  type OrderListQuery,
  type OrderPage,
  type PaymentResult,
  type OrderNote,
  type Shipment,
  undeliverOrder,
  EXPORT_BATCH_SIZE,
  type OrderExportQuery,
  type OrderStatus,
} from '../../domain/index.js';
import {
  customerOrderMail,
  holdReminderKey,
  holdReminderMail,
  ownerOrderPaidMails,
  refundMail,
  returnApprovedMail,
  type OrderMailEvent,
} from '../../mail/orderMails.js';
import type { EventPublisher, OrderStore, PlaceOrderCommand, QueuedMail } from '../../ports.js';
import type { Database } from './db.js';
import { releaseRedemption } from './coupons.js';
import { recordMail } from './mailOutbox.js';
import { applyStockChanges } from './stock.js';
import { reverifyReviews } from './purchases.js';
import { customerMatch, newId, str, toOrder, toOrderRecord } from './mapping.js';

import { OrderBatcher } from './orderBatch.js';

type Reader = Pick<Transaction, 'execute'>;

/** The current stock of an order's lines (those whose product or variant still exists), keyed by stockKey: the
 *  line's variant (issue 29), or its product without variants. */
async function stockOf(tx: Transaction, order: Pick<OrderRecord, 'orderItems'>): Promise<Map<string, number>> {
  const plain = order.orderItems.filter((i) => !i.variant).map((i) => i.product);
  const variants = order.orderItems.filter((i) => i.variant).map((i) => i.variant!);
  const [products, variantRows] = await Promise.all([
    plain.length
      ? tx.execute({
          sql: 'SELECT id, count_in_stock FROM products WHERE id IN (SELECT value FROM json_each(?))',
          args: [JSON.stringify([...new Set(plain)])],
        })
      : null,
    variants.length
      ? tx.execute({
          sql: 'SELECT id, product_id, count_in_stock FROM product_variants WHERE id IN (SELECT value FROM json_each(?))',
          args: [JSON.stringify([...new Set(variants)])],
        })
      : null,
  ]);
  const stock = new Map<string, number>();
  for (const r of products?.rows ?? []) stock.set(str(r.id), Number(r.count_in_stock));
  for (const r of variantRows?.rows ?? []) stock.set(stockKey(str(r.product_id), str(r.id)), Number(r.count_in_stock));
  return stock;
}

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

/** What a money-back decision (refund, cancellation, return) answers for its write; `restock` is the stock it gives
 *  back, with the stock it read and the history's cause and actor. */
interface MoneyBackDecision<T> {
  patch: OrderPatch;
  restock?: { stock: StockLevel[]; before: ReadonlyMap<string, number>; cause: StockCause; by: string };
  mail?: QueuedMail;
  result: T;
  changed?: boolean;
  /** Runs once the patch is written, in the same transaction; answers more events to publish. */
  afterWrite?: (tx: Transaction) => Promise<DomainEvent[]>;
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
  if (patch.shippedAt !== undefined) set('shipped_at', patch.shippedAt);
  if (patch.cancelledAt !== undefined) set('cancelled_at', patch.cancelledAt);
  if (patch.refunds !== undefined) set('refunds_json', JSON.stringify(patch.refunds));
  // The waiting flags beside what they mirror (domain/lifecycle.ts waitingRequests; migration 30).
  if (patch.returns !== undefined) {
    set('returns_json', JSON.stringify(patch.returns));
    set('waiting_returns', waitingRequests({ returns: patch.returns }).returns);
  }
  if (patch.cancellationRequest !== undefined) {
    set('cancellation_json', patch.cancellationRequest && JSON.stringify(patch.cancellationRequest));
    set(
      'waiting_cancellation',
      waitingRequests({ cancellationRequest: patch.cancellationRequest }).cancellation ? 1 : 0,
    );
  }
  if (patch.carrier !== undefined) set('carrier', patch.carrier);
  if (patch.trackingNumber !== undefined) set('tracking_number', patch.trackingNumber);
  if (patch.undeliveries !== undefined) set('undeliveries_json', JSON.stringify(patch.undeliveries));
  if (!sets.length) return;
  await tx.execute({ sql: `UPDATE orders SET ${sets.join(', ')} WHERE id = ?`, args: [...args, id] });
}

/** A lifecycle decision, and for one that moves stock the stock it read and why it moves (the history's cause). */
type Decided = ReleasedOrder & { stockBefore?: ReadonlyMap<string, number>; stockCause?: StockCause };

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
    mail: OrderMailEvent | null,
    decide: (tx: Transaction, order: OrderRecord) => Promise<Decided> | Decided,
  ): Promise<Order> {
    const { order, events } = await this.db.write(async (tx) => {
      const loaded = await this.record(tx, id);
      const { patch, stock, stockBefore, stockCause } = await decide(tx, loaded);
      if (stockCause)
        await applyStockChanges(tx, stockChanges(stock, stockBefore ?? new Map()), {
          cause: stockCause,
          by: loaded.user._id,
          at: now.toISOString(),
          orderId: id,
        });
      await writePatch(tx, id, patch);
      const changed = { ...loaded, ...patch };
      if (mail) await recordMail(tx, customerOrderMail(mail, id, changed, now), now);
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

  /** Runs a money-back decision (domain/refunds.ts) in a write transaction: writes its patch, stock and mail, then
   *  publishes `type` (none when the decision changed nothing) and answers the order as it now is. */
  private async decideAndWrite<T>(
    id: string,
    type: OrderEvent['type'],
    now: Date,
    decide: (tx: Transaction, order: OrderRecord) => Promise<MoneyBackDecision<T>>,
  ): Promise<{ order: Order; result: T }> {
    const done = await this.db.write(async (tx) => {
      const loaded = await this.record(tx, id);
      const { patch, restock, mail, result, changed = true, afterWrite } = await decide(tx, loaded);
      const order = orderFromRecord(id, { ...loaded, ...patch });
      if (!changed) return { order, result, events: [] as DomainEvent[], mailed: false };
      const stock = restock?.stock ?? [];
      if (restock)
        await applyStockChanges(tx, stockChanges(stock, restock.before), {
          cause: restock.cause,
          by: restock.by,
          at: now.toISOString(),
          orderId: id,
        });
      await writePatch(tx, id, patch);
      if (mail) await recordMail(tx, mail, now);
      const more = afterWrite ? await afterWrite(tx) : [];
      return { order, result, events: [...orderEvents(type, order, stock), ...more], mailed: !!mail };
    });
    this.events.publish(done.events);
    if (done.mailed) this.mailRecorded();
    return { order: done.order, result: done.result };
  }

  async reserveRefund(id: string, request: RefundRequest) {
    const { order, result } = await this.decideAndWrite(id, 'OrderUpdated', request.now, async (_tx, loaded) => {
      const { refund, patch } = decideRefund(loaded, request);
      return { patch, result: refund };
    });
    return { order, refund: result };
  }

  async completeRefund(id: string, refundId: string, providerRefundId: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderRefunded', now, async (tx, loaded) => {
      const before = await stockOf(tx, loaded);
      const done = completeRefund(loaded, refundId, providerRefundId, before, now);
      const changedRecord = { ...loaded, ...done.patch };
      return {
        patch: done.patch,
        restock: { stock: done.stock, before, ...refundStockCause(done.refund) },
        mail: refundMail(id, changedRecord, done.refund),
        result: null,
        changed: done.changed,
        // Issue 36: the customer's reviews of the order's products decided again with the order as it now is.
        afterWrite: async (tx) => {
          const productIds = await reverifyReviews(
            tx,
            loaded.user._id,
            loaded.orderItems.map((l) => l.product),
          );
          return productIds.length ? [{ type: 'ReviewsReverified' as const, productIds }] : [];
        },
      };
    });
    return order;
  }

  async failRefund(id: string, refundId: string, failure: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', now, async (_tx, loaded) => ({
      patch: failRefund(loaded, refundId, failure),
      result: null,
    }));
    return order;
  }

  async requestCancellation(id: string, reason: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', now, async (_tx, loaded) => ({
      patch: requestCancellation(loaded, reason, now),
      result: null,
    }));
    return order;
  }

  async declineCancellation(id: string, message: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', now, async (_tx, loaded) => ({
      patch: declineCancellation(loaded, message, now),
      result: null,
    }));
    return order;
  }

  async requestReturn(id: string, request: ReturnRequest): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', request.now, async (_tx, loaded) => ({
      patch: requestReturn(loaded, request),
      result: null,
    }));
    return order;
  }

  async approveReturn(id: string, returnId: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', now, async (_tx, loaded) => {
      const patch = approveReturn(loaded, returnId, now);
      return { patch, mail: returnApprovedMail(id, { ...loaded, ...patch }, returnId), result: null };
    });
    return order;
  }

  async receiveReturn(id: string, returnId: string, restock: readonly LineUnits[], now: Date, by?: string) {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', now, async (tx, loaded) => {
      const before = await stockOf(tx, loaded);
      const { patch, stock } = receiveReturn(loaded, returnId, restock, before, now);
      return { patch, restock: { stock, before, cause: 'return', by: by ?? SYSTEM_ACTOR }, result: null };
    });
    return order;
  }

  async declineReturn(id: string, returnId: string, message: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', now, async (_tx, loaded) => ({
      patch: declineReturn(loaded, returnId, message, now),
      result: null,
    }));
    return order;
  }

  cancel(id: string, now: Date): Promise<Order> {
    return this.change(id, 'OrderCancelled', now, 'cancelled', async (tx, order) => {
      const stockBefore = await stockOf(tx, order);
      const decision = cancelOrder(order, stockBefore, now);
      // Cancelled unpaid (cancelOrder refuses a paid order): the code's use goes back.
      await releaseRedemption(tx, order.couponCode, order.user);
      return { ...decision, stockBefore, stockCause: 'cancel' };
    });
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

  markDelivered(id: string, now: Date, shipment: Shipment = {}): Promise<Order> {
    return this.change(id, 'OrderDelivered', now, 'delivered', (_tx, order) => ({
      patch: deliverOrder(order, now, shipment),
      stock: [],
    }));
  }

  markShipped(id: string, now: Date, shipment: ShipmentDetails): Promise<Order> {
    return this.change(id, 'OrderShipped', now, 'shipped', (_tx, order) => ({
      patch: shipOrder(order, now, shipment),
      stock: [],
    }));
  }

  async requestsSummary(): Promise<{ cancellations: number; returns: number }> {
    const rs = await this.db.client.execute(
      `SELECT coalesce(sum(waiting_cancellation), 0) AS cancellations, coalesce(sum(waiting_returns), 0) AS returns
       FROM orders WHERE waiting_cancellation = 1 OR waiting_returns > 0`,
    );
    return { cancellations: Number(rs.rows[0]?.cancellations ?? 0), returns: Number(rs.rows[0]?.returns ?? 0) };
  }

  // No email: the customer heard of the delivery; the order page shows it taken back.
  markUndelivered(id: string, now: Date, reason: string | null): Promise<Order> {
    return this.change(id, 'OrderUndelivered', now, null, (_tx, order) => ({
      patch: undeliverOrder(order, now, reason),
      stock: [],
    }));
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
        const stockBefore = await stockOf(tx, order);
        const decision = expireOrder(order, stockBefore, now);
        if (!decision) continue;
        await releaseRedemption(tx, order.couponCode, order.user);
        await applyStockChanges(tx, stockChanges(decision.stock, stockBefore), {
          cause: 'expiry',
          by: SYSTEM_ACTOR,
          at: now.toISOString(),
          orderId: id,
        });
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

  async claimGuestOrder(id: string, account: { _id: string; name: string; email: string }): Promise<Order> {
    const { order, events } = await this.db.write(async (tx) => {
      const loaded = await this.record(tx, id);
      assertMayClaim(loaded, account.email);
      const patch = claimPatch(account);
      await tx.execute({
        sql: `UPDATE orders SET user_id = ?, user_name = ?, user_email = ?, guest_email = NULL,
                guest_address_key = NULL WHERE id = ?`,
        args: [patch.user._id, patch.user.name, patch.user.email, id],
      });
      const order = orderFromRecord(id, { ...loaded, ...patch });
      return { order, events: orderEvents('OrderUpdated', order) };
    });
    this.events.publish(events);
    return order;
  }

  async dailyStats(since: Date) {
    const rs = await this.db.client.execute({
      sql: `SELECT substr(created_at, 1, 10) AS day, count(*) AS orders,
                   sum(CASE WHEN status IN ('paid', 'shipped', 'delivered') THEN total_cents - (
                         -- net of what came back (completed refunds, domain/refunds.ts refundedCents)
                         SELECT coalesce(sum(json_extract(r.value, '$.amountCents')), 0) FROM json_each(refunds_json) r
                         WHERE json_extract(r.value, '$.status') = 'completed') ELSE 0 END) AS revenue
            FROM orders WHERE created_at >= ? GROUP BY day ORDER BY day`,
      args: [since.toISOString()],
    });
    return rs.rows.map((r) => ({ day: str(r.day), orders: Number(r.orders), revenue: toDollars(Number(r.revenue)) }));
  }
}
