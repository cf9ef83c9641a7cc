// The OrderStore port on Firestore: orders/{id}, and captures/{captureId} created in the pay transaction so a
// capture pays one order once. The lifecycle's guards are the domain's, checked inside each transaction. Each change
// writes its email (mail/orderMails.ts, the embedded store's messages) to mailOutbox in the same transaction
// (mailOutbox.ts): a refused or rolled-back change writes none.
import {
  AggregateField,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  cancelOrder,
  deliverOrder,
  expireOrder,
  holdReminderDue,
  holdReminderWindow,
  isPaidStatus,
  notFound,
  ORDER_MESSAGES,
  orderEvents,
  payOrder,
  placeOrder,
  orderSearchKeys,
  toDollars,
  type DomainEvent,
  type Order,
  type OrderListQuery,
  type OrderPage,
  type OrderStatus,
  type PaymentResult,
  type StockedProduct,
  type StockLevel,
} from '../../../domain/index.js';
import { LIST_ORDER_FIELD, orderListFilters } from '../../../domain/firestoreQueries.js';
import { customerOrderMail, holdReminderKey, holdReminderMail, ownerOrderPaidMails } from '../../../mail/orderMails.js';
import { NO_EVENTS, type EventPublisher, type OrderStore, type PlaceOrderCommand } from '../../../ports.js';
import { mailRef, recordMail } from './mailOutbox.js';
import {
  COLLECTIONS,
  isDocId,
  keyId,
  MAX_ATTEMPTS,
  orderOf,
  toOrder,
  type OrderDoc,
  type ProductDoc,
} from './mapping.js';
import { readPage } from './paging.js';

/** Writes the stock levels a decision answered. */
function writeStock(tx: Transaction, products: CollectionReference, levels: readonly StockLevel[]): void {
  for (const { product, countInStock } of levels) tx.update(products.doc(product), { countInStock });
}

/** Orders the daily stats read one by one at most; a busier period is counted per day by aggregations. */
export const DAILY_STATS_READ_LIMIT = 2000;

/** The statuses whose totals count as revenue (domain/orders.ts isPaidStatus). */
export const PAID_STATUSES: OrderStatus[] = ['paid', 'delivered'];

/** The order emails' settings (as the embedded store's OrderMailOptions). */
export interface FirestoreOrderMailOptions {
  /** ORDER_ALERT_EMAIL: who hears of each paid order; unset: every admin (read in the payment's transaction). */
  alertEmail?: string;
}

export class FirestoreOrders implements OrderStore {
  constructor(
    private readonly db: Firestore,
    private readonly events: EventPublisher = NO_EVENTS,
    private readonly mail: FirestoreOrderMailOptions = {},
  ) {}

  /** Who receives the owner's alert for a paid order: ORDER_ALERT_EMAIL, else the admins as `tx` reads them. */
  private async alertRecipients(tx: Transaction): Promise<string[]> {
    if (this.mail.alertEmail) return [this.mail.alertEmail];
    const admins = await tx.get(this.db.collection(COLLECTIONS.users).where('isAdmin', '==', true));
    return admins.docs
      .map((d) => d.data() as { email: string; createdAt: string })
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map((u) => u.email);
  }

  /** Publishes a committed transaction's events (those of its last attempt), and answers its order. */
  private committed({ order, events }: { order: Order; events: DomainEvent[] }): Order {
    this.events.publish(events);
    return order;
  }

  private get col() {
    return this.db.collection(COLLECTIONS.orders);
  }

  private products() {
    return this.db.collection(COLLECTIONS.products);
  }

  async get(id: string) {
    if (!isDocId(id)) return null;
    const snap = await this.col.doc(id).get();
    return snap.exists ? orderOf(snap) : null;
  }

  async list(query: OrderListQuery): Promise<OrderPage> {
    // The filters of domain/firestoreQueries.ts, from which firestore.indexes.json is derived and checked.
    let filtered: Query = this.col;
    for (const f of orderListFilters(query)) filtered = filtered.where(f.field, f.op, f.value);
    const { rows, ...page } = await readPage(
      filtered,
      { field: LIST_ORDER_FIELD, descending: query.sort === 'newest' },
      query.page,
      query.pageSize,
      orderOf,
    );
    return { orders: rows, ...page };
  }

