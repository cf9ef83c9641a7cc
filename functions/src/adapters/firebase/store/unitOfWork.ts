// The order unit of work on Firestore (ports.ts OrderUnitOfWork; the use cases are orders/): each run is one
// transaction. The use case reads through the unit (which keeps what it read: the documents, the code's use shard,
// the hold locks), then the commit makes its own reads (the outbox keys, the shard an order's use goes back to, the
// reviews to decide again: Firestore reads before any write) and writes the change set. A retried transaction runs
// the use case again on fresh reads. Events are published once committed (those of the last attempt).
import type { CollectionReference, DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  normalizedRecord,
  notFound,
  ORDER_MESSAGES,
  orderSearchKeys,
  refundedCents,
  stockKey,
  type DomainEvent,
  type OrderRecord,
  type StockedProduct,
  type UnpaidOrder,
} from '../../../domain/index.js';
import type { EventPublisher, OrderChangeSet, OrderUnit, OrderUnitOfWork } from '../../../ports.js';
import { bookOf, readBook, writeBookChange } from './addresses.js';
import { loadCouponForPlaceIn, loadCouponIn, writeCouponUse } from './coupons.js';
import { mailRef, recordMail } from './mailOutbox.js';
import { writeOrderStatus } from './orderStatus.js';
import { COLLECTIONS, isDocId, keyId, MAX_ATTEMPTS, waitingFields, type OrderDoc, type ProductDoc } from './mapping.js';
import { recordStats } from './orderStats.js';
import {
  readRefundActors,
  refundsForDocument,
  withRefundActors,
  writeRefundActors,
  type RefundActors,
} from './refundActors.js';
import { reverifyReviewsIn } from './reviewMarks.js';
import { applyStockChanges } from './stock.js';
import { readClaimedGuest, recordCustomer } from './customers.js';
import { stockedProductOf } from './variants.js';

type CouponRead = Awaited<ReturnType<typeof loadCouponIn>>;

/** What a use case reads in `tx`, and what the commit needs of it. */
class FirestoreOrderUnit implements OrderUnit {
  /** The orders read, as stored (the shard an order's code use came from), with who made each refund. */
  readonly orders = new Map<string, { doc: OrderDoc; actors: RefundActors }>();
  /** The products read (their variants' stock fields, for the stock writes). */
  readonly productDocs = new Map<string, ProductDoc>();
  /** The hold locks a placement read: it writes them, so concurrent placements of one holder conflict. */
  readonly locks: DocumentReference[] = [];
  couponRead: CouponRead | null = null;
  book: CollectionReference | null = null;

  constructor(
    private readonly tx: Transaction,
    private readonly db: Firestore,
  ) {}

  private get col() {
    return this.db.collection(COLLECTIONS.orders);
  }

  newId() {
    return this.col.doc().id;
  }

  async order(id: string): Promise<OrderRecord> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const snap = await this.tx.get(this.col.doc(id));
    if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
    const doc = snap.data() as OrderDoc;
    const stored = normalizedRecord(doc);
    // Who made each refund is kept apart from the document its owner may read (issue 36).
    const actors = await readRefundActors(snap.ref, stored.refunds, this.tx);
    this.orders.set(id, { doc, actors });
    return withRefundActors(stored, actors);
  }

  private async productSnaps(ids: readonly string[]) {
    const valid = [...new Set(ids)].filter(isDocId);
    const snaps = valid.length
      ? await this.tx.getAll(...valid.map((id) => this.db.collection(COLLECTIONS.products).doc(id)))
      : [];
    for (const snap of snaps) if (snap.exists) this.productDocs.set(snap.id, snap.data() as ProductDoc);
    return snaps.filter((s) => s.exists).map((s) => [s.id, s.data() as ProductDoc] as const);
  }

  async stockOf(order: Pick<OrderRecord, 'orderItems'>) {
    const stock = new Map<string, number>();
    for (const [id, doc] of await this.productSnaps(order.orderItems.map((i) => i.product))) {
      stock.set(id, doc.countInStock);
      for (const v of doc.variants ?? []) stock.set(stockKey(id, v.id), doc.variantStock?.[v.id] ?? 0);
    }
    return stock;
  }

  async products(ids: readonly string[]) {
    return new Map<string, StockedProduct>(
      (await this.productSnaps(ids)).map(([id, doc]) => [id, stockedProductOf(doc)]),
    );
  }

  async openOrders(keys: { customerId: string; addressKey: string | null; clientKey: string | null }) {
    // A query cannot see an order another transaction is creating, so every placement also writes the lock
    // documents read here: two concurrent placements of one holder then conflict, and the retry sees the other's.
    const holders = [
      { field: 'userId', key: keys.customerId, lock: keys.customerId },
      { field: 'guestAddressKey', key: keys.addressKey, lock: `address:${keys.addressKey}` },
      { field: 'clientKey', key: keys.clientKey, lock: `client:${keys.clientKey}` },
    ];
    const locks = holders.flatMap((h) =>
      h.key === null ? [] : [this.db.collection(COLLECTIONS.holdLocks).doc(keyId(h.lock))],
    );
    await this.tx.getAll(...locks);
    this.locks.push(...locks);
    const open: UnpaidOrder[][] = [];
    for (const { field, key } of holders) {
      const unpaid = key === null ? null : this.col.where(field, '==', key).where('status', '==', 'awaiting_payment');
      open.push(unpaid ? (await this.tx.get(unpaid)).docs.map((d) => d.data() as UnpaidOrder) : []);
    }
    return { customer: open[0]!, address: open[1]!, client: open[2]! };
  }

  async coupon(code: string, customer: { _id: string; email: string }) {
    // One of the code's use shards with room is read (and written by the commit): concurrent uses of one shard
    // conflict and retry (issue 37).
    this.couponRead = await loadCouponForPlaceIn(this.tx, this.db, code, customer);
    return this.couponRead.loaded;
  }

  async addressBook(userId: string) {
    if (!isDocId(userId)) return [];
    this.book = bookOf(this.db, userId);
    return readBook(this.tx, this.book);
  }

  async captureUsed(captureId: string) {
    return (await this.tx.get(this.db.collection(COLLECTIONS.captures).doc(keyId(captureId)))).exists;
  }

  async mailRecorded(key: string) {
    return (await this.tx.get(mailRef(this.db, key))).exists;
  }

  async adminEmails() {
    const admins = await this.tx.get(this.db.collection(COLLECTIONS.users).where('isAdmin', '==', true));
    return admins.docs
      .map((d) => d.data() as { email: string; createdAt: string })
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map((u) => u.email);
  }
}

