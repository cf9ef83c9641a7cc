// What a shopper can ask the catalogue: keyword, category, brand, price range and a sort, plus the page.
// One contract for the API (GET /api/products), the embedded and Firestore stores, the pages the server
// renders and the web (the filters live in the URL query under these same names).
// Pure: imported by the web as @domain.

/** The sorts the "Sort" select offers, in its order, with the labels it shows. */
export const CATALOG_SORTS = {
  newest: 'Newest',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  rating: 'Top Rated',
} as const;
export type CatalogSort = keyof typeof CATALOG_SORTS;
export const CATALOG_SORT_VALUES = Object.keys(CATALOG_SORTS) as CatalogSort[];
export const DEFAULT_CATALOG_SORT: CatalogSort = 'newest';

/** Filters, all optional; a missing one does not filter. Prices are dollars, inclusive. Category and brand
 *  match exactly (as stored, case-sensitive: they come from the facet lists, not from typing). */
export interface CatalogFilters {
  keyword: string;
  category?: string;
  brand?: string;
  minPrice?: number;
  maxPrice?: number;
}

/** One facet value and how many products (matching the other filters) carry it. */
export interface FacetCount {
  value: string;
  count: number;
}

/** What the filter sidebar shows next to its choices. */
export interface CatalogFacets {
  categories: FacetCount[];
  brands: FacetCount[];
}
