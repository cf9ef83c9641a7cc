// What a shopper can ask the catalogue: keyword, category, brand, price range and a sort, plus the page.
// One contract for the API (GET /api/products), the embedded and Firestore stores, the pages the server
// renders and the web (the filters live in the URL query under these same names).
// Pure: imported by the web as @domain.

/** The sorts the "Sort" select offers, in its order, with the labels it shows. `relevance`: the best matches of a
 *  search first (docs/architecture.md "Catalogue search"); offered with a keyword only, and the same as `newest`
 *  without one. */
export const CATALOG_SORTS = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  rating: 'Top Rated',
} as const;
export type CatalogSort = keyof typeof CATALOG_SORTS;
export const CATALOG_SORT_VALUES = Object.keys(CATALOG_SORTS) as CatalogSort[];
export const DEFAULT_CATALOG_SORT: CatalogSort = 'newest';
/** The sort of a view that asks for none: the best matches first on a search, else the newest (the API's default
 *  when `sort` is absent; ProShop v1 clients never send one). */
export const defaultCatalogSort = (keyword: string | undefined): CatalogSort =>
  keyword?.trim() ? 'relevance' : DEFAULT_CATALOG_SORT;
/** A sort as it applies: without a keyword there is nothing to rank, so the best match is the newest. */
export const sortFor = (sort: CatalogSort | undefined, keyword: string | undefined): CatalogSort =>
  sort === undefined || (sort === 'relevance' && !keyword?.trim()) ? defaultCatalogSort(keyword) : sort;
/** Whether `value` names a sort: an own key, so `toString`, `constructor` or `__proto__` (inherited) are not. */
export const isCatalogSort = (value: unknown): value is CatalogSort =>
  typeof value === 'string' && Object.hasOwn(CATALOG_SORTS, value);

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

/** Highest price a filter may name (dollars): far above any product, low enough that cents stay exact. */
export const MAX_FILTER_PRICE = 1_000_000;
/** Longest category or brand a filter may name. */
export const MAX_FACET_VALUE_LENGTH = 100;
/** Most values a facet answers (the most common first). */
export const MAX_FACET_VALUES = 50;

/** A whole catalogue request: filters, sort and page (what GET /api/products parsed). */
export interface CatalogQuery extends CatalogFilters {
  sort: CatalogSort;
  page: number;
}

// Query planning both stores (and the Firebase web build) share: the fields each sort orders by and the price
// range in cents. Every sort ends with newest first and, last, the id descending, so pages never overlap or
// skip products whatever the ties.
export type CatalogSortField = 'priceCents' | 'rating' | 'numReviews' | 'createdAt';
export interface CatalogOrder {
  field: CatalogSortField;
  direction: 'asc' | 'desc';
}
export const CATALOG_SORT_ORDER: Record<CatalogSort, readonly CatalogOrder[]> = {
  // A store without ranking (Firestore) and a list without a keyword answer the best match newest first.
  relevance: [{ field: 'createdAt', direction: 'desc' }],
  newest: [{ field: 'createdAt', direction: 'desc' }],
  price_asc: [
    { field: 'priceCents', direction: 'asc' },
    { field: 'createdAt', direction: 'desc' },
  ],
  price_desc: [
    { field: 'priceCents', direction: 'desc' },
    { field: 'createdAt', direction: 'desc' },
  ],
  rating: [
    { field: 'rating', direction: 'desc' },
    { field: 'numReviews', direction: 'desc' },
    { field: 'createdAt', direction: 'desc' },
  ],
};

/** What an in-memory sort needs of a product (Firestore's keyword path, the web's Firestore reads). */
export interface CatalogSortable {
  id: string;
  priceCents: number;
  rating: number;
  numReviews: number;
  createdAt: string;
}