export class FirestoreOrderUnitOfWork implements OrderUnitOfWork {
  constructor(
    private readonly db: Firestore,
    private readonly events: EventPublisher,
  ) {}

  async run<T>(work: (unit: OrderUnit) => Promise<{ changes: OrderChangeSet; result: T }>): Promise<T> {
    const done = await this.db.runTransaction(
      async (tx) => {
        const unit = new FirestoreOrderUnit(tx, this.db);
        const { changes, result } = await work(unit);
        return { result, events: await commit(tx, this.db, unit, changes) };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    this.events.publish(done.events);
    return done.result;
  }
}

/** Writes a change set in `tx`, its reads first; answers the events to publish. */
async function commit(
  tx: Transaction,
  db: Firestore,
  unit: FirestoreOrderUnit,
  changes: OrderChangeSet,
): Promise<DomainEvent[]> {
  const at = changes.at ?? new Date();
  const { placed, patch, codeUse } = changes;
  const after = patch && { ...patch.before, ...patch.change };
  // Reads: which messages exist (each recorded once by its key), the shard a released use goes back to, the
  // reviews decided again with the order as it now is.
  const mails = changes.mails ?? [];
  const recorded = mails.length ? await tx.getAll(...mails.map((m) => mailRef(db, m.key))) : [];
  const stored = patch ? unit.orders.get(patch.id)! : null;
  const released =
    codeUse && codeUse.delta < 0
      ? await loadCouponIn(tx, db, codeUse.code, codeUse.customer, stored?.doc.couponShard ?? null)
      : null;
  const reverified = changes.reverifyReviews && patch ? await reverifyReviewsIn(tx, db, patch.id, after!) : null;
  const claimedGuest = patch && after ? await readClaimedGuest(tx, db, patch.before, after) : null;

  // Writes.
  const orders = db.collection(COLLECTIONS.orders);
  if (changes.stock) applyStockChanges(tx, db, changes.stock.changes, changes.stock.context, unit.productDocs);
  if (placed) {
    const { id, record } = placed;
    const couponShard = codeUse && codeUse.delta > 0 && unit.couponRead ? writeCouponUse(tx, unit.couponRead, 1) : null;
    const doc: OrderDoc = {
      ...record,
      userId: record.user._id,
      captureId: null,
      customerKeys: orderSearchKeys(id, record.user.name, record.user.email),
      // The shard the code's use was taken from: a cancel or expiry gives it back there.
      ...(couponShard !== null ? { couponShard } : {}),
    };
    tx.create(orders.doc(id), doc);
    writeOrderStatus(tx, db, id, doc);
    recordStats(tx, db, null, record);
    recordCustomer(tx, db, null, record);
    for (const lock of unit.locks) tx.set(lock, { at: record.createdAt });
  }
  if (patch && after) {
    const { id, before, change } = patch;
    const ref = orders.doc(id);
    // A plain copy: Firestore refuses undefined fields.
    const fields = JSON.parse(JSON.stringify(change)) as Record<string, unknown>;
    if (change.paymentResult) {
      // create() fails the commit if the capture document appeared meanwhile: a capture pays one order, once.
      const capture = change.paymentResult;
      tx.create(db.collection(COLLECTIONS.captures).doc(keyId(capture.id)), {
        captureId: capture.id,
        orderId: id,
        provider: capture.provider,
        at: at.toISOString(),
      });
      fields.captureId = capture.id;
    }
    if (change.refunds) {
      // The refunded cents beside the refunds: a plain figure for the console and exports.
      fields.refunds = refundsForDocument(change.refunds);
      fields.refundedCents = refundedCents({ refunds: change.refunds });
      writeRefundActors(tx, ref, change.refunds, stored!.actors);
    }
    // The waiting flags beside what they mirror (mapping.ts waitingFields: the admin's counts and ?requests=waiting).
    if (change.returns !== undefined || change.cancellationRequest !== undefined)
      Object.assign(fields, waitingFields(after));
    if (change.user) {
      fields.userId = change.user._id;
      fields.customerKeys = orderSearchKeys(id, change.user.name, change.user.email);
    }
    if (Object.keys(fields).length) tx.update(ref, fields);
    writeOrderStatus(tx, db, id, after);
    recordStats(tx, db, before, after);
    recordCustomer(tx, db, before, after, claimedGuest);
  }
  if (released) writeCouponUse(tx, released, -1);
  const book = changes.addressBook;
  if (book && isDocId(book.userId)) writeBookChange(tx, unit.book ?? bookOf(db, book.userId), book.change);
  mails.forEach((mail, i) => recordMail(tx, db, mail, at, recorded[i]!.exists));
  const events = [...(changes.events ?? [])];
  if (reverified) {
    reverified.write(tx);
    if (reverified.productIds.length) events.push({ type: 'ReviewsReverified', productIds: reverified.productIds });
  }
  return events;
}
