// The order unit of work on Firestore (ports.ts OrderUnitOfWork; the use cases are orders/): each run is one
// transaction. The use case reads through the unit (which keeps what it read: the documents, the code's use shard,
// the hold locks, a hot product's stock shards), then the commit makes its own reads (the outbox keys, the shard an
// order's use goes back to, the stock shards its units go back to, the reviews to decide again: Firestore reads
// before any write) and writes the change set. A retried transaction runs the use case again on fresh reads, and
// splits the stock of the products it places into shards (issue 37: a retry means contention, the product is hot).
// Events are published once committed (those of the last attempt); then the displayed stock of the hot products
// it moved is synced when due (store/stockShards.ts).
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  ADDRESS_MODEL,
  HoldTally,
  normalizedRecord,
  notFound,
  ORDER_MESSAGES,
  orderSearchKeys,
  refundedCents,
  OWN_UNITS,
  stockKey,
  withUnits,
  type DomainEvent,
  type OrderRecord,
  type StockedProduct,
  type UnpaidOrder,
} from '../../../domain/index.js';
import type { EventPublisher, OrderChangeSet, OrderUnit, OrderUnitOfWork, PlacementReads } from '../../../ports.js';
import { readOwned, writeOwnedChange } from './modelStore.js';
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
import {
  giveBackShards,
  readShardsForOrder,
  shardCount,
  shardOf,
  stockSeen,
  stockShardRef,
  syncDue,
  syncDisplayedStock,
  writeTakes,
  type ShardedStock,
  type StockTakeDoc,
} from './stockShards.js';
import { readClaimedGuest, recordCustomer } from './customers.js';
import { readRecordIn, writeRecordsIn } from './tenderRecords.js';
import { stockedProductOf } from './variants.js';

/** What a use case reads in `tx`, and what the commit needs of it. */
class FirestoreOrderUnit implements OrderUnit {
  /** The orders read, as stored (the shard an order's code use came from), with who made each refund. */
  readonly orders = new Map<string, { doc: OrderDoc; actors: RefundActors }>();
  /** The products read (their variants' stock fields, for the stock writes). */
  readonly productDocs = new Map<string, ProductDoc>();
  /** The hold locks a placement read: it writes them, so concurrent placements of one holder conflict. */
  readonly locks: DocumentReference[] = [];
  couponRead: Awaited<ReturnType<typeof loadCouponIn>> | null = null;
  /** A placement's hot products: the shards it read and the units it takes (issue 37). */
  readonly sharded = new Map<string, ShardedStock>();
  /** The hot products whose displayed stock is synced once this attempt is over (store/stockShards.ts). */
  readonly toSync = new Set<string>();

  constructor(
    private readonly tx: Transaction,
    private readonly db: Firestore,
    private readonly placement: PlacementReads | undefined,
    /** This attempt follows a contended one: the products it places are split into shards. */
    private readonly retried: boolean,
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
    const products = new Map<string, StockedProduct>();
    for (const [id, doc] of await this.productSnaps(ids)) {
      if (!shardCount(doc) && !this.retried) {
        products.set(id, stockedProductOf(doc));
        continue;
      }
      // A hot product (or one this retried order splits): the shards decide what can be taken; the decision sees
      // enough where they hold the order's units, the truth where they do not (stockSeen).
      const sharded = await readShardsForOrder(this.tx, this.db, id, doc, this.placement?.lines, !shardCount(doc));
      this.sharded.set(id, sharded);
      const seen = stockSeen(sharded);
      // Refused for stock while the display showed otherwise: the display is corrected once this attempt is over.
      const shownOtherwise =
        seen.countInStock !== doc.countInStock ||
        (doc.variants ?? []).some((v) => seen.variantStock?.[v.id] !== doc.variantStock?.[v.id]);
      if (sharded.exact && !sharded.splitting && shownOtherwise) this.toSync.add(id);
      products.set(id, stockedProductOf({ ...doc, ...seen }));
    }
    return products;
  }

