// Issue 29's one-off backfill of a Firestore catalogue written before it (run by `npm run backfill:firebase`,
// scripts/firebase/backfill.mjs; safe to run again: what is already right is not rewritten):
// - every product's `searchKeys` (firestore/searchIndex.ts), its old `nameGrams` dropped: until then a keyword
//   finds only the products saved since;
// - the search vocabulary (facets/searchVocabulary), counted from every product and written whole at the end;
// - every review without `verified`: decided by the same rule as a new review (domain/reviewDecisions.ts
//   verifiedPurchase) over its author's orders as they are now (as the embedded store's migration 25 decided its own);
// - (issue 37) every review listed under its author (users/{uid}/reviewRefs, store/reviewRefs.ts), which account
//   export and deletion read instead of a collection-group query: reviews written before the refs are found once this ran.
// - issue 36 (backfillRefundActors, below): every order whose refunds still name the refunding admin in its document.
// - issue 38 (backfillLineTaxes, below): each older order's lines get their tax share (`orderItems[].taxCents`);
//   (backfillWaitingRequests) requests asked before the waiting fields get them.
// Bounded steps: products in pages of BACKFILL_PAGE (one transaction each, reads before writes, so a product edited
// meanwhile is keyed from what it now holds), reviews per product in pages of BACKFILL_PAGE, each author's orders
// read once per run.
import {
  FieldPath,
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  ledgerLines,
  SHOP_REFUND_ACTOR,
  verifiedPurchase,
  type Purchase,
  type RefundRecord,
} from '../../../domain/index.js';
import { searchKeysOf, VOCABULARY_MAX, vocabularyTermsOf } from '../../../firestore/searchIndex.js';
import { COLLECTIONS, MAX_ATTEMPTS, waitingFields, type OrderDoc, type ProductDoc, type ReviewDoc } from './mapping.js';
import { reviewRefOf, type ReviewRefDoc } from './reviewRefs.js';
import { readRefundActors, refundsForDocument, writeRefundActors } from './refundActors.js';
import { writeVocabulary } from './searchVocabulary.js';

/** Products (and reviews) per step: well under a transaction's 500 writes. */
export const BACKFILL_PAGE = 300;

export interface BackfillReport {
  products: number;
  productsRekeyed: number;
  vocabularyTerms: number;
  reviews: number;
  reviewsDecided: number;
  reviewsVerified: number;
}

const sameKeys = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((k, i) => k === b[i]);

/** Runs the backfill over the whole catalogue (see the top). */
export async function backfillCatalogSearch(db: Firestore, pageSize = BACKFILL_PAGE): Promise<BackfillReport> {
  const report: BackfillReport = {
    products: 0,
    productsRekeyed: 0,
    vocabularyTerms: 0,
    reviews: 0,
    reviewsDecided: 0,
    reviewsVerified: 0,
  };
  const vocabulary = new Map<string, number>();
  const ordersByUser = new Map<string, Purchase[]>();
  const col = db.collection(COLLECTIONS.products);
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const q = col.orderBy(FieldPath.documentId()).select().limit(pageSize);
    const page = await (after ? q.startAfter(after) : q).get();
    if (page.empty) break;
    const seen = await db.runTransaction(
      async (tx) => {
        const docs = await tx.getAll(...page.docs.map((d) => d.ref));
        const kept: { id: string; doc: ProductDoc }[] = [];
        for (const snap of docs) {
          if (!snap.exists) continue; // removed meanwhile
          const doc = snap.data() as ProductDoc;
          const keys = searchKeysOf(doc);
          if (!sameKeys(doc.searchKeys, keys)) {
            tx.update(snap.ref, { searchKeys: keys, nameGrams: FieldValue.delete() });
            report.productsRekeyed++;
          }
          kept.push({ id: snap.id, doc });
        }
        return kept;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    for (const { id, doc } of seen) {
      report.products++;
      for (const term of vocabularyTermsOf(doc)) vocabulary.set(term, (vocabulary.get(term) ?? 0) + 1);
      await backfillReviews(db, id, pageSize, ordersByUser, report);
    }
    if (page.size < pageSize) break;
    after = page.docs.at(-1);
  }
  await writeVocabulary(db, vocabulary);
  report.vocabularyTerms = Math.min(vocabulary.size, VOCABULARY_MAX);
  return report;
}

/** The reviews of one product that lack `verified`, decided from their authors' orders of it. */
async function backfillReviews(
  db: Firestore,
  productId: string,
  pageSize: number,
  ordersByUser: Map<string, Purchase[]>,
  report: BackfillReport,
) {
  const reviews = db.collection(COLLECTIONS.products).doc(productId).collection(COLLECTIONS.reviews);
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const q = reviews.orderBy(FieldPath.documentId()).limit(pageSize);
    const page = await (after ? q.startAfter(after) : q).get();
    if (page.empty) break;
    const batch = db.batch();
    let writes = 0;
    // The page's refs in their own batch (with the marks below a page could pass 500 writes); set, so a second run
    // rewrites the same.
    const refs = db.batch();
    for (const review of page.docs)
      refs.set(reviewRefOf(db, review.id, productId), {
        product: productId,
        createdAt: String(review.get('createdAt') ?? ''),
      } satisfies ReviewRefDoc);
    if (!page.empty) await refs.commit();
    for (const review of page.docs) {
      report.reviews++;
      const doc = review.data() as Partial<ReviewDoc>;
      if (typeof doc.verified === 'boolean') continue;
      const author = review.id; // the document id is the author's uid
      let orders = ordersByUser.get(author);
      if (!orders) {
        const snap = await db.collection(COLLECTIONS.orders).where('userId', '==', author).get();
        orders = snap.docs.map((o) => o.data() as OrderDoc);
        ordersByUser.set(author, orders);
      }
      const verified = verifiedPurchase(orders, productId);
      batch.update(review.ref, { verified });
      writes++;
      report.reviewsDecided++;
      if (verified) report.reviewsVerified++;
    }
    if (writes) await batch.commit();
    if (page.size < pageSize) break;
    after = page.docs.at(-1);
  }
}

