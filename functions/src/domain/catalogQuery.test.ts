import { describe, expect, it } from 'vitest';
import {
  catalogFiltersKey,
  catalogViewFromSearch,
  isCatalogSort,
  catalogSearchParams,
  compareForSort,
  countFacet,
  matchesCatalogFilters,
  priceRangeCents,
  type CatalogSortable,
} from './catalogQuery.js';
import { planCatalogQuery } from '../firestore/catalog.js';

const item = (id: string, over: Partial<CatalogSortable> = {}): CatalogSortable => ({
  id,
  priceCents: 1000,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('catalogue query planning', () => {
  it('turns a dollar range into inclusive whole cents (min rounds up, max down), never off by float error', () => {
    expect(priceRangeCents({})).toEqual({ minCents: undefined, maxCents: undefined });
    expect(priceRangeCents({ minPrice: 0.1, maxPrice: 0.3 })).toEqual({ minCents: 10, maxCents: 30 });
    expect(priceRangeCents({ minPrice: 19.99, maxPrice: 1.005 })).toEqual({ minCents: 1999, maxCents: 100 });
    expect(priceRangeCents({ minPrice: 10.001 })).toEqual({ minCents: 1001, maxCents: undefined });
  });

  it('matches every filter, exactly and inclusively', () => {
    const p = { category: 'Audio', brand: 'Arcwave', priceCents: 4999 };
    expect(matchesCatalogFilters(p, {})).toBe(true);
    expect(matchesCatalogFilters(p, { category: 'Audio', brand: 'Arcwave', minPrice: 49.99, maxPrice: 49.99 })).toBe(
      true,
    );
    expect(matchesCatalogFilters(p, { category: 'audio' })).toBe(false);
    expect(matchesCatalogFilters(p, { maxPrice: 49.98 })).toBe(false);
    expect(matchesCatalogFilters(p, { minPrice: 50 })).toBe(false);
  });

  it('orders each sort with ties by newest then id descending', () => {
    const a = item('a', { priceCents: 500, rating: 4, numReviews: 1, createdAt: '2026-01-02T00:00:00.000Z' });
    const b = item('b', { priceCents: 500, rating: 4, numReviews: 2 });
    const c = item('c', { priceCents: 900, rating: 5 });
    const d = item('d', { priceCents: 500, rating: 4, numReviews: 2 });
    const ids = (sort: Parameters<typeof compareForSort>[0]) =>
      [a, b, c, d]
        .sort(compareForSort(sort))
        .map((x) => x.id)
        .join('');
    expect(ids('newest')).toBe('adcb');
    expect(ids('relevance')).toBe('adcb'); // nothing to rank here: the newest first
    expect(ids('price_asc')).toBe('adbc');
    expect(ids('price_desc')).toBe('cadb');
    expect(ids('rating')).toBe('cdba');
  });

  it('counts facet values, most common first then by name, at most 50', () => {
    expect(countFacet(['b', 'a', 'b', 'c', 'a', 'b'])).toEqual([
      { value: 'b', count: 3 },
      { value: 'a', count: 2 },
      { value: 'c', count: 1 },
    ]);
    expect(countFacet(Array.from({ length: 60 }, (_, i) => `v${i}`))).toHaveLength(50);
  });

  it('keys and URLs: equal filters agree, different ones differ, defaults left out', () => {
    expect(catalogFiltersKey({ keyword: 'x', brand: 'A' })).toBe(catalogFiltersKey({ brand: 'A', keyword: 'x' }));
    expect(catalogFiltersKey({ keyword: '', brand: 'A' })).not.toBe(catalogFiltersKey({ keyword: '', category: 'A' }));
    expect(catalogFiltersKey({ keyword: '', minPrice: 1 })).not.toBe(catalogFiltersKey({ keyword: '', maxPrice: 1 }));
    expect(catalogSearchParams({ sort: 'newest' }).toString()).toBe('');
    // The default sort depends on the keyword: the best matches first on a search, else the newest.
    expect(catalogSearchParams({ sort: 'relevance' }).toString()).toBe('');
    expect(catalogSearchParams({ sort: 'relevance' }, 'laptop').toString()).toBe('');
    expect(catalogSearchParams({ sort: 'newest' }, 'laptop').toString()).toBe('sort=newest');
    expect(catalogSearchParams({ sort: 'rating' }, 'laptop').toString()).toBe('sort=rating');
    expect(catalogViewFromSearch(new URLSearchParams(''), undefined, 'laptop').sort).toBe('relevance');
    expect(catalogViewFromSearch(new URLSearchParams('sort=newest'), undefined, 'laptop').sort).toBe('newest');
    expect(catalogViewFromSearch(new URLSearchParams('sort=relevance')).sort).toBe('newest');
    expect(catalogViewFromSearch(new URLSearchParams('')).sort).toBe('newest');
    expect(planCatalogQuery({ keyword: 'laptop' }, 'relevance', 100).sort).toBe('newest');
    expect(catalogSearchParams({ category: 'A & B', minPrice: 0, maxPrice: 25, sort: 'rating' }).toString()).toBe(
      'category=A+%26+B&minPrice=0&maxPrice=25&sort=rating',
    );
  });
});

describe('sort names are own keys only', () => {
  const inherited = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];
  it('isCatalogSort refuses names every object inherits', () => {
    for (const name of inherited) expect(isCatalogSort(name), name).toBe(false);
    expect(isCatalogSort('price_asc')).toBe(true);
    expect(isCatalogSort(undefined)).toBe(false);
  });
  it('a page URL or a Firestore plan with an inherited name falls back to the default sort', () => {
    for (const name of inherited) {
      expect(catalogViewFromSearch(new URLSearchParams({ sort: name })).sort, name).toBe('newest');
      expect(planCatalogQuery({ keyword: '' }, name as never, 100).sort, name).toBe('newest');
    }
  });
});
