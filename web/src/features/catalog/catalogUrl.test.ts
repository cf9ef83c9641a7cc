import { catalogViewFromSearch } from '@domain/catalogQuery';
import { describe, expect, it } from 'vitest';
import { catalogHref, hasFilters, withoutFilters } from './catalogUrl';

describe('catalogHref', () => {
  it('keeps the spec’s paths when nothing is filtered', () => {
    expect(catalogHref({ view: {} })).toBe('/');
    expect(catalogHref({ page: 3, view: { sort: 'newest' } })).toBe('/page/3');
    expect(catalogHref({ keyword: 'usb c', page: 2, view: {} })).toBe('/search/usb%20c/page/2');
  });

  it('puts the category in the path, or in the query under a search, and the rest in the query', () => {
    expect(catalogHref({ view: { category: 'Audio & Video' } })).toBe('/category/Audio%20%26%20Video');
    expect(catalogHref({ page: 2, view: { category: 'Audio', brand: 'Arcwave', sort: 'price_asc' } })).toBe(
      '/category/Audio/page/2?brand=Arcwave&sort=price_asc',
    );
    expect(catalogHref({ keyword: 'buds', view: { category: 'Audio', maxPrice: 100 } })).toBe(
      '/search/buds?category=Audio&maxPrice=100',
    );
    expect(catalogHref({ view: { minPrice: 0, sort: 'rating' } })).toBe('/?minPrice=0&sort=rating');
  });

  it('reads back what it wrote, and drops what the API would refuse', () => {
    const view = { category: 'Audio', brand: 'A&B', minPrice: 10, maxPrice: 99.99, sort: 'price_desc' as const };
    const href = catalogHref({ keyword: 'x', view });
    expect(catalogViewFromSearch(new URL(href, 'http://shop').searchParams)).toEqual(view);
    expect(
      catalogViewFromSearch(
        new URLSearchParams('sort=cheap&minPrice=-1&maxPrice=1e3&brand=&category=' + 'x'.repeat(101)),
      ),
    ).toEqual({ category: undefined, brand: undefined, minPrice: undefined, maxPrice: undefined, sort: 'newest' });
    expect(catalogViewFromSearch(new URLSearchParams('minPrice=50&maxPrice=10'))).toMatchObject({
      minPrice: 10,
      maxPrice: 50,
    });
  });

  it('clears filters but keeps the sort and a category page’s own category', () => {
    const view = { category: 'Audio', brand: 'Arcwave', maxPrice: 50, sort: 'rating' as const };
    expect(catalogHref({ view: withoutFilters('', view) })).toBe('/category/Audio?sort=rating');
    expect(catalogHref({ keyword: 'buds', view: withoutFilters('buds', view) })).toBe('/search/buds?sort=rating');
    expect(hasFilters('', { category: 'Audio', sort: 'rating' })).toBe(false);
    expect(hasFilters('buds', { category: 'Audio' })).toBe(true);
    expect(hasFilters('', { minPrice: 0 })).toBe(true);
  });
});
