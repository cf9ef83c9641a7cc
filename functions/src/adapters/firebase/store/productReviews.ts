// Reviews on Firestore (products/{id}/reviews/{uid}), for the ProductStore (store/products.ts): a customer's own
// reviews, and adding one with the product's totals.
import type { Firestore } from 'firebase-admin/firestore';
import { notFound, reviewProduct, type Product, type Review } from '../../../domain/index.js';
import type { NewReview, UserReview } from '../../../ports.js';
import {
  COLLECTIONS,
  isDocId,
  MAX_ATTEMPTS,
  toProduct,
  toReview,
  type OrderDoc,
  type ProductDoc,
  type ReviewDoc,
} from './mapping.js';
import { recordReviewRef, reviewsOfUser } from './reviewRefs.js';

/** The user's reviews listed under the user (store/reviewRefs.ts: no collection-group query), read in one
 *  getAll, then the products' names in another. */
export async function reviewsBy(db: Firestore, userId: string): Promise<UserReview[]> {
  if (!isDocId(userId)) return [];
  const listed = await reviewsOfUser(db, userId);
  if (!listed.length) return [];
  const own = (await db.getAll(...listed.map((l) => l.review))).filter((d) => d.exists);
  if (!own.length) return [];
  const products = await db.getAll(...own.map((d) => d.ref.parent.parent!));
  const names = new Map(products.map((p) => [p.id, p.exists ? String(p.get('name')) : '']));
  return own
    .map((d) => {
      const productId = d.ref.parent.parent!.id;
      return {
        ...toReview(d.id, d.data() as ReviewDoc),
        product: productId,
        productName: names.get(productId) ?? '',
      };
    })
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** Adds the customer's review (the domain's reviewProduct decides: one per customer, verified by their orders) and
 *  the product's new totals, in one transaction; answers the review and the product as reviewed. */
export async function addReview(
  db: Firestore,
  now: Date,
  productId: string,
  review: NewReview,
): Promise<{ added: Review; reviewed: Product }> {
  if (!isDocId(productId)) throw notFound('Product not found');
  const productRef = db.collection(COLLECTIONS.products).doc(productId);
  const reviewRef = productRef.collection(COLLECTIONS.reviews).doc(review.userId);
  const { decision, reviewed } = await db.runTransaction(
    async (tx) => {
      const [p, existing] = await tx.getAll(productRef, reviewRef);
      const d = p.exists ? (p.data() as ProductDoc) : null;
      const totals = d ? { id: productId, ratingSum: d.ratingSum ?? 0, numReviews: d.numReviews ?? 0 } : null;
      // The customer's orders (single-field index on userId), read in the transaction: a payment or refund
      // committed meanwhile retries the review with the new facts.
      const orders = d
        ? (await tx.get(db.collection(COLLECTIONS.orders).where('userId', '==', review.userId))).docs
        : [];
      const purchases = orders
        .map((order) => order.data() as OrderDoc)
        .filter((order) => order.orderItems.some((item) => item.product === productId));
      const decided = reviewProduct(totals, existing.exists, review, purchases, now);
      const doc: ReviewDoc = decided.review;
      tx.create(reviewRef, doc);
      recordReviewRef(tx, db, review.userId, productId, doc.createdAt);
      // Integer sum + count in the same transaction as the review: the average never drifts from the reviews.
      const rated = { ...decided.totals, updatedAt: decided.review.createdAt };
      tx.update(productRef, rated);
      return { decision: decided, reviewed: toProduct(productId, { ...d!, ...rated }) };
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
  return { added: { _id: review.userId, ...decision.review }, reviewed };
}
