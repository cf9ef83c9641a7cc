// Adding a review as a pure decision (load -> decide -> save, like domain/orderDecisions.ts): a store loads the
// product's rating totals and whether this customer reviewed it already, inside its transaction; this decides the
// review and the product's new rating; the store writes both in that transaction.
import { badInput, notFound } from './errors.js';

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
  review: { user: string; name: string; rating: number; comment: string; createdAt: string };
  /** The product's ratings with the review: `rating` is the plain average (the API rounds it where it shows it). */
  totals: RatingTotals & { rating: number };
}

/**
 * One review per customer and product (the spec): 404 for a product that is gone, 400 'Product already reviewed'
 * (as the spec's clients expect) for a second one. `product` null: not found.
 */
export function reviewProduct(
  product: RatingTotals | null,
  alreadyReviewed: boolean,
  request: ReviewRequest,
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
    },
    totals: { ratingSum, numReviews, rating: ratingSum / numReviews },
  };
}
