import type { Review } from '@domain';

/** How many reviews gave each number of stars, 5 first (the rating summary's bars). */
export function ratingBreakdown(reviews: Pick<Review, 'rating'>[]): { stars: number; count: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: reviews.filter((r) => Math.round(r.rating) === stars).length,
  }));
}
