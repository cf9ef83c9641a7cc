// The OrderStore port on Firestore: orders/{id}, and captures/{captureId} created in the pay transaction so a
// capture pays one order once. The lifecycle's guards are the domain's, checked inside each transaction. Each change
// writes its email (mail/orderMails.ts, the embedded store's messages) to mailOutbox in the same transaction
// (mailOutbox.ts): a refused or rolled-back change writes none.
import {
  type QueryDocumentSnapshot,
  type QuerySnapshot,
  type DocumentReference,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  assertMayClaim,
  claimPatch,
  customerOf,
  guestAddressKey,
  cancelOrder,
  completeRefund,
  refundStockCause,
  type StockCause,
  type StockLevel,
  decideRefund,
  declineCancellation,
  failRefund,
  normalizedRecord,
  requestCancellation,
  declineReturn,
  requestReturn,
  approveReturn,
  receiveReturn,
  shipOrder,
  type LineUnits,
  type ShipmentDetails,
  type ReturnRequest,
  type OrderEvent,
  type OrderPatch,
  type RefundRequest,
  refundedCents,
  deliverOrder,
  expireOrder,
  holdReminderDue,
  holdReminderWindow,
  notFound,
  ORDER_MESSAGES,
  orderEvents,
  payOrder,
  placeOrder,
  rememberAddress,
  orderSearchKeys,
  type DomainEvent,
  type Order,
  type OrderListQuery,
  type OrderPage,
  type PaymentResult,
  type StockedProduct,
  stockChanges,
  stockKey,
  SYSTEM_ACTOR,
  type OrderNote,
  type Shipment,
  undeliverOrder,
  EXPORT_BATCH_SIZE,
  type OrderExportQuery,
} from '../../../domain/index.js';
import { LIST_ORDER_FIELD, orderListFilters } from '../../../firestore/queries.js';
import {
  customerOrderMail,
  holdReminderKey,
  holdReminderMail,
  ownerOrderPaidMails,
  refundMail,
  returnApprovedMail,
} from '../../../mail/orderMails.js';
import {
  placeOrderRequest,
  NO_EVENTS,
  type EventPublisher,
  type OrderStore,
  type PlaceOrderCommand,
  type QueuedMail,
} from '../../../ports.js';
import { bookOf, readBook, writeBookChange } from './addresses.js';
import { loadCouponForPlaceIn, loadCouponIn, writeCouponUse } from './coupons.js';
import { mailRef, recordMail, recordMails } from './mailOutbox.js';
import { writeOrderStatus } from './orderStatus.js';
import {
  COLLECTIONS,
  isDocId,
  keyId,
  MAX_ATTEMPTS,
  orderOf,
  toOrder,
  type OrderDoc,
  type ProductDoc,
  waitingFields,
} from './mapping.js';
import { readDailyStats, recordStats } from './orderStats.js';
import { readPage } from './paging.js';
import { readRefundActors, refundsForDocument, withRefundActors, writeRefundActors } from './refundActors.js';
import { reverifyReviewsIn } from './reviewMarks.js';
import { applyStockChanges, type StockedDoc } from './stock.js';
import { stockedProductOf } from './variants.js';

/** The stock an order's lines read (stockKey -> units), with each product's default variant. */
class StockRead extends Map<string, number> {
  docs: ReadonlyMap<string, StockedDoc> = new Map();
}