/** Orders products as `sort` does in the stores (ties: newest, then id descending). */
export function compareForSort(sort: CatalogSort): (a: CatalogSortable, b: CatalogSortable) => number {
  const order = CATALOG_SORT_ORDER[sort];
  return (a, b) => {
    for (const { field, direction } of order) {
      const x = a[field];
      const y = b[field];
      if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
  };
}

/** The price filter in cents, inclusive: a minimum rounds up and a maximum down to whole cents. */
export function priceRangeCents(filters: Pick<CatalogFilters, 'minPrice' | 'maxPrice'>): {
  minCents?: number;
  maxCents?: number;
} {
  return {
    minCents: filters.minPrice === undefined ? undefined : Math.ceil(Math.round(filters.minPrice * 1e6) / 1e4),
    maxCents: filters.maxPrice === undefined ? undefined : Math.floor(Math.round(filters.maxPrice * 1e6) / 1e4),
  };
}

/** True when the product matches every filter but the keyword (which each store matches its own way). */
export function matchesCatalogFilters(
  product: { category: string; brand: string; priceCents: number },
  filters: Omit<CatalogFilters, 'keyword'>,
): boolean {
  const { minCents, maxCents } = priceRangeCents(filters);
  return (
    (filters.category === undefined || product.category === filters.category) &&
    (filters.brand === undefined || product.brand === filters.brand) &&
    (minCents === undefined || product.priceCents >= minCents) &&
    (maxCents === undefined || product.priceCents <= maxCents)
  );
}

/** Facet counts from (a bounded set of) matching products: most common first, then by name. */
export function countFacet(values: Iterable<string>): FacetCount[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return rankFacetCounts([...counts].map(([value, count]) => ({ value, count })));
}

/** Counts kept elsewhere (the Firestore store's count document) as a facet answers them: the values still carried
 *  (count above 0), most common first, then by name, at most MAX_FACET_VALUES. */
export function rankFacetCounts(counts: readonly FacetCount[]): FacetCount[] {
  return counts
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, MAX_FACET_VALUES);
}

/** One text per distinct set of filters (the catalogue cache's keys): same filters, same key. */
export function catalogFiltersKey(filters: CatalogFilters): string {
  return JSON.stringify([
    filters.keyword,
    filters.category ?? null,
    filters.brand ?? null,
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
  ]);
}

/** The URL query of a catalogue view (web links, API calls) searching `keyword` (none: the list): defaults left out
 *  so equal views share one URL (the sort when it is the keyword's default, defaultCatalogSort). */
export function catalogSearchParams(
  query: Partial<Omit<CatalogQuery, 'keyword' | 'page'>>,
  keyword = '',
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.brand) params.set('brand', query.brand);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.sort && sortFor(query.sort, keyword) !== defaultCatalogSort(keyword)) params.set('sort', query.sort);
  return params;
}

/** What a catalogue page shows besides the keyword and page: the filters and the sort in its URL. */
export type CatalogView = Omit<CatalogQuery, 'keyword' | 'page'>;

const PRICE_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * The view a page URL asks for (`category` from the path when the page has one; `keyword`: the page's search, for
 * the default sort), leniently: a value the API would refuse is dropped (a hand-edited URL shows the unfiltered list
 * rather than an error). Same rules as the API's productQuerySchema for the values kept.
 */
export function catalogViewFromSearch(search: URLSearchParams, category?: string, keyword = ''): CatalogView {
  const text = (value: string | null | undefined) =>
    value && value.length <= MAX_FACET_VALUE_LENGTH ? value : undefined;
  const price = (value: string | null) =>
    value && PRICE_TEXT.test(value) && Number(value) <= MAX_FILTER_PRICE ? Number(value) : undefined;
  const sort = search.get('sort');
  let minPrice = price(search.get('minPrice'));
  let maxPrice = price(search.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    category: text(category ?? search.get('category')),
    brand: text(search.get('brand')),
    minPrice,
    maxPrice,
    // An own key only (isCatalogSort, inlined: this runs in the home page's first bundle).
    sort: sortFor(Object.hasOwn(CATALOG_SORTS, sort ?? '') ? (sort as CatalogSort) : undefined, keyword),
  };
}

/** Whether the view filters anything (the sort alone does not). */
export const isFiltered = (view: Omit<CatalogFilters, 'keyword'>) =>
  view.category !== undefined || view.brand !== undefined || view.minPrice !== undefined || view.maxPrice !== undefined;
