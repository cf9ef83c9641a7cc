import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relatedProducts, relatedness, type RelatedCandidate } from './related.js';

const item = (over: Partial<RelatedCandidate> & { _id: string }): RelatedCandidate => ({
  name: over._id,
  category: 'Audio',
  brand: 'Sony',
  countInStock: 5,
  rating: 4,
  numReviews: 10,
  ...over,
});
const headphones = item({ _id: 'h', category: 'Audio', brand: 'Sony' });

describe('relatedProducts (issue 40)', () => {
  it('ranks both shared first, then the category, then the brand; leaves out the unrelated and itself', () => {
    const list = [
      item({ _id: 'brand-only', category: 'Cameras', brand: 'Sony' }),
      item({ _id: 'other', category: 'Phones', brand: 'Apple' }),
      item({ _id: 'category-only', category: 'audio ', brand: 'Bose' }),
      item({ _id: 'both', category: 'AUDIO', brand: 'sony' }),
      headphones,
    ];
    expect(relatedProducts(headphones, list).map((p) => p._id)).toEqual(['both', 'category-only', 'brand-only']);
  });

  it('within a rank: in stock, then rating, then reviews, then name', () => {
    const list = [
      item({ _id: 'b', countInStock: 0, rating: 5 }),
      item({ _id: 'c', rating: 3 }),
      item({ _id: 'd', rating: 4, numReviews: 50 }),
      item({ _id: 'e', rating: 4, numReviews: 50, name: 'a first' }),
    ];
    expect(relatedProducts(headphones, list).map((p) => p._id)).toEqual(['e', 'd', 'c', 'b']);
  });

  it('an empty category or brand relates nothing', () => {
    expect(relatedness({ category: '', brand: '' }, item({ _id: 'x', category: '', brand: '' }))).toBe(0);
  });

  it('never the product, never twice, never unrelated, at most the limit (property)', () => {
    const word = fc.constantFrom('Audio', 'audio', 'Phones', 'Sony', 'sony ', 'Apple', '');
    const candidate = fc.record({
      _id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'h'),
      name: fc.string({ maxLength: 3 }),
      category: word,
      brand: word,
      countInStock: fc.integer({ min: 0, max: 3 }),
      rating: fc.integer({ min: 0, max: 5 }),
      numReviews: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 12 }), fc.integer({ min: -1, max: 6 }), (list, limit) => {
        const out = relatedProducts(headphones, list, limit);
        expect(out.length).toBeLessThanOrEqual(Math.max(0, limit));
        expect(out.some((p) => p._id === 'h')).toBe(false);
        expect(new Set(out.map((p) => p._id)).size).toBe(out.length);
        for (const p of out) expect(relatedness(headphones, p)).toBeGreaterThan(0);
        const scores = out.map((p) => relatedness(headphones, p));
        expect([...scores].sort((x, y) => y - x)).toEqual(scores);
      }),
    );
  });
});