/** The stock a money-back decision gives back, with the stock it read and the history's cause, actor and time. */
interface Restock {
  stock: StockLevel[];
  before: StockRead;
  cause: StockCause;
  by: string;
  at: string;
}

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
    return snap.exists ? this.withActors(snap.ref, orderOf(snap)) : null;
  }

  /** The order with who made each refund (kept apart from its document, store/refundActors.ts; issue 36). */
  private async withActors(ref: DocumentReference, order: Order): Promise<Order> {
    return withRefundActors(order, await readRefundActors(ref, order.refunds));
  }

  async list(query: OrderListQuery): Promise<OrderPage> {
    // The filters of firestore/queries.ts, from which firestore.indexes.json is derived and checked.
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

  /** The list's equality filters and a range on createdAt (the index the list uses, ascending), read in batches:
   *  each starts after the last document of the one before (a cursor on that snapshot: createdAt, then its id, as
   *  Firestore orders ties by document id). */
  async *exportOrders(query: OrderExportQuery, batchSize = EXPORT_BATCH_SIZE): AsyncIterable<Order[]> {
    let filtered: Query = this.col;
    for (const f of orderListFilters(query)) filtered = filtered.where(f.field, f.op, f.value);
    if (query.from) filtered = filtered.where(LIST_ORDER_FIELD, '>=', query.from);
    if (query.to) filtered = filtered.where(LIST_ORDER_FIELD, '<', query.to);
    const ordered = filtered.orderBy(LIST_ORDER_FIELD).limit(batchSize);
    let after: QueryDocumentSnapshot | null = null;
    for (;;) {
      const snap: QuerySnapshot = await (after ? ordered.startAfter(after) : ordered).get();
      if (snap.empty) return;
      const last = snap.docs[snap.docs.length - 1]!;
      // A cursor that moved nothing would repeat the batch forever (the community emulator ignores cursors).
      if (after && last.id === after.id) throw new Error('Order export: the cursor made no progress');
      after = last;
      yield snap.docs.map(orderOf);
      if (snap.size < batchSize) return;
    }
  }

  async place(cmd: PlaceOrderCommand): Promise<Order> {
    const ref = this.col.doc();
    const placed = await this.db.runTransaction(
      async (tx) => {
        for (const line of cmd.lines) if (!isDocId(line.product)) throw notFound(`Product not found: ${line.product}`);
        const ids = [...new Set(cmd.lines.map((l) => l.product))];
        const snaps = ids.length ? await tx.getAll(...ids.map((id) => this.products().doc(id))) : [];
        const products = new Map<string, StockedProduct>();
        const docs = new Map<string, ProductDoc>();
        for (const snap of snaps)
          if (snap.exists) {
            docs.set(snap.id, snap.data() as ProductDoc);
            products.set(snap.id, stockedProductOf(snap.data() as ProductDoc));
          }
        // The customer's unpaid orders, for the hold limits. A query cannot see an order another transaction is
        // creating, so every place also writes the customer's lock document read here: two concurrent places of one
        // customer then conflict, and the retry sees the other's order.
        const customerId = customerOf(cmd)._id;
        const lockRef = this.db.collection(COLLECTIONS.holdLocks).doc(keyId(customerId));
        // A guest's order is also held per shipping address (domain/guests.ts): the same lock and query by its key.
        const addressKey = cmd.guest ? guestAddressKey(cmd.shippingAddress) : null;
        const addressLockRef = addressKey
          ? this.db.collection(COLLECTIONS.holdLocks).doc(keyId(`address:${addressKey}`))
          : null;
        // And every order is held per client address, across accounts and guests (issue 36): its lock and query too.
        const clientKey = cmd.clientHold?.key ?? null;
        const clientLockRef = clientKey
          ? this.db.collection(COLLECTIONS.holdLocks).doc(keyId(`client:${clientKey}`))
          : null;
        await tx.getAll(
          lockRef,
          ...(addressLockRef ? [addressLockRef] : []),
          ...(clientLockRef ? [clientLockRef] : []),
        );
        const unpaid = await tx.get(
          this.col.where('userId', '==', customerId).where('status', '==', 'awaiting_payment'),
        );
        const atAddress = addressKey
          ? await tx.get(this.col.where('guestAddressKey', '==', addressKey).where('status', '==', 'awaiting_payment'))
          : null;
        const atClient = clientKey
          ? await tx.get(this.col.where('clientKey', '==', clientKey).where('status', '==', 'awaiting_payment'))
          : null;
        // The code, one of its use shards with room and this customer's uses: read here, written below, so concurrent
        // redemptions of one shard conflict and retry (issue 37: orders with one code spread over its shards).
        const coupon = cmd.couponCode ? await loadCouponForPlaceIn(tx, this.db, cmd.couponCode, customerOf(cmd)) : null;
        // The customer's address book, which keeps the order's address (a guest has none).
        const book = cmd.guest || !isDocId(customerId) ? null : bookOf(this.db, customerId);
        const saved = book ? await readBook(tx, book) : [];
        const { record, stock, redemption } = placeOrder(
          placeOrderRequest(cmd, ref.id),
          products,
          unpaid.docs.map((d) => d.data() as OrderDoc),
          coupon?.loaded ?? null,
          atAddress?.docs.map((d) => d.data() as OrderDoc) ?? [],
          atClient?.docs.map((d) => d.data() as OrderDoc) ?? [],
        );
        const couponShard = redemption && coupon ? writeCouponUse(tx, coupon, 1) : null;
        const before = new Map<string, number>();
        for (const [id, product] of products) {
          before.set(id, product.countInStock);
          for (const [variant, v] of product.variants ?? []) before.set(stockKey(id, variant), v.countInStock);
        }
        applyStockChanges(
          tx,
          this.db,
          stockChanges(stock, before),
          { cause: 'order', by: customerId, at: record.createdAt, orderId: ref.id },
          docs,
        );
        tx.set(lockRef, { at: cmd.now.toISOString() });
        if (addressLockRef) tx.set(addressLockRef, { at: cmd.now.toISOString() });
        if (clientLockRef) tx.set(clientLockRef, { at: cmd.now.toISOString() });
        const order: OrderDoc = {
          ...record,
          userId: record.user._id,
          captureId: null,
          customerKeys: orderSearchKeys(ref.id, record.user.name, record.user.email),
          // The shard the code's use was taken from: a cancel or expiry gives it back there.
          ...(couponShard !== null ? { couponShard } : {}),
        };
        tx.create(ref, order);
        writeOrderStatus(tx, this.db, ref.id, order);
        recordStats(tx, this.db, null, record);
        // Once; marked last used, so the next checkout starts from it.
        if (book) writeBookChange(tx, book, rememberAddress(saved, cmd.shippingAddress, book.doc().id, cmd.now));
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
        const order = normalizedRecord(snap.data() as OrderDoc);
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
        writeOrderStatus(tx, this.db, id, changed);
        recordStats(tx, this.db, order, changed);
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

  /** Runs a status decision on one order in a transaction and writes its patch; answers the order as it now is. */
  private async decide(
    id: string,
    type: 'OrderShipped' | 'OrderDelivered' | 'OrderUndelivered',
    now: Date,
    decision: (order: OrderDoc) => OrderPatch,
  ): Promise<Order> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const changed = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const order = normalizedRecord(snap.data() as OrderDoc);
        const patch = decision(order);
        // The delivered message once per order (as the embedded outbox's unique key): a delivery taken back and
        // marked again sends none. recordMails reads first, as a transaction must before it writes.
        if (type === 'OrderDelivered' || type === 'OrderShipped') {
          const event = type === 'OrderShipped' ? 'shipped' : 'delivered';
          await recordMails(tx, this.db, [customerOrderMail(event, id, { ...order, ...patch }, now)], now);
        }
        tx.update(ref, patch);
        writeOrderStatus(tx, this.db, id, { ...order, ...patch });
        recordStats(tx, this.db, order, { ...order, ...patch });
        const answer = toOrder(id, { ...order, ...patch });
        return { order: answer, events: orderEvents(type, answer) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    // The admin's answer (the live frame is customerView'd anyway): who refunded, read once committed.
    return this.withActors(ref, await this.committed(changed));
  }

  markDelivered(id: string, now: Date, shipment: Shipment = {}): Promise<Order> {
    return this.decide(id, 'OrderDelivered', now, (order) => deliverOrder(order, now, shipment));
  }

  markShipped(id: string, now: Date, shipment: ShipmentDetails): Promise<Order> {
    return this.decide(id, 'OrderShipped', now, (order) => shipOrder(order, now, shipment));
  }

  async requestsSummary(): Promise<{ cancellations: number; returns: number }> {
    // One open return per order at most (domain/returns.ts requestReturn), so orders with one count the returns.
    const [cancellations, returns] = await Promise.all([
      this.col.where('waitingCancellation', '==', true).count().get(),
      this.col.where('waitingReturn', '==', true).count().get(),
    ]);
    return { cancellations: cancellations.data().count, returns: returns.data().count };
  }

  markUndelivered(id: string, now: Date, reason: string | null): Promise<Order> {
    return this.decide(id, 'OrderUndelivered', now, (order) => undeliverOrder(order, now, reason));
  }

  /** orders/{id}/notes: a subcollection, so a customer's read of the order document (firestore.rules lets its owner
   *  read it) never carries them; the rules give clients no access to it. */
  private notesOf(id: string) {
    return this.col.doc(id).collection(COLLECTIONS.orderNotes);
  }

  async addNote(id: string, note: { text: string; by: { _id: string; name: string } }, now: Date): Promise<OrderNote> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.notesOf(id).doc();
    const doc = { text: note.text, createdAt: now.toISOString(), by: { _id: note.by._id, name: note.by.name } };
    await this.db.runTransaction(
      async (tx) => {
        // Read in the transaction: a note never outlives a deleted order's creation race.
        if (!(await tx.get(this.col.doc(id))).exists) throw notFound(ORDER_MESSAGES.notFound);
        tx.create(ref, doc);
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return { _id: ref.id, ...doc };
  }

  async notes(id: string): Promise<OrderNote[]> {
    if (!isDocId(id)) return [];
    const snap = await this.notesOf(id).orderBy('createdAt').get();
    return snap.docs.map((d) => {
      const n = d.data() as Omit<OrderNote, '_id'>;
      return { _id: d.id, text: n.text, createdAt: n.createdAt, by: n.by };
    });
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
        const order = normalizedRecord(snap.data() as OrderDoc);
        const stockBefore = await this.stockOf(tx, order);
        const coupon = await this.couponOf(tx, order);
        const { patch, stock } = cancelOrder(order, stockBefore, now);
        // Cancelled unpaid (cancelOrder refuses a paid order): the code's use goes back.
        if (coupon) writeCouponUse(tx, coupon, -1);
        applyStockChanges(
          tx,
          this.db,
          stockChanges(stock, stockBefore),
          { cause: 'cancel', by: order.user._id, at: now.toISOString(), orderId: id },
          stockBefore.docs,
        );
        tx.update(ref, patch);
        writeOrderStatus(tx, this.db, id, { ...order, ...patch });
        recordStats(tx, this.db, order, { ...order, ...patch });
        recordMail(tx, this.db, customerOrderMail('cancelled', id, { ...order, ...patch }, now), now);
        const answer = toOrder(id, { ...order, ...patch });
        return { order: answer, events: orderEvents('OrderCancelled', answer, stock) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return this.committed(cancelled);
  }

  /** Runs a money-back decision (domain/refunds.ts) in a transaction and writes its patch and stock; publishes
   *  `type` once committed (nothing when the decision changed nothing). */
  private async decideAndWrite<T>(
    id: string,
    type: OrderEvent['type'],
    decide: (
      tx: Transaction,
      order: OrderDoc,
    ) => Promise<{
      patch: OrderPatch;
      restock?: Restock;
      mail?: { message: QueuedMail; now: Date };
      result: T;
      changed?: boolean;
      /** Writes in the same transaction once the order's are made (their reads done in `decide`); answers more
       *  events to publish. */
      afterWrite?: (tx: Transaction) => DomainEvent[];
    }>,
  ): Promise<{ order: Order; result: T }> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const done = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const stored = normalizedRecord(snap.data() as OrderDoc);
        // Who made each refund, kept apart from the document its owner may read (issue 36): the decisions and the
        // answer have them; the document is written with the shop as the actor.
        const actors = await readRefundActors(ref, stored.refunds, tx);
        const order = withRefundActors(stored, actors);
        const { patch, restock, mail, result, changed = true, afterWrite } = await decide(tx, order);
        const answer = toOrder(id, { ...order, ...patch });
        if (!changed) return { order: answer, result, events: [] as DomainEvent[] };
        const stock = restock?.stock ?? [];
        if (restock) {
          const { before, ...context } = restock;
          applyStockChanges(tx, this.db, stockChanges(stock, before), { ...context, orderId: id }, before.docs);
        }
        // A plain copy: Firestore refuses undefined fields. The refunded cents beside the refunds: a plain figure for
        // the console and exports (the dashboard's revenue is counted by recordStats).
        const copy = JSON.parse(JSON.stringify(patch)) as OrderPatch & Partial<ReturnType<typeof waitingFields>>;
        // The waiting flags beside what they mirror (the admin's counts and ?requests=waiting query them).
        if (patch.returns !== undefined || patch.cancellationRequest !== undefined)
          Object.assign(copy, waitingFields({ ...order, ...patch }));
        if (patch.refunds) {
          tx.update(ref, {
            ...copy,
            refunds: refundsForDocument(copy.refunds!),
            refundedCents: refundedCents({ refunds: patch.refunds }),
          });
          writeRefundActors(tx, ref, patch.refunds, actors);
        } else tx.update(ref, copy);
        writeOrderStatus(tx, this.db, id, { ...order, ...patch });
        recordStats(tx, this.db, order, { ...order, ...patch });
        if (mail) recordMail(tx, this.db, mail.message, mail.now); // keyed by the refund: new, no read needed
        const more = afterWrite ? afterWrite(tx) : [];
        return { order: answer, result, events: [...orderEvents(type, answer, stock), ...more] };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    this.events.publish(done.events);
    return { order: done.order, result: done.result };
  }

  async reserveRefund(id: string, request: RefundRequest) {
    const { order, result } = await this.decideAndWrite(id, 'OrderUpdated', async (_tx, loaded) => {
      const { refund, patch } = decideRefund(loaded, request);
      return { patch, result: refund };
    });
    return { order, refund: result };
  }

  async completeRefund(id: string, refundId: string, providerRefundId: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderRefunded', async (tx, loaded) => {
      const before = await this.stockOf(tx, loaded);
      const done = completeRefund(loaded, refundId, providerRefundId, before, now);
      const { cause, by } = refundStockCause(done.refund);
      const restock = { stock: done.stock, before, cause, by, at: now.toISOString() };
      const message = refundMail(id, { ...loaded, ...done.patch }, done.refund);
      // Issue 36: the customer's reviews of the order's products decided again with the order as it now is.
      const reverified = done.changed
        ? await reverifyReviewsIn(tx, this.db, id, { ...loaded, ...done.patch })
        : { productIds: [], write: () => undefined };
      const afterWrite = (t: Transaction): DomainEvent[] => {
        reverified.write(t);
        const { productIds } = reverified;
        return productIds.length ? [{ type: 'ReviewsReverified', productIds }] : [];
      };
      return { patch: done.patch, restock, mail: { message, now }, result: null, changed: done.changed, afterWrite };
    });
    return order;
  }

  async failRefund(id: string, refundId: string, failure: string): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', async (_tx, loaded) => ({
      patch: failRefund(loaded, refundId, failure),
      result: null,
    }));
    return order;
  }

  async requestCancellation(id: string, reason: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', async (_tx, loaded) => ({
      patch: requestCancellation(loaded, reason, now),
      result: null,
    }));
    return order;
  }

  async declineCancellation(id: string, message: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', async (_tx, loaded) => ({
      patch: declineCancellation(loaded, message, now),
      result: null,
    }));
    return order;
  }

  async requestReturn(id: string, request: ReturnRequest): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', async (_tx, loaded) => ({
      patch: requestReturn(loaded, request),
      result: null,
    }));
    return order;
  }

  async approveReturn(id: string, returnId: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', async (_tx, loaded) => {
      const patch = approveReturn(loaded, returnId, now);
      return { patch, mail: { message: returnApprovedMail(id, { ...loaded, ...patch }, returnId), now }, result: null };
    });
    return order;
  }

  async receiveReturn(id: string, returnId: string, restock: readonly LineUnits[], now: Date, by?: string) {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', async (tx, loaded) => {
      const before = await this.stockOf(tx, loaded);
      const { patch, stock } = receiveReturn(loaded, returnId, restock, before, now);
      const restocked = { stock, before, cause: 'return' as const, by: by ?? SYSTEM_ACTOR, at: now.toISOString() };
      return { patch, restock: restocked, result: null };
    });
    return order;
  }

  async declineReturn(id: string, returnId: string, message: string, now: Date): Promise<Order> {
    const { order } = await this.decideAndWrite(id, 'OrderUpdated', async (_tx, loaded) => ({
      patch: declineReturn(loaded, returnId, message, now),
      result: null,
    }));
    return order;
  }

  private async expireOne(ref: DocumentReference, now: Date): Promise<boolean> {
    const expired = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        const data = snap.data() as OrderDoc | undefined;
        const order = data && normalizedRecord(data);
        if (!order) return null;
        const stockBefore = await this.stockOf(tx, order);
        const coupon = await this.couponOf(tx, order);
        const decision = expireOrder(order, stockBefore, now);
        if (!decision) return null;
        if (coupon) writeCouponUse(tx, coupon, -1);
        applyStockChanges(
          tx,
          this.db,
          stockChanges(decision.stock, stockBefore),
          { cause: 'expiry', by: SYSTEM_ACTOR, at: now.toISOString(), orderId: ref.id },
          stockBefore.docs,
        );
        tx.update(ref, decision.patch);
        const changed = { ...order, ...decision.patch };
        writeOrderStatus(tx, this.db, ref.id, changed);
        recordStats(tx, this.db, order, changed);
        recordMail(tx, this.db, customerOrderMail('expired', ref.id, changed, now), now);
        const answer = toOrder(ref.id, changed);
        return { order: answer, events: orderEvents('OrderExpired', answer, decision.stock) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    if (expired) this.committed(expired);
    return expired !== null;
  }

  /** The order's discount code and its customer's uses, when it has one (a read: call before any write). */
  private async couponOf(tx: Transaction, order: Pick<OrderDoc, 'couponCode' | 'user' | 'couponShard'>) {
    return order.couponCode ? loadCouponIn(tx, this.db, order.couponCode, order.user, order.couponShard ?? null) : null;
  }

  /** The current stock of the order's lines whose product (or variant) still exists, keyed by stockKey (the line's
   *  variant, or its product without variants), with the products' default variants (reads first: call before any
   *  write). */
  private async stockOf(tx: Transaction, order: Pick<OrderDoc, 'orderItems'>): Promise<StockRead> {
    const ids = [...new Set(order.orderItems.map((i) => i.product))].filter(isDocId);
    const products = ids.length ? await tx.getAll(...ids.map((pid) => this.products().doc(pid))) : [];
    const read = new StockRead();
    const docs = new Map(products.filter((p) => p.exists).map((p) => [p.id, p.data() as ProductDoc]));
    for (const [id, doc] of docs) {
      read.set(id, doc.countInStock);
      for (const v of doc.variants ?? []) read.set(stockKey(id, v.id), doc.variantStock?.[v.id] ?? 0);
    }
    read.docs = docs;
    return read;
  }

  async claimGuestOrder(id: string, account: { _id: string; name: string; email: string }): Promise<Order> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const claimed = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const loaded = normalizedRecord(snap.data() as OrderDoc);
        assertMayClaim(loaded, account.email);
        const patch = {
          ...claimPatch(account),
          userId: account._id,
          customerKeys: orderSearchKeys(id, account.name, account.email),
        };
        tx.update(ref, patch);
        writeOrderStatus(tx, this.db, id, { ...loaded, ...patch }); // no guest email now: deleted
        const answer = toOrder(id, { ...loaded, ...patch });
        return { order: answer, events: orderEvents('OrderUpdated', answer) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return this.committed(claimed);
  }

  /** Orders and paid revenue per day since `since`'s day, from the counters the order changes keep
   *  (store/orderStats.ts): at most ORDER_STATS_SHARDS documents per month, whatever the number of orders. */
  dailyStats(since: Date) {
    return readDailyStats(this.db, since);
  }
}