  async place(cmd: PlaceOrderCommand): Promise<Order> {
    const ref = this.col.doc();
    const placed = await this.db.runTransaction(
      async (tx) => {
        for (const line of cmd.lines) if (!isDocId(line.product)) throw notFound(`Product not found: ${line.product}`);
        const ids = [...new Set(cmd.lines.map((l) => l.product))];
        const snaps = ids.length ? await tx.getAll(...ids.map((id) => this.products().doc(id))) : [];
        const products = new Map<string, StockedProduct>();
        for (const snap of snaps) if (snap.exists) products.set(snap.id, snap.data() as ProductDoc);
        // The customer's unpaid orders, for the hold limits. A query cannot see an order another transaction is
        // creating, so every place also writes the customer's lock document read here: two concurrent places of one
        // customer then conflict, and the retry sees the other's order.
        const lockRef = this.db.collection(COLLECTIONS.holdLocks).doc(keyId(cmd.user._id));
        await tx.get(lockRef);
        const unpaid = await tx.get(
          this.col.where('userId', '==', cmd.user._id).where('status', '==', 'awaiting_payment'),
        );
        const { record, stock } = placeOrder(
          cmd,
          products,
          unpaid.docs.map((d) => d.data() as OrderDoc),
        );
        writeStock(tx, this.products(), stock);
        tx.set(lockRef, { at: cmd.now.toISOString() });
        const order: OrderDoc = {
          ...record,
          userId: record.user._id,
          captureId: null,
          customerKeys: orderSearchKeys(ref.id, record.user.name, record.user.email),
        };
        tx.create(ref, order);
        // A new order's id: its message cannot exist yet.
        recordMail(tx, this.db, customerOrderMail('placed', ref.id, record, cmd.now), cmd.now);
        const answer = toOrder(ref.id, order);
        return { order: answer, events: orderEvents('OrderPlaced', answer, stock) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return this.committed(placed);
  }

  async markPaid(id: string, payment: PaymentResult, now: Date): Promise<Order> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const captureRef = this.db.collection(COLLECTIONS.captures).doc(keyId(payment.id));
    const paid = await this.db.runTransaction(
      async (tx) => {
        const [snap, capture] = await tx.getAll(ref, captureRef);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const order = snap.data() as OrderDoc;
        const patch = { ...payOrder(order, payment, capture.exists, now), captureId: payment.id };
        const recipients = await this.alertRecipients(tx); // a read: before the writes
        // create() fails the commit if the capture document appeared meanwhile: a capture pays one order, once.
        tx.create(captureRef, {
          captureId: payment.id,
          orderId: id,
          provider: payment.provider,
          at: now.toISOString(),
        });
        tx.update(ref, patch);
        const changed = { ...order, ...patch };
        // payOrder refuses a paid order, so these keys are new: no read needed.
        recordMail(tx, this.db, customerOrderMail('paid', id, changed, now), now);
        for (const alert of ownerOrderPaidMails(id, changed, recipients)) recordMail(tx, this.db, alert, now);
        const answer = toOrder(id, changed);
        return { order: answer, events: orderEvents('OrderPaid', answer) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return this.committed(paid);
  }

  async paidWith(captureId: string): Promise<string | null> {
    if (!captureId) return null;
    const capture = await this.db.collection(COLLECTIONS.captures).doc(keyId(captureId)).get();
    return capture.exists ? ((capture.data() as { orderId: string }).orderId ?? null) : null;
  }

  async markDelivered(id: string, now: Date): Promise<Order> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const delivered = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const order = snap.data() as OrderDoc;
        const patch = deliverOrder(order, now);
        tx.update(ref, patch);
        recordMail(tx, this.db, customerOrderMail('delivered', id, { ...order, ...patch }, now), now);
        const answer = toOrder(id, { ...order, ...patch });
        return { order: answer, events: orderEvents('OrderDelivered', answer) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return this.committed(delivered);
  }

  async expireStale(now: Date): Promise<number> {
    const at = now.toISOString();
    const stale = await this.col.where('status', '==', 'awaiting_payment').where('expiresAt', '<=', at).select().get();
    let expired = 0;
    // One transaction per order: each gives its stock back exactly once even if two sweeps overlap.
    for (const s of stale.docs) if (await this.expireOne(s.ref, now)) expired++;
    return expired;
  }

  async remindUnpaid(now: Date): Promise<number> {
    const { after, until } = holdReminderWindow(now);
    // domain/firestoreQueries.ts HOLD_REMINDER_SHAPE.
    const due = await this.col
      .where('status', '==', 'awaiting_payment')
      .where('expiresAt', '>', after)
      .where('expiresAt', '<=', until)
      .select()
      .get();
    let reminded = 0;
    for (const s of due.docs) if (await this.remindOne(s.ref, now)) reminded++;
    return reminded;
  }

  /** One order's reminder, in a transaction: the order as it is now (paid or cancelled meanwhile: none) and whether
   *  its reminder exists (the once). */
  private async remindOne(ref: DocumentReference, now: Date): Promise<boolean> {
    return this.db.runTransaction(
      async (tx) => {
        const [snap, sent] = await tx.getAll(ref, mailRef(this.db, holdReminderKey(ref.id)));
        const order = snap.data() as OrderDoc | undefined;
        if (!order || !holdReminderDue(order, now, sent.exists)) return false;
        recordMail(tx, this.db, holdReminderMail(ref.id, order), now);
        return true;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async cancel(id: string, now: Date): Promise<Order> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const cancelled = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const order = snap.data() as OrderDoc;
        const { patch, stock } = cancelOrder(order, await this.stockOf(tx, order), now);
        writeStock(tx, this.products(), stock);
        tx.update(ref, patch);
        recordMail(tx, this.db, customerOrderMail('cancelled', id, { ...order, ...patch }, now), now);
        const answer = toOrder(id, { ...order, ...patch });
        return { order: answer, events: orderEvents('OrderCancelled', answer, stock) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return this.committed(cancelled);
  }

  private async expireOne(ref: DocumentReference, now: Date): Promise<boolean> {
    const expired = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        const order = snap.data() as OrderDoc | undefined;
        if (!order) return null;
        const decision = expireOrder(order, await this.stockOf(tx, order), now);
        if (!decision) return null;
        writeStock(tx, this.products(), decision.stock);
        tx.update(ref, decision.patch);
        const changed = { ...order, ...decision.patch };
        recordMail(tx, this.db, customerOrderMail('expired', ref.id, changed, now), now);
        const answer = toOrder(ref.id, changed);
        return { order: answer, events: orderEvents('OrderExpired', answer, decision.stock) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    if (expired) this.committed(expired);
    return expired !== null;
  }

  /** The current stock of the order's products that still exist (reads first: call before any write). */
  private async stockOf(tx: Transaction, order: OrderDoc): Promise<Map<string, number>> {
    const ids = [...new Set(order.orderItems.map((i) => i.product))].filter(isDocId);
    const products = ids.length ? await tx.getAll(...ids.map((pid) => this.products().doc(pid))) : [];
    return new Map(products.filter((p) => p.exists).map((p) => [p.id, (p.data() as ProductDoc).countInStock]));
  }

  /**
   * Orders and paid revenue per day since `since`, bounded: a quiet period's orders are read (projected) in one
   * query of at most DAILY_STATS_READ_LIMIT; a busier one is counted per day by aggregations instead (a count and a
   * sum per day: about 2 reads per day plus 1 per 1000 orders), never read order by order.
   */
  async dailyStats(since: Date) {
    const snap = await this.col
      .where('createdAt', '>=', since.toISOString())
      .select('createdAt', 'status', 'totalCents')
      .limit(DAILY_STATS_READ_LIMIT)
      .get();
    if (snap.size >= DAILY_STATS_READ_LIMIT) return this.dailyStatsByDay(since);
    const byDay = new Map<string, { orders: number; revenueCents: number }>();
    for (const d of snap.docs) {
      const day = String(d.get('createdAt')).slice(0, 10);
      const row = byDay.get(day) ?? { orders: 0, revenueCents: 0 };
      row.orders++;
      const status = d.get('status') as OrderStatus;
      if (isPaidStatus(status)) row.revenueCents += Number(d.get('totalCents'));
      byDay.set(day, row);
    }
    return [...byDay.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, r]) => ({ day, orders: r.orders, revenue: toDollars(r.revenueCents) }));
  }

  /** dailyStats by aggregation queries, one UTC day at a time up to the newest order's day. */
  private async dailyStatsByDay(since: Date) {
    const newest = await this.col.orderBy('createdAt', 'desc').select('createdAt').limit(1).get();
    const last = newest.docs[0] ? String(newest.docs[0].get('createdAt')).slice(0, 10) : '';
    const days: string[] = [];
    const start = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
    for (let t = start; ; t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      if (day > last) break;
      days.push(day);
    }
    const rows = await Promise.all(
      days.map(async (day) => {
        const from = day === days[0] ? since.toISOString() : `${day}T00:00:00.000Z`;
        const until = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
        const inDay = (q: Query) => q.where('createdAt', '>=', from).where('createdAt', '<', until);
        const [count, revenue] = await Promise.all([
          inDay(this.col).count().get(),
          inDay(this.col.where('status', 'in', PAID_STATUSES))
            .aggregate({ cents: AggregateField.sum('totalCents') })
            .get(),
        ]);
        return { day, orders: count.data().count, revenue: toDollars(Number(revenue.data().cents ?? 0)) };
      }),
    );
    return rows.filter((r) => r.orders > 0);
  }
}