/** What an order backfill did: orders read, orders rewritten. */
export interface OrderBackfillReport {
  orders: number;
  ordersChanged: number;
}

/** Every order once, in pages of `pageSize` (only the `fields` its test needs), and for each that `lacks` it one
 *  transaction that re-reads it (a change may have landed meanwhile) and lets `fix` write: safe to run again. */
async function backfillOrders(
  db: Firestore,
  fields: string[],
  lacks: (doc: Partial<OrderDoc>) => boolean,
  fix: (tx: Transaction, ref: DocumentReference, doc: OrderDoc) => Promise<void> | void,
  pageSize: number,
): Promise<OrderBackfillReport> {
  const report: OrderBackfillReport = { orders: 0, ordersChanged: 0 };
  const col = db.collection(COLLECTIONS.orders);
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const q = col
      .orderBy(FieldPath.documentId())
      .select(...fields)
      .limit(pageSize);
    const page = await (after ? q.startAfter(after) : q).get();
    if (page.empty) break;
    for (const order of page.docs) {
      report.orders++;
      if (!lacks(order.data() as Partial<OrderDoc>)) continue;
      const changed = await db.runTransaction(
        async (tx) => {
          const doc = (await tx.get(order.ref)).data() as OrderDoc | undefined;
          if (!doc || !lacks(doc)) return false;
          await fix(tx, order.ref, doc);
          return true;
        },
        { maxAttempts: MAX_ATTEMPTS },
      );
      if (changed) report.ordersChanged++;
    }
    if (page.size < pageSize) break;
    after = page.docs.at(-1);
  }
  return report;
}

/** Issue 36: refunds written before the actors were kept apart still name the refunding admin (uid and name) in the
 *  order document its owner may read. Moves each to orders/{id}/refundActors/{refundId} and leaves the shop in the
 *  document (store/refundActors.ts), one transaction per such order (its refunds' writes stay well under 500). */
export function backfillRefundActors(db: Firestore, pageSize = BACKFILL_PAGE): Promise<OrderBackfillReport> {
  const named = (refunds: unknown): refunds is RefundRecord[] =>
    Array.isArray(refunds) && refunds.some((r: RefundRecord) => r.by && r.by._id !== SHOP_REFUND_ACTOR._id);
  return backfillOrders(
    db,
    ['refunds'],
    (doc) => named(doc.refunds),
    async (tx, ref, doc) => {
      const known = await readRefundActors(ref, doc.refunds!, tx);
      tx.update(ref, { refunds: refundsForDocument(doc.refunds!) });
      writeRefundActors(tx, ref, doc.refunds!, known);
    },
    pageSize,
  );
}

/** Issue 38: orders placed before the ledger have lines without their tax share. Writes each line's `taxCents` by the
 *  ledger's allocation (domain/ledger.ts ledgerLines: what placeOrder records and what reads compute meanwhile). */
export function backfillLineTaxes(db: Firestore, pageSize = BACKFILL_PAGE): Promise<OrderBackfillReport> {
  const lacking = (items: unknown): boolean =>
    Array.isArray(items) && items.some((i: { taxCents?: unknown }) => typeof i.taxCents !== 'number');
  return backfillOrders(
    db,
    ['orderItems'],
    (doc) => lacking(doc.orderItems),
    (tx, ref, doc) => {
      const shares = ledgerLines(doc);
      tx.update(ref, { orderItems: doc.orderItems.map((line, i) => ({ ...line, taxCents: shares[i]!.taxCents })) });
    },
    pageSize,
  );
}

/** Issue 38: a cancellation request or a return asked before the waiting fields existed is not counted by the
 *  admin's requests summary nor listed by `?requests=waiting` until its order's next change. Writes the fields
 *  (mapping.ts waitingFields) on every order asked something that lacks them. */
export function backfillWaitingRequests(db: Firestore, pageSize = BACKFILL_PAGE): Promise<OrderBackfillReport> {
  const asked = (doc: Partial<OrderDoc>) => !!doc.cancellationRequest || (doc.returns?.length ?? 0) > 0;
  return backfillOrders(
    db,
    ['cancellationRequest', 'returns', 'waitingRequest'],
    (doc) => asked(doc) && typeof doc.waitingRequest !== 'boolean',
    (tx, ref, doc) => {
      tx.update(ref, waitingFields(doc));
    },
    pageSize,
  );
}
