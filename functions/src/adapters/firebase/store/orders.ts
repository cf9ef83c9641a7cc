// The Firestore store's order queries (ports.ts OrderQueries): orders/{id} read for the order pages, the list, the
// export and the dashboard (store/orderStats.ts), the notes (orders/{id}/notes), and which orders the sweeps
// visit. Every order change is a use case (orders/) run over this store's unit of work (unitOfWork.ts).
import type {
  DocumentReference,
  Firestore,
  Query,
  QueryDocumentSnapshot,
  QuerySnapshot,
} from 'firebase-admin/firestore';
import {
  holdReminderWindow,
  notFound,
  ORDER_MESSAGES,
  EXPORT_BATCH_SIZE,
  type Order,
  type OrderExportQuery,
  type OrderListQuery,
  type OrderNote,
  type OrderPage,
} from '../../../domain/index.js';
import { LIST_ORDER_FIELD, orderListFilters } from '../../../firestore/queries.js';
import type { OrderQueries } from '../../../ports.js';
import { COLLECTIONS, isDocId, keyId, MAX_ATTEMPTS, orderOf } from './mapping.js';
import { readDailyStats } from './orderStats.js';
import { readPage } from './paging.js';
import { readRefundActors, withRefundActors } from './refundActors.js';

export class FirestoreOrderQueries implements OrderQueries {
  constructor(private readonly db: Firestore) {}

  private get col() {
    return this.db.collection(COLLECTIONS.orders);
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

  /** The requests waiting for the shop, from the flags the order documents keep (mapping.ts waitingFields). */
  async requestsSummary(): Promise<{ cancellations: number; returns: number }> {
    // One open return per order at most (domain/returns.ts requestReturn), so orders with one count the returns.
    const [cancellations, returns] = await Promise.all([
      this.col.where('waitingCancellation', '==', true).count().get(),
      this.col.where('waitingReturn', '==', true).count().get(),
    ]);
    return { cancellations: cancellations.data().count, returns: returns.data().count };
  }

  async paidWith(captureId: string): Promise<string | null> {
    if (!captureId) return null;
    const capture = await this.db.collection(COLLECTIONS.captures).doc(keyId(captureId)).get();
    return capture.exists ? ((capture.data() as { orderId: string }).orderId ?? null) : null;
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

  async dueForExpiry(now: Date): Promise<string[]> {
    const at = now.toISOString();
    const stale = await this.col.where('status', '==', 'awaiting_payment').where('expiresAt', '<=', at).select().get();
    return stale.docs.map((d) => d.id);
  }

  async dueForReminder(now: Date): Promise<string[]> {
    const { after, until } = holdReminderWindow(now);
    // domain/firestoreQueries.ts HOLD_REMINDER_SHAPE.
    const due = await this.col
      .where('status', '==', 'awaiting_payment')
      .where('expiresAt', '>', after)
      .where('expiresAt', '<=', until)
      .select()
      .get();
    return due.docs.map((d) => d.id);
  }

  /** Orders and paid revenue per day since `since`'s day, from the counters the order changes keep
   *  (store/orderStats.ts): at most ORDER_STATS_SHARDS documents per month, whatever the number of orders. */
  dailyStats(since: Date) {
    return readDailyStats(this.db, since);
  }
}
