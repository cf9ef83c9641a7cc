// The catalogue's filter counts on Firestore (ProductStore.facets, store/products.ts): the count documents of
// store/facetCounts.ts where they answer, the bounded reads of store/search.ts otherwise.
import type { Firestore } from 'firebase-admin/firestore';
import type { CatalogFacets, CatalogFilters } from '../../../domain/index.js';
import { catalogueFacets, cataloguePairs, facetsFromPairs } from './facetCounts.js';
import { brandCounts, facetCounts } from './search.js';

/** The catalogue's category and brand counts for these filters, from the count documents where they answer. */
export async function catalogFacets(db: Firestore, filters: CatalogFilters): Promise<CatalogFacets> {
  const { keyword, category, brand, minPrice, maxPrice } = filters;
  // Without a keyword or a price range, the count document answers, 1 read: the whole catalogue's counts (the
  // home page's filter bar), and (issue 37) a category's, a brand's or both from its (category, brand) pairs.
  // Without the pairs (dropped past their size), a category alone counts its brands with the bounded reads.
  if (keyword === '' && minPrice === undefined && maxPrice === undefined) {
    if (category === undefined && brand === undefined) {
      const whole = await catalogueFacets(db);
      if (whole) return whole;
    } else {
      const pairs = await cataloguePairs(db);
      if (pairs) return facetsFromPairs(pairs, { category, brand });
      if (brand === undefined) {
        const whole = await catalogueFacets(db);
        if (whole) return { categories: whole.categories, brands: await brandCounts(db, filters) };
      }
    }
  }
  return facetCounts(db, filters);
}
