import { describe, expect, it } from 'vitest';
import { cartDocOf, cartLinesFromDoc, liveProductFromDoc } from './mapping';

describe('Firebase document mapping', () => {
  it('reads a product document as the API answers it: cents to dollars, the rating from its sum', () => {
    const fields = liveProductFromDoc('p1', {
      priceCents: 1999,
      countInStock: 4,
      ratingSum: 9,
      numReviews: 2,
      rating: 0,
    });
    expect(fields).toEqual({ price: 19.99, countInStock: 4, rating: 4.5, numReviews: 2 });
  });

  it('ignores a missing or incomplete product document (the API’s answer stays on screen)', () => {
    expect(liveProductFromDoc('p1', undefined)).toBeNull();
    expect(liveProductFromDoc('p1', { countInStock: 3 })).toBeNull();
  });

  it('stores only product ids and quantities, at most 50 lines', () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ product: `p${i}`, qty: 1, name: 'extra', price: 9 }));
    const cart = cartDocOf(lines, 'now');
    expect(cart.items).toHaveLength(50);
    expect(cart.items[0]).toEqual({ product: 'p0', qty: 1 });
    expect(cart.updatedAt).toBe('now');
  });

  it('reads a stored cart, or null when there is none', () => {
    expect(cartLinesFromDoc({ items: [{ product: 'a', qty: 2 }], updatedAt: 1 })).toEqual([{ product: 'a', qty: 2 }]);
    expect(cartLinesFromDoc(undefined)).toBeNull();
  });
});
