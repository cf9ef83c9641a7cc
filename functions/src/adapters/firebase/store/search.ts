import type { Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import {
  CATALOG_SORT_ORDER,
  compareForSort,
  countFacet,
  DEFAULT_CATALOG_SORT,
  matchesCatalogFilters,
  priceRangeCents,
  searchKey,
  type CatalogFacets,
  type CatalogFilters,
  type CatalogSortable,
  type ProductPage,
} from '../../../domain/index.js';
import type { ProductQuery } from '../../../ports.js';
import { COLLECTIONS, productOf } from './mapping.js';

// Catalogue listing and search on Firestore.
//
// Case-insensitive literal substring search on Firestore, which has no substring operator.
//
// Every product keeps, written by the server only:
//   nameKey   = searchKey(name) (domain/search.ts)        (the text the keyword must occur in)
//   nameGrams = every distinct 1-, 2- and 3-character piece of nameKey (at most 3 x length entries)
// A keyword can only occur in names that contain each of its pieces, so the query
//   where('nameGrams', 'array-contains', <one piece of the keyword>).select('nameKey', 'createdAt')
// returns a superset of the matches, cheaply (projection: no descriptions or images are read); the exact test
// `nameKey.includes(keyword)` then runs in memory. The count and the page are cut from that exact list, so
// `pages` is exact and a keyword like '(' or '.*' is just text. Only the page's products are then read whole.
// Cost: one projected read per candidate (names containing the rarest-looking 3-character piece), not per product.

const GRAM_MAX = 3;

/** Distinct 1..3 code-point pieces of a lower-cased name (what the index holds). */
export function gramsOf(nameKey: string): string[] {
  const chars = Array.from(nameKey);
  const grams = new Set<string>();
  for (let size = 1; size <= GRAM_MAX; size++) {
    for (let i = 0; i + size <= chars.length; i++) grams.add(chars.slice(i, i + size).join(''));
  }
  return [...grams];
}

// English letters from most to least frequent: a piece made of rarer characters matches fewer names.
const COMMON = ' etaoinsrhldcumfpgwybvkxjqz';

function commonness(gram: string): number {
  let score = 0;
  for (const ch of gram) {
    const rank = COMMON.indexOf(ch);
    score += rank === -1 ? 0 : COMMON.length - rank; // digits, symbols and other scripts count as rare
  }
  return score;
}

/** The piece of a (lower-cased, non-empty) keyword to query the index with: the whole keyword when it is
 *  short, otherwise its 3-character piece made of the rarest-looking characters. */
export function queryGram(keywordKey: string): string {
  const chars = Array.from(keywordKey);
  if (chars.length <= GRAM_MAX) return keywordKey;
  let best = chars.slice(0, GRAM_MAX).join('');
  for (let i = 1; i + GRAM_MAX <= chars.length; i++) {
    const gram = chars.slice(i, i + GRAM_MAX).join('');
    if (commonness(gram) < commonness(best)) best = gram;
  }
  return best;
}

/** Most products a projected candidate read may bring back (a price range with a sort other than by price, and
 *  the facets): Firestore cannot order by another field than the one it ranges over, nor group. Past this many
 *  candidates the answer covers the first ones only (cheapest first); the embedded store has no such bound. */
export const CANDIDATE_LIMIT = 5000;

/** The fields a candidate read projects: enough to filter and sort in memory without reading whole products. */
const SORT_FIELDS = ['nameKey', 'category', 'brand', 'priceCents', 'rating', 'numReviews', 'createdAt'] as const;

interface Candidate extends CatalogSortable {
  nameKey: string;
  category: string;
  brand: string;
}

const candidateOf = (d: QueryDocumentSnapshot): Candidate => ({
  id: d.id,
  nameKey: String(d.get('nameKey') ?? ''),
  category: String(d.get('category') ?? ''),
  brand: String(d.get('brand') ?? ''),
  priceCents: Number(d.get('priceCents') ?? 0),
  rating: Number(d.get('rating') ?? 0),
  numReviews: Number(d.get('numReviews') ?? 0),
  createdAt: String(d.get('createdAt') ?? ''),
});

/** The query of the equality filters and the price range (the keyword aside). */
function filtered(col: Query, filters: Omit<CatalogFilters, 'keyword'>, facet?: 'category' | 'brand'): Query {
  let q = col;
  if (filters.category !== undefined && facet !== 'category') q = q.where('category', '==', filters.category);
  if (filters.brand !== undefined && facet !== 'brand') q = q.where('brand', '==', filters.brand);
  const { minCents, maxCents } = priceRangeCents(filters);
  if (minCents !== undefined) q = q.where('priceCents', '>=', minCents);
  if (maxCents !== undefined) q = q.where('priceCents', '<=', maxCents);
  return q;
}

/** Products matching the keyword (by its rarest piece, then exactly), or all within the price range, projected;
 *  the exact filters are then applied by the caller. */
async function candidates(db: Firestore, keyword: string, filters: Omit<CatalogFilters, 'keyword'>) {
  const col = db.collection(COLLECTIONS.products);
  if (keyword) {
    const key = searchKey(keyword);
    const snap = await col
      .where('nameGrams', 'array-contains', queryGram(key))
      .select(...SORT_FIELDS)
      .get();
    return snap.docs.map(candidateOf).filter((c) => c.nameKey.includes(key));
  }
  const snap = await filtered(col, { minPrice: filters.minPrice, maxPrice: filters.maxPrice })
    .orderBy('priceCents', 'asc')
    .limit(CANDIDATE_LIMIT)
    .select(...SORT_FIELDS)
    .get();
  return snap.docs.map(candidateOf);
}

/** One catalogue page: all products, or those whose name contains the keyword (any case), filtered and sorted. */
export async function listProducts(db: Firestore, query: ProductQuery): Promise<ProductPage> {
  const { keyword, page, pageSize } = query;
  const sort = query.sort ?? DEFAULT_CATALOG_SORT;
  const col = db.collection(COLLECTIONS.products);
  const skip = (page - 1) * pageSize;
  const ranged = query.minPrice !== undefined || query.maxPrice !== undefined;
  if (!keyword && (!ranged || sort === 'price_asc' || sort === 'price_desc')) {
    // One indexed query (firestore.indexes.json): equality filters, then the sort's fields; the last orderBy's
    // direction (createdAt desc) also orders ties by document id descending, as CATALOG_SORT_ORDER says.
    let q = filtered(col, query);
    for (const { field, direction } of CATALOG_SORT_ORDER[sort]) q = q.orderBy(field, direction);
    const [count, snap] = await Promise.all([filtered(col, query).count().get(), q.offset(skip).limit(pageSize).get()]);
    return { products: snap.docs.map(productOf), page, pages: Math.ceil(count.data().count / pageSize) };
  }
  const hits = (await candidates(db, keyword, query))
    .filter((c) => matchesCatalogFilters(c, query))
    .sort(compareForSort(sort));
  const slice = hits.slice(skip, skip + pageSize);
  const docs = slice.length ? await db.getAll(...slice.map((h) => col.doc(h.id))) : [];
  return { products: docs.filter((d) => d.exists).map(productOf), page, pages: Math.ceil(hits.length / pageSize) };
}

/** Category and brand counts from one bounded projected read of the products matching the keyword and price. */
export async function facetCounts(db: Firestore, filters: CatalogFilters): Promise<CatalogFacets> {
  const found = await candidates(db, filters.keyword, filters);
  const { category, brand, ...price } = filters;
  return {
    categories: countFacet(found.filter((c) => matchesCatalogFilters(c, { ...price, brand })).map((c) => c.category)),
    brands: countFacet(found.filter((c) => matchesCatalogFilters(c, { ...price, category })).map((c) => c.brand)),
  };
}