  async openOrders(keys: { customerId: string; addressKey: string | null; clientKey: string | null }) {
    // A query cannot see an order another transaction is creating, so every placement also writes the lock
    // documents read here: two concurrent placements of one holder then conflict, and the retry sees the other's.
    const holders = [
      { field: 'userId', key: keys.customerId, lock: keys.customerId },
      { field: 'guestAddressKey', key: keys.addressKey, lock: `address:${keys.addressKey}` },
      { field: 'clientKey', key: keys.clientKey, lock: `client:${keys.clientKey}` },
    ];
    const lockOf = (lock: string) => this.db.collection(COLLECTIONS.holdLocks).doc(keyId(lock));
    const locks = holders.flatMap((h) => (h.key === null ? [] : [lockOf(h.lock)]));
    await this.tx.getAll(...locks);
    this.locks.push(...locks);
    const open: UnpaidOrder[][] = [];
    for (const { field, key } of holders) {
      const unpaid = key === null ? null : this.col.where(field, '==', key).where('status', '==', 'awaiting_payment');
      open.push(unpaid ? (await this.tx.get(unpaid)).docs.map((d) => d.data() as UnpaidOrder) : []);
    }
    return { customer: open[0]!, address: open[1]!, client: HoldTally.of(open[2]!) };
  }

  async coupon(code: string, customer: { _id: string; email: string }) {
    // One of the code's use shards with room is read (and written by the commit): concurrent uses of one shard
    // conflict and retry (issue 37).
    this.couponRead = await loadCouponForPlaceIn(this.tx, this.db, code, customer);
    return this.couponRead.loaded;
  }

  async addressBook(userId: string) {
    if (!isDocId(userId)) return [];
    return readOwned(this.tx, this.db, ADDRESS_MODEL, userId);
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

  record: OrderUnit['record'] = (model, key) => readRecordIn(this.tx, this.db, model, key);
}

export class FirestoreOrderUnitOfWork implements OrderUnitOfWork {
  constructor(
    private readonly db: Firestore,
    private readonly events: EventPublisher,
  ) {}

  async run<T>(
    work: (unit: OrderUnit) => Promise<{ changes: OrderChangeSet; result: T }>,
    placement?: PlacementReads,
  ): Promise<T> {
    let attempts = 0;
    let last: FirestoreOrderUnit | null = null;
    try {
      const done = await this.db.runTransaction(
        async (tx) => {
          const unit = new FirestoreOrderUnit(tx, this.db, placement, ++attempts > 1);
          last = unit;
          const { changes, result } = await work(unit);
          return { result, events: await commit(tx, this.db, unit, changes) };
        },
        { maxAttempts: MAX_ATTEMPTS },
      );
      this.events.publish(done.events);
      return done.result;
    } finally {
      if (last) await this.syncDisplays((last as FirestoreOrderUnit).toSync);
    }
  }

