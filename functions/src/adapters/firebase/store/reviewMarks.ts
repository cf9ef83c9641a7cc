// Issue 36: a completed refund decides the customer's "verified purchase" marks again (domain/reviewDecisions.ts
// reverifiedReviews), in the refund's own transaction: the reads here run with the refund's reads, before any write
// (Firestore's rule), and the writes it answers run with the refund's writes.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { reverifiedReviews, type OrderRecord } from '../../../domain/index.js';
import { COLLECTIONS, isDocId, type OrderDoc, type ReviewDoc } from './mapping.js';

export interface Reverified {
  /** The products whose review changed its mark. */
  productIds: string[];
  /** The reviews' new marks, written in the same transaction. */
  write(tx: Transaction): void;
}

const NOTHING: Reverified = { productIds: [], write: () => undefined };

/** Reads the customer's reviews of the order's products and, when there are any, their orders (`userId ==`, as the
 *  review's own transaction reads them), with this order as the refund leaves it (`after`). */
export async function reverifyReviewsIn(
  tx: Transaction,
  db: Firestore,
  orderId: string,
  after: OrderRecord,
): Promise<Reverified> {
  const userId = after.user._id;
  const products = [...new Set(after.orderItems.map((line) => line.product))].filter(isDocId);
  if (!isDocId(userId) || products.length === 0) return NOTHING;
  const refs = products.map((product) =>
    db.collection(COLLECTIONS.products).doc(product).collection(COLLECTIONS.reviews).doc(userId),
  );
  const snaps = await tx.getAll(...refs);
  const reviews = snaps.flatMap((snap, i) =>
    snap.exists ? [{ product: products[i]!, verified: (snap.data() as ReviewDoc).verified === true }] : [],
  );
  if (reviews.length === 0) return NOTHING;
  const orders = (await tx.get(db.collection(COLLECTIONS.orders).where('userId', '==', userId))).docs.map((d) =>
    d.id === orderId ? after : (d.data() as OrderDoc),
  );
  const changed = reverifiedReviews(reviews, (product) =>
    orders.filter((order) => order.orderItems.some((line) => line.product === product)),
  );
  return {
    productIds: changed.map((review) => review.product),
    write: (t) => {
      for (const review of changed) t.update(refs[products.indexOf(review.product)]!, { verified: review.verified });
    },
  };
}
