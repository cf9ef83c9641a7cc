import { describe, expect, it } from 'vitest';
import { productLink } from './productLink';

describe('productLink (issue 40: lines link the readable address)', () => {
  it('links the slug when the line has one, on its variant', () => {
    expect(productLink({ product: 'p1', slug: 'volt-phone' })).toBe('/product/volt-phone');
    expect(productLink({ product: 'p1', slug: 'volt-phone', variant: 'v 2' })).toBe(
      '/product/volt-phone?variant=v%202',
    );
  });

  it('falls back to the id for a line without one (a cart saved before, a placed order, a deleted product)', () => {
    expect(productLink({ product: 'p1' })).toBe('/product/p1');
    expect(productLink({ product: 'p1', slug: '', variant: null })).toBe('/product/p1');
    expect(productLink({ product: 'p1', variant: 'v1' })).toBe('/product/p1?variant=v1');
  });
});
