// Each review is also listed under its author: users/{uid}/reviewRefs/{productId} = { product, createdAt }, created
// in the review's transaction. "Download my data" and "delete my account" find the user's reviews there with a
// plain collection query instead of a collection-group query across every product's reviews (which needed its own
// index override, and which the community emulator cannot run). A review's document id is its author's uid, so
// the ref names the review: products/{product}/reviews/{uid}. Reviews written before the refs get them from the
// backfill (store/backfill.ts).
import type { DocumentReference, Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from './mapping.js';

/** users/{uid}/reviewRefs: apart from COLLECTIONS (the web's bundle carries those); server only (rules' catch-all). */
export const REVIEW_REFS = 'reviewRefs';

export interface ReviewRefDoc {
  product: string;
  createdAt: string;
}

export const reviewRefOf = (db: Firestore, userId: string, productId: string) =>
  db.collection(COLLECTIONS.users).doc(userId).collection(REVIEW_REFS).doc(productId);

/** Lists a new review under its author, as a write of the review's transaction. */
export function recordReviewRef(tx: Transaction, db: Firestore, userId: string, productId: string, createdAt: string) {
  tx.set(reviewRefOf(db, userId, productId), { product: productId, createdAt } satisfies ReviewRefDoc);
}

/** The user's reviews (references to products/{product}/reviews/{uid}) and their refs, from the user's list. */
export async function reviewsOfUser(
  db: Firestore,
  userId: string,
): Promise<{ review: DocumentReference; ref: DocumentReference }[]> {
  const refs = await db.collection(COLLECTIONS.users).doc(userId).collection(REVIEW_REFS).get();
  return refs.docs.map((d) => ({
    review: db
      .collection(COLLECTIONS.products)
      .doc((d.data() as ReviewRefDoc).product)
      .collection(COLLECTIONS.reviews)
      .doc(userId),
    ref: d.ref,
  }));
}

/** Drops a removed review's ref, as a write of `batch` (the product's removal deletes its reviews). */
export function dropReviewRef(batch: WriteBatch, review: DocumentReference) {
  const productId = review.parent.parent!.id;
  batch.delete(reviewRefOf(review.firestore, review.id, productId));
}
