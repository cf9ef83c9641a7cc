import type { DocumentSnapshot, Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import {
  badInput,
  compareForSort,
  countFacet,
  DEFAULT_CATALOG_SORT,
  matchesCatalogFilters,
  type CatalogFacets,
  type CatalogFilters,
  type CatalogSortable,
  type ProductPage,
  type ProductSuggestions,
  MAX_SUGGESTIONS,
  PRODUCT_SUGGESTIONS,
  searchKey,
  searchWords,
  suggestedFacetValues,
} from '../../../domain/index.js';
import {
  CatalogQueryRefused,
  cursorWalk,
  deepPageMessage,
  matchWindow,
  MAX_SERVED_PAGE,
  pageCount,
  planCatalogQuery,
  SERVER_SEARCH_WINDOW,
  type CatalogPlan,
} from '../../../firestore/catalog.js';
import type { ProductQuery } from '../../../ports.js';
import { catalogueFacets } from './facetCounts.js';
import { COLLECTIONS, productOf } from './mapping.js';

// Catalogue listing and search on Firestore, for API clients: the plan of firestore/catalog.ts (the one
// the web's direct reads use), run with the Admin SDK. Every read is bounded:
// - count() first (1 read per 1000 matches); a page past the last reads nothing more.
// - page N starts after the last document of page N - 1, found by a projected query limited to the documents
//   before it (never `offset`, and never more than count() says exist); pages past MAX_SERVED_PAGE are refused.
// - a keyword longer than the index's pieces reads a window of SERVER_SEARCH_WINDOW candidates, projected to
//   their name and sort fields, then only the page's products whole.

export { gramsOf, queryGram } from '../../../firestore/catalog.js';

/** The port's query: keyword, catalogue filters and sort (domain/catalogQuery.ts), page. */
export type FirestoreCatalogQuery = ProductQuery;

function planFor(query: FirestoreCatalogQuery): CatalogPlan {
  try {
    return planCatalogQuery(
      {
        keyword: query.keyword,
        category: query.category,
        brand: query.brand,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
      },
      query.sort,
      SERVER_SEARCH_WINDOW,
    );
  } catch (error) {
    if (error instanceof CatalogQueryRefused) throw badInput(error.message);
    throw error;
  }
}

/** The plan as an Admin SDK query (filters and order, no limit). */
export function queryOf(db: Firestore, plan: CatalogPlan): Query {
  let q: Query = db.collection(COLLECTIONS.products);
  for (const f of plan.filters) q = q.where(f.field, f.op, f.value);
  for (const o of plan.orderBy) q = q.orderBy(o.field, o.direction);
  return q;
}

const orderFields = (plan: CatalogPlan) => plan.orderBy.map((o) => o.field);

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

/** The word of a keyword of several words read through the name index: the longest (likely the rarest) of those
 *  that are no word of a category or brand (the count document's values: such a word may be in no name, as in
 *  "voltra laptop" for a Voltra laptop not named so); the longest of all when every word is. */
function leadWord(words: readonly string[], facets: CatalogFacets | null): string {
  const longest = (list: readonly string[]) => list.reduce((a, b) => ([...b].length > [...a].length ? b : a));
  const facetWords = new Set(
    [...(facets?.categories ?? []), ...(facets?.brands ?? [])].flatMap((f) => searchKey(f.value).split(/\s+/u)),
  );
  const inNames = words.filter((word) => !facetWords.has(word));
  return longest(inNames.length ? inNames : words);
}

/** Whether a candidate holds every word of a keyword of several words, each in its name, category or brand (the
 *  documents keep no index of the other fields, and a window is matched on its projected fields). */
const holdsWords = (c: Candidate, words: readonly string[]) => {
  const text = `${c.nameKey}\n${searchKey(c.category)}\n${searchKey(c.brand)}`;
  return words.every((word) => text.includes(word));
};

/** The products matching the filters (the keyword exactly, through its index piece), projected, read in one
 *  query of at most CANDIDATE_LIMIT in price order: the plan of a price sort, without its own limit. A keyword of
 *  several words is read through its lead word, the others matched in memory. */
async function candidates(db: Firestore, filters: CatalogFilters): Promise<Candidate[]> {
  const words = searchWords(filters.keyword);
  const several = words.length > 1;
  const plan = planFor({
    ...filters,
    keyword: several ? leadWord(words, await catalogueFacets(db)) : filters.keyword,
    sort: 'price_asc',
    page: 1,
    pageSize: 1,
  });
  const snap = await queryOf(db, plan)
    .select(...SORT_FIELDS)
    .limit(CANDIDATE_LIMIT)
    .get();
  const found = snap.docs.map(candidateOf);
  const matched = plan.window ? matchWindow(plan, found) : found;
  return several ? matched.filter((c) => holdsWords(c, words)) : matched;
}

/** A keyword of several words (in any order): one bounded, projected read of SERVER_SEARCH_WINDOW products through
 *  the name index's piece of the lead word, in the asked order, the other words matched in that window (name,
 *  category, brand), then only the page's products read whole. */
async function listByWords(db: Firestore, query: FirestoreCatalogQuery, words: string[]): Promise<ProductPage> {
  const { page, pageSize } = query;
  const requested = query.sort ?? DEFAULT_CATALOG_SORT;
  const plan = planFor({ ...query, keyword: leadWord(words, await catalogueFacets(db)), sort: requested });
  const snap = await queryOf(db, plan)
    .select(...SORT_FIELDS)
    .limit(SERVER_SEARCH_WINDOW)
    .get();
  const hits = matchWindow(plan, snap.docs.map(candidateOf))
    .filter((c) => matchesCatalogFilters(c, query) && holdsWords(c, words))
    .sort(compareForSort(requested));
  const slice = hits.slice((page - 1) * pageSize, page * pageSize);
  const col = db.collection(COLLECTIONS.products);
  const docs = slice.length ? await db.getAll(...slice.map((h) => col.doc(h.id))) : [];
  return {
    products: docs.filter((d) => d.exists).map(productOf),
    page,
    pages: pageCount(hits.length, pageSize),
    total: hits.length,
  };
}

/** A page in a sort Firestore cannot index together with the filters, cut from the bounded candidates. */
async function listFromCandidates(
  db: Firestore,
  query: FirestoreCatalogQuery,
  sort: NonNullable<FirestoreCatalogQuery['sort']>,
): Promise<ProductPage> {
  const { page, pageSize } = query;
  const hits = (await candidates(db, query)).filter((c) => matchesCatalogFilters(c, query)).sort(compareForSort(sort));
  const slice = hits.slice((page - 1) * pageSize, page * pageSize);
  const col = db.collection(COLLECTIONS.products);
  const docs = slice.length ? await db.getAll(...slice.map((h) => col.doc(h.id))) : [];
  return {
    products: docs.filter((d) => d.exists).map(productOf),
    page,
    pages: pageCount(hits.length, pageSize),
    ...(query.keyword.trim() ? { total: hits.length } : {}),
  };
}

/** One catalogue page: all products, or those matching the keyword and filters, in the plan's order. */
export async function listProducts(db: Firestore, query: FirestoreCatalogQuery): Promise<ProductPage> {
  const words = searchWords(query.keyword);
  if (words.length > 1) return listByWords(db, query, words);
  const { page, pageSize } = query;
  const plan = planFor(query);
  const requested = query.sort ?? DEFAULT_CATALOG_SORT;
  // A price range with a sort other than by price: Firestore orders a range's field first, so the web narrows
  // to a price sort (with a notice); API clients get the sort they asked for, from a bounded candidate read.
  if (plan.sort !== requested) return listFromCandidates(db, query, requested);
  const base = queryOf(db, plan);
  const col = db.collection(COLLECTIONS.products);

  if (plan.window) {
    // One bounded, projected read of the window; the count and the page are cut from its exact matches.
    const window = await base
      .select('nameKey', ...orderFields(plan))
      .limit(plan.window.size)
      .get();
    const hits = matchWindow(
      plan,
      window.docs.map((d) => ({ id: d.id, nameKey: d.get('nameKey') as unknown })),
    );
    const slice = hits.slice((page - 1) * pageSize, page * pageSize);
    const docs = slice.length ? await db.getAll(...slice.map((h) => col.doc(h.id))) : [];
    return {
      products: docs.filter((d) => d.exists).map(productOf),
      page,
      pages: pageCount(hits.length, pageSize),
      total: hits.length,
    };
  }

  const count = (await base.count().get()).data().count;
  const pages = pageCount(count, pageSize);
  const total = query.keyword.trim() ? { total: count } : {}; // a search says how many it found
  if (page > pages) return { products: [], page, pages, ...total }; // past the last page: nothing more is read
  if (page > MAX_SERVED_PAGE) throw badInput(deepPageMessage(page)); // the walk to its cursor is capped

  let start: DocumentSnapshot | undefined;
  const { walk } = cursorWalk(page, pageSize, 0);
  if (walk > 0) {
    // The documents before the page, projected to their sort fields: just enough to start after the last one.
    const before = await base
      .select(...orderFields(plan))
      .limit(walk)
      .get();
    start = before.docs.at(-1);
  }
  const snap = await (start ? base.startAfter(start) : base).limit(pageSize).get();
  return { products: snap.docs.map(productOf), page, pages, ...total };
}

/** Category and brand counts, each from one bounded projected read of the products matching the other filters
 *  (a facet's count ignores its own filter, so a shopper sees what choosing another value would give). */
export async function facetCounts(db: Firestore, filters: CatalogFilters): Promise<CatalogFacets> {
  const { category: _category, brand, ...rest } = filters;
  const [sameBrand, brands] = await Promise.all([
    candidates(db, { ...rest, ...(brand === undefined ? {} : { brand }) }),
    brandCounts(db, filters),
  ]);
  return { categories: countFacet(sameBrand.map((c) => c.category)), brands };
}

/** The brand counts alone (one bounded projected read of the products matching the other filters). */
export async function brandCounts(db: Firestore, filters: CatalogFilters) {
  const { category, brand: _brand, ...rest } = filters;
  const sameCategory = await candidates(db, { ...rest, ...(category === undefined ? {} : { category }) });
  return countFacet(sameCategory.map((c) => c.brand));
}

/** The header's suggestions: the products whose name, category or brand hold every word typed, found in one bounded,
 *  projected window read through the name index's piece of the longest word (so that word must be in the name), the
 *  first PRODUCT_SUGGESTIONS read whole; then the categories and brands a word begins, from the count document. */
export async function suggestProducts(
  db: Firestore,
  q: string,
  facets: CatalogFacets | null,
): Promise<ProductSuggestions> {
  const words = searchWords(q);
  if (!words.length) return { products: [], categories: [], brands: [] };
  const plan = planFor({ keyword: leadWord(words, facets), sort: 'newest', page: 1, pageSize: PRODUCT_SUGGESTIONS });
  const window = await queryOf(db, plan).select('nameKey', 'category', 'brand').limit(SUGGEST_WINDOW).get();
  const hits = window.docs
    .filter((d) => {
      const text = [d.get('nameKey'), searchKey(String(d.get('category'))), searchKey(String(d.get('brand')))].join(
        '\n',
      );
      return words.every((w) => text.includes(w));
    })
    .slice(0, PRODUCT_SUGGESTIONS);
  const col = db.collection(COLLECTIONS.products);
  const docs = hits.length ? await db.getAll(...hits.map((h) => col.doc(h.id))) : [];
  const products = docs
    .filter((d) => d.exists)
    .map(productOf)
    .map(({ _id, name, image }) => ({ _id, name, image }));
  const values = (counts: readonly { value: string }[] | undefined) => (counts ?? []).map((c) => c.value);
  return {
    products,
    ...suggestedFacetValues(
      words,
      values(facets?.categories),
      values(facets?.brands),
      MAX_SUGGESTIONS - products.length,
    ),
  };
}

/** Candidates a suggestion reads (projected): the newest products holding the longest word's index piece. */
export const SUGGEST_WINDOW = 200;
