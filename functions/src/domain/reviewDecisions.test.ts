// Adding a review, decided once for both stores (the store contract tests their load and save).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { reviewProduct } from './reviewDecisions.js';

const now = new Date('2026-11-25T12:00:00.000Z');
const request = { userId: 'u1', name: 'Ann', rating: 4, comment: 'Good' };

function refused(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('reviewProduct', () => {
  it('adds the review and the product’s new totals and average', () => {
    expect(reviewProduct({ ratingSum: 9, numReviews: 2 }, false, request, now)).toEqual({
      review: { user: 'u1', name: 'Ann', rating: 4, comment: 'Good', createdAt: now.toISOString() },
      totals: { ratingSum: 13, numReviews: 3, rating: 13 / 3 },
    });
  });

  it('refuses a product that is gone (404) and a second review by one customer (400, the spec’s text)', () => {
    expect(refused(() => reviewProduct(null, false, request, now)).kind).toBe('not_found');
    const second = refused(() => reviewProduct({ ratingSum: 4, numReviews: 1 }, true, request, now));
    expect([second.kind, second.message]).toEqual(['bad_input', 'Product already reviewed']);
  });

  it('keeps the average the mean of every rating, whatever their order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 50 }), (ratings) => {
        let totals = { ratingSum: 0, numReviews: 0, rating: 0 };
        for (const [i, rating] of ratings.entries())
          totals = reviewProduct(totals, false, { ...request, userId: `u${i}`, rating }, now).totals;
        expect(totals.numReviews).toBe(ratings.length);
        expect(totals.ratingSum).toBe(ratings.reduce((a, b) => a + b, 0));
        expect(totals.rating).toBeCloseTo(totals.ratingSum / ratings.length, 10);
        expect(totals.rating).toBeGreaterThanOrEqual(1);
        expect(totals.rating).toBeLessThanOrEqual(5);
      }),
    );
  });
});