  /** Syncs the displayed stock of hot products from their shards; a failure only leaves the display behind (the
   *  shards stay the truth, the next sync catches up): logged, never the order's answer. */
  private async syncDisplays(products: ReadonlySet<string>): Promise<void> {
    for (const id of products) {
      try {
        const stock = await syncDisplayedStock(this.db, id);
        if (stock) this.events.publish([{ type: 'StockChanged', stock }]);
      } catch (error) {
        console.warn(`The displayed stock of product ${id} was not synced:`, error);
      }
    }
  }
}

/** The units a change set puts back onto hot products (a cancel, an expiry, a refund's or a return's restock):
 *  the shards they go to, read (before any write), and the shards as they will be written. */
async function readGiveBacks(
  tx: Transaction,
  db: Firestore,
  unit: FirestoreOrderUnit,
  changes: OrderChangeSet,
): Promise<{ writes: Map<string, ReturnType<typeof shardOf>>; products: Set<string> }> {
  const writes = new Map<string, ReturnType<typeof shardOf>>();
  const products = new Set<string>();
  if (!changes.stock || changes.placed) return { writes, products };
  const takes = (changes.patch && unit.orders.get(changes.patch.id)?.doc.stockTakes) ?? [];
  const back: { product: string; shard: number; key: string; units: number }[] = [];
  for (const { product, variant, before, after } of changes.stock.changes) {
    const doc = unit.productDocs.get(product);
    const count = doc ? shardCount(doc) : 0;
    if (!count || after === before) continue;
    // Only placements take from a hot product's shards; every other change gives back.
    if (after < before) throw new Error(`A change other than a placement took stock of hot product ${product}`);
    products.add(product);
    const key = variant ?? OWN_UNITS;
    for (const [shard, units] of giveBackShards(takes, product, count, key, after - before))
      back.push({ product, shard, key, units });
  }
  const refs = [...new Map(back.map((b) => [`${b.product}/${b.shard}`, b])).values()];
  const snaps = refs.length ? await tx.getAll(...refs.map((b) => stockShardRef(db, b.product, b.shard))) : [];
  snaps.forEach((snap, i) => writes.set(`${refs[i]!.product}/${refs[i]!.shard}`, shardOf(snap)));
  for (const b of back) {
    const id = `${b.product}/${b.shard}`;
    writes.set(id, withUnits(writes.get(id)!, b.key, b.units));
  }
  return { writes, products };
}

/** Writes a placement's takes from hot products' shards (checked against the stock changes the decision made);
 *  answers the takes to record on the order. */
function writePlacementTakes(
  tx: Transaction,
  db: Firestore,
  unit: FirestoreOrderUnit,
  changes: OrderChangeSet,
  now: number,
): StockTakeDoc[] {
  const recorded: StockTakeDoc[] = [];
  for (const [product, sharded] of unit.sharded) {
    const decided = new Map<string, number>();
    for (const c of changes.stock?.changes ?? [])
      if (c.product === product) decided.set(c.variant ?? OWN_UNITS, c.before - c.after);
    const taken = new Map<string, number>();
    for (const t of sharded.takes) taken.set(t.key, (taken.get(t.key) ?? 0) + t.units);
    for (const key of new Set([...decided.keys(), ...taken.keys()]))
      if ((decided.get(key) ?? 0) !== (taken.get(key) ?? 0))
        throw new Error(`The shards' takes of product ${product} differ from the order's decision`);
    const ranDry = writeTakes(tx, db, sharded, now);
    if (!sharded.splitting && sharded.takes.length && (ranDry || syncDue(sharded.doc, now))) unit.toSync.add(product);
    recorded.push(...sharded.takes.map((t) => ({ product, ...t })));
  }
  return recorded;
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
  const givenBack = await readGiveBacks(tx, db, unit, changes);
  const claimedGuest = patch && after ? await readClaimedGuest(tx, db, patch.before, after) : null;

  // Writes.
  const orders = db.collection(COLLECTIONS.orders);
  const now = Date.now();
  if (changes.stock) {
    const sharded = new Set([...unit.sharded.keys(), ...givenBack.products]);
    applyStockChanges(tx, db, changes.stock.changes, changes.stock.context, unit.productDocs, sharded);
  }
  for (const [id, shard] of givenBack.writes) {
    const [product, k] = id.split('/');
    tx.set(stockShardRef(db, product!, Number(k)), shard);
  }
  for (const product of givenBack.products) {
    const doc = unit.productDocs.get(product)!;
    // Back in stock after showing none: shown at once; otherwise at most once a second.
    const shownNone = changes.stock!.changes.some((c) => c.product === product && c.before === 0);
    if (shownNone || syncDue(doc, now)) unit.toSync.add(product);
  }
  if (placed) {
    const { id, record } = placed;
    const stockTakes = writePlacementTakes(tx, db, unit, changes, now);
    const couponShard = codeUse && codeUse.delta > 0 && unit.couponRead ? writeCouponUse(tx, unit.couponRead, 1) : null;
    const doc: OrderDoc = {
      ...record,
      userId: record.user._id,
      captureId: null,
      customerKeys: orderSearchKeys(id, record.user.name, record.user.email),
      // The shard the code's use was taken from: a cancel or expiry gives it back there.
      ...(couponShard !== null ? { couponShard } : {}),
      // The shards a hot product's units were taken from: a cancel, an expiry or a restock gives them back there.
      ...(stockTakes.length ? { stockTakes } : {}),
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
  if (book && isDocId(book.userId)) writeOwnedChange(tx, db, ADDRESS_MODEL, book.userId, book.change);
  mails.forEach((mail, i) => recordMail(tx, db, mail, at, recorded[i]!.exists));
  writeRecordsIn(tx, db, changes.records);
  const events = [...(changes.events ?? [])];
  if (reverified) {
    reverified.write(tx);
    if (reverified.productIds.length) events.push({ type: 'ReviewsReverified', productIds: reverified.productIds });
  }
  return events;
}
