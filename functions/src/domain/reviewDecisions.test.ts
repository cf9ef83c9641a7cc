// Adding a review, decided once for both stores (the store contract tests their load and save).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import type { RefundRecord } from './refunds.js';
import { reverifiedReviews, reviewProduct, verifiedPurchase, type Purchase } from './reviewDecisions.js';

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
    expect(reviewProduct({ id: 'p1', ratingSum: 9, numReviews: 2 }, false, request, [], now)).toEqual({
      review: { user: 'u1', name: 'Ann', rating: 4, comment: 'Good', createdAt: now.toISOString(), verified: false },
      totals: { ratingSum: 13, numReviews: 3, rating: 13 / 3 },
    });
  });

  it('refuses a product that is gone (404) and a second review by one customer (400, the spec’s text)', () => {
    expect(refused(() => reviewProduct(null, false, request, [], now)).kind).toBe('not_found');
    const second = refused(() => reviewProduct({ id: 'p1', ratingSum: 4, numReviews: 1 }, true, request, [], now));
    expect([second.kind, second.message]).toEqual(['bad_input', 'Product already reviewed']);
  });

  it('keeps the average the mean of every rating, whatever their order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 50 }), (ratings) => {
        let totals = { ratingSum: 0, numReviews: 0, rating: 0 };
        for (const [i, rating] of ratings.entries())
          totals = reviewProduct(
            { id: 'p1', ...totals },
            false,
            { ...request, userId: `u${i}`, rating },
            [],
            now,
          ).totals;
        expect(totals.numReviews).toBe(ratings.length);
        expect(totals.ratingSum).toBe(ratings.reduce((a, b) => a + b, 0));
        expect(totals.rating).toBeCloseTo(totals.ratingSum / ratings.length, 10);
        expect(totals.rating).toBeGreaterThanOrEqual(1);
        expect(totals.rating).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe('verifiedPurchase (issue 29): a paid order of the product that still stands', () => {
  const paid: Purchase = {
    status: 'paid',
    paidAt: '2026-11-20T10:00:00.000Z',
    totalCents: 20_000,
    refunds: [],
    orderItems: [
      { product: 'p1', qty: 2 },
      { product: 'p2', qty: 1 },
    ],
  };
  const refund = (over: Partial<RefundRecord>): RefundRecord => ({
    id: 'r1',
    amountCents: 5_000,
    reason: '',
    restock: true,
    items: [],
    status: 'completed',
    cancelsOrder: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    completedAt: '2026-11-21T10:00:00.000Z',
    by: { _id: 'admin', name: 'Admin' },
    providerRefundId: 'R1',
    failure: null,
    ...over,
  });

  it('reverifiedReviews (issue 36): after a refund, the reviews whose mark the same rule now changes', () => {
    const returned = { ...paid, refunds: [refund({ items: [{ product: 'p1', qty: 2 }] })] };
    const reviews = [
      { product: 'p1', verified: true },
      { product: 'p2', verified: true },
      { product: 'p3', verified: false },
    ];
    const orders = (of: Purchase[]) => (product: string) =>
      of.filter((o) => o.orderItems.some((i) => i.product === product));
    expect(reverifiedReviews(reviews, orders([returned]))).toEqual([{ product: 'p1', verified: false }]);
    const cancelled = { ...paid, status: 'cancelled' as const, refunds: [refund({ amountCents: 20_000 })] };
    expect(reverifiedReviews(reviews, orders([cancelled]))).toEqual([
      { product: 'p1', verified: false },
      { product: 'p2', verified: false },
    ]);
    expect(reverifiedReviews(reviews, orders([cancelled, paid]))).toEqual([]);
  });

  it('marks a review by a customer with a paid or delivered order of the product', () => {
    expect(verifiedPurchase([paid], 'p1')).toBe(true);
    expect(verifiedPurchase([{ ...paid, status: 'delivered', deliveredAt: 'x' } as Purchase], 'p1')).toBe(true);
    expect(reviewProduct({ id: 'p1', ratingSum: 0, numReviews: 0 }, false, request, [paid], now).review.verified).toBe(
      true,
    );
  });

  it('does not mark without a purchase, or with an order of another product', () => {
    expect(verifiedPurchase([], 'p1')).toBe(false);
    expect(verifiedPurchase([paid], 'p3')).toBe(false);
    expect(reviewProduct({ id: 'p3', ratingSum: 0, numReviews: 0 }, false, request, [paid], now).review.verified).toBe(
      false,
    );
  });

  it('does not mark an order never paid: awaiting payment, expired, cancelled before payment', () => {
    const unpaid = { ...paid, paidAt: null };
    expect(verifiedPurchase([{ ...unpaid, status: 'awaiting_payment' }], 'p1')).toBe(false);
    expect(verifiedPurchase([{ ...unpaid, status: 'expired' }], 'p1')).toBe(false);
    expect(verifiedPurchase([{ ...unpaid, status: 'cancelled', cancelledAt: 'x' }], 'p1')).toBe(false);
    // Before issue 28 a cancel was stored as expired with cancelledAt.
    expect(verifiedPurchase([{ ...paid, status: 'expired', cancelledAt: 'x' }], 'p1')).toBe(false);
  });

  it('does not mark a paid order cancelled or refunded in full, nor one whose units of the product all came back', () => {
    expect(verifiedPurchase([{ ...paid, status: 'cancelled', cancelledAt: 'x' }], 'p1')).toBe(false);
    expect(verifiedPurchase([{ ...paid, refunds: [refund({ amountCents: 20_000 })] }], 'p1')).toBe(false);
    const returned = refund({ items: [{ product: 'p1', qty: 2 }] });
    expect(verifiedPurchase([{ ...paid, refunds: [returned] }], 'p1')).toBe(false);
    // ...but the other product of that order still counts, and so does one unit of two kept.
    expect(verifiedPurchase([{ ...paid, refunds: [returned] }], 'p2')).toBe(true);
    expect(verifiedPurchase([{ ...paid, refunds: [refund({ items: [{ product: 'p1', qty: 1 }] })] }], 'p1')).toBe(true);
  });

  it('counts only completed refunds: a pending or failed one leaves the mark', () => {
    for (const status of ['pending', 'failed'] as const)
      expect(
        verifiedPurchase(
          [{ ...paid, refunds: [refund({ status, amountCents: 20_000, items: [{ product: 'p1', qty: 2 }] })] }],
          'p1',
        ),
      ).toBe(true);
  });

  it('one standing order is enough among refused ones', () => {
    expect(verifiedPurchase([{ ...paid, paidAt: null, status: 'expired' }, paid], 'p1')).toBe(true);
  });
});
