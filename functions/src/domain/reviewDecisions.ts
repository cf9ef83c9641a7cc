// Adding a review as a pure decision (load -> decide -> save, like domain/orderDecisions.ts): a store loads the
// product's rating totals and whether this customer reviewed it already, inside its transaction; this decides the
// review and the product's new rating; the store writes both in that transaction.
import { badInput, notFound } from './errors.js';
import { statusOf, type OrderRecord } from './orders.js';
import { paymentStatusOf } from './refunds.js';

/** What verifiedPurchase reads of one of the customer's orders (a store loads those holding the product). */
export type Purchase = Pick<OrderRecord, 'status' | 'cancelledAt' | 'totalCents' | 'refunds' | 'paidAt'> & {
  orderItems: readonly { product: string; qty: number }[];
};

/**
 * Issue 29: a review is a verified purchase when its author has an order of the product that was paid and still
 * stands: not unpaid (awaiting payment, expired), not cancelled, not refunded in full, and not with every unit of
 * this product refunded (a return). Another product's order never counts. Admins get no exception: an admin is a
 * customer like any other here.
 */
export function verifiedPurchase(orders: readonly Purchase[], productId: string): boolean {
  return orders.some((order) => {
    const payment = paymentStatusOf(order);
    if (statusOf(order) === 'cancelled' || (payment !== 'paid' && payment !== 'partially_refunded')) return false;
    const units = (items: readonly { product: string; qty: number }[]) =>
      items.filter((item) => item.product === productId).reduce((sum, item) => sum + item.qty, 0);
    const bought = units(order.orderItems);
    const refunded = (order.refunds ?? [])
      .filter((refund) => refund.status === 'completed')
      .reduce((sum, refund) => sum + units(refund.items), 0);
    return bought > refunded;
  });
}

/**
 * Issue 36: the customer's reviews decided again once a refund of their order completed (the order cancelled,
 * refunded in full, or every unit of a product returned), by the same rule as when they were written. `reviews`: the
 * customer's reviews of the order's products as stored; `purchases`: their orders holding a product, as they are now
 * (in the refund's transaction). Answers the reviews whose mark changes.
 */
export function reverifiedReviews(
  reviews: readonly { product: string; verified: boolean }[],
  purchases: (productId: string) => readonly Purchase[],
): { product: string; verified: boolean }[] {
  const changed: { product: string; verified: boolean }[] = [];
  for (const review of reviews) {
    const verified = verifiedPurchase(purchases(review.product), review.product);
    if (verified !== review.verified) changed.push({ product: review.product, verified });
  }
  return changed;
}

/** A product's ratings as the decision reads them: the sum of its reviews' ratings and how many there are. */
export interface RatingTotals {
  ratingSum: number;
  numReviews: number;
}

export interface ReviewRequest {
  userId: string;
  name: string;
  rating: number;
  comment: string;
}

export interface ReviewDecision {
  review: { user: string; name: string; rating: number; comment: string; createdAt: string; verified: boolean };
  /** The product's ratings with the review: `rating` is the plain average (the API rounds it where it shows it). */
  totals: RatingTotals & { rating: number };
}

/**
 * One review per customer and product (the spec): 404 for a product that is gone, 400 'Product already reviewed'
 * (as the spec's clients expect) for a second one. `product` null: not found. `purchases`: the customer's orders
 * holding the product, as loaded in the same transaction (verifiedPurchase decides the mark).
 */
export function reviewProduct(
  product: (RatingTotals & { id: string }) | null,
  alreadyReviewed: boolean,
  request: ReviewRequest,
  purchases: readonly Purchase[],
  now: Date,
): ReviewDecision {
  if (!product) throw notFound('Product not found');
  if (alreadyReviewed) throw badInput('Product already reviewed');
  const ratingSum = product.ratingSum + request.rating;
  const numReviews = product.numReviews + 1;
  return {
    review: {
      user: request.userId,
      name: request.name,
      rating: request.rating,
      comment: request.comment,
      createdAt: now.toISOString(),
      verified: verifiedPurchase(purchases, product.id),
    },
    totals: { ratingSum, numReviews, rating: ratingSum / numReviews },
  };
}
