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
  isCorrectable,
  MAX_SUGGESTIONS,
  PRODUCT_SUGGESTIONS,
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
  WINDOW_FIELDS,
  type CatalogPlan,
} from '../../../firestore/catalog.js';
import { correctFromVocabulary, rankByName } from '../../../firestore/searchIndex.js';
import { readVocabulary } from './searchVocabulary.js';
import type { ProductQuery } from '../../../ports.js';
import { COLLECTIONS, productOf } from './mapping.js';

// Catalogue listing and search on Firestore, for API clients: the plan of firestore/catalog.ts (the one
// the web's direct reads use), run with the Admin SDK. Every read is bounded:
// - count() first (1 read per 1000 matches); a page past the last reads nothing more.
// - page N starts after the last document of page N - 1, found by a projected query limited to the documents
//   before it (never `offset`, and never more than count() says exist); pages past MAX_SERVED_PAGE are refused.
// - a keyword the index cannot answer alone (several words, or one longer than its pieces) reads a window of
//   SERVER_SEARCH_WINDOW candidates, projected to their searched and sort fields, then only the page's products whole.
// - a search that finds nothing reads the vocabulary (1 read) for "Did you mean", and offers a correction only when
//   the corrected search (as bounded) finds something with the same filters.

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

/** The fields a candidate read projects: enough to match the words, filter and sort in memory without reading
 *  whole products. */
const CANDIDATE_FIELDS = [...WINDOW_FIELDS, 'priceCents', 'rating', 'numReviews', 'createdAt'] as const;

interface Candidate extends CatalogSortable {
  nameKey: string;
  category: string;
  brand: string;
  description: string;
  /** Issue 40: searched too (firestore/searchIndex.ts extraTextOf). */
  specs: unknown;
  options: unknown;
  variants: unknown;
}

const candidateOf = (d: QueryDocumentSnapshot): Candidate => ({
  id: d.id,
  nameKey: String(d.get('nameKey') ?? ''),
  category: String(d.get('category') ?? ''),
  brand: String(d.get('brand') ?? ''),
  description: String(d.get('description') ?? ''),
  specs: d.get('specs'),
  options: d.get('options'),
  variants: d.get('variants'),
  priceCents: Number(d.get('priceCents') ?? 0),
  rating: Number(d.get('rating') ?? 0),
  numReviews: Number(d.get('numReviews') ?? 0),
  createdAt: String(d.get('createdAt') ?? ''),
});

/** The products matching the filters and every word of the keyword, projected, read in one query of at most
 *  CANDIDATE_LIMIT in price order (the plan of a price sort, without its own limit), the words matched in memory. */
async function candidates(db: Firestore, filters: CatalogFilters): Promise<Candidate[]> {
  const plan = planFor({ ...filters, sort: 'price_asc', page: 1, pageSize: 1 });
  const snap = await queryOf(db, plan)
    .select(...CANDIDATE_FIELDS)
    .limit(CANDIDATE_LIMIT)
    .get();
  return matchWindow(plan, snap.docs.map(candidateOf));
}

/** The page's products read whole (one batched read of at most a page), in the order of `slice`. */
async function pageOf(db: Firestore, slice: readonly { id: string }[]) {
  const col = db.collection(COLLECTIONS.products);
  const docs = slice.length ? await db.getAll(...slice.map((h) => col.doc(h.id))) : [];
  return docs.filter((d) => d.exists).map(productOf);
}

/** A page in a sort Firestore cannot index together with the filters, cut from the bounded candidates. */
async function listFromCandidates(
  db: Firestore,
  query: FirestoreCatalogQuery,
  plan: CatalogPlan,
  sort: NonNullable<FirestoreCatalogQuery['sort']>,
): Promise<ProductPage> {
  const { page, pageSize } = query;
  const sorted = (await candidates(db, query))
    .filter((c) => matchesCatalogFilters(c, query))
    .sort(compareForSort(sort));
  // The API client asked for no sort: ranked as the embedded store ranks a search, whatever the price range.
  const hits = query.sort === undefined && plan.words.length ? rankByName(sorted, plan.words) : sorted;
  return {
    products: await pageOf(db, hits.slice((page - 1) * pageSize, page * pageSize)),
    page,
    pages: pageCount(hits.length, pageSize),
    ...(plan.words.length ? { total: hits.length } : {}),
  };
}

/** One catalogue page: all products, or those matching the keyword and filters, in the plan's order (a search with
 *  no sort asked for: the name's matches first). A search that finds nothing may carry `didYouMean`. */
export async function listProducts(db: Firestore, query: FirestoreCatalogQuery): Promise<ProductPage> {
  const answer = await listPage(db, query);
  if (answer.total !== 0) return answer;
  const suggestion = await didYouMean(db, query);
  return suggestion ? { ...answer, didYouMean: suggestion } : answer;
}

async function listPage(db: Firestore, query: FirestoreCatalogQuery): Promise<ProductPage> {
  const { page, pageSize } = query;
  const plan = planFor(query);
  const requested = query.sort ?? DEFAULT_CATALOG_SORT;
  // A price range with a sort other than by price: Firestore orders a range's field first, so the web narrows
  // to a price sort (with a notice); API clients get the sort they asked for, from a bounded candidate read.
  if (plan.sort !== requested) return listFromCandidates(db, query, plan, requested);
  const base = queryOf(db, plan);

  if (plan.window) {
    // One bounded, projected read of the window; the count and the page are cut from its exact matches.
    const window = await base
      .select(...WINDOW_FIELDS, ...orderFields(plan))
      .limit(plan.window.size)
      .get();
    const hits = matchWindow(plan, window.docs.map(candidateOf));
    return {
      products: await pageOf(db, hits.slice((page - 1) * pageSize, page * pageSize)),
      page,
      pages: pageCount(hits.length, pageSize),
      total: hits.length,
    };
  }

  const count = (await base.count().get()).data().count;
  const pages = pageCount(count, pageSize);
  const total = plan.words.length ? { total: count } : {}; // a search says how many it found
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

/** "Did you mean" for a search that found nothing (as the embedded store answers it): each correctable word no
 *  catalogue word holds, replaced by its most common one-edit neighbour in the vocabulary (1 read); offered only when
 *  the corrected search finds something with the same filters (one more bounded search, its first product). */
async function didYouMean(db: Firestore, query: FirestoreCatalogQuery): Promise<string | undefined> {
  const words = searchWords(query.keyword);
  if (!words.some(isCorrectable)) return undefined;
  const corrected = correctFromVocabulary(words, await readVocabulary(db));
  if (!corrected) return undefined;
  const found = await listPage(db, { ...query, keyword: corrected, page: 1, pageSize: 1 });
  return found.total ? corrected : undefined;
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

/** The header's suggestions: the products holding every word typed (ranked as the search ranks them: the name's
 *  matches first, newest), found in one bounded, projected read of SUGGEST_WINDOW products through the plan's index
 *  piece, the first PRODUCT_SUGGESTIONS read whole; then the categories and brands a word begins, from the count
 *  document. */
export async function suggestProducts(
  db: Firestore,
  q: string,
  facets: CatalogFacets | null,
): Promise<ProductSuggestions> {
  const words = searchWords(q);
  if (!words.length) return { products: [], categories: [], brands: [] };
  const typed = await suggestionsFor(db, q, facets);
  if (typed.products.length || !words.some(isCorrectable)) return typed;
  // Nothing as typed: the search's "Did you mean" correction (1 vocabulary read), suggested while typing (issue 40).
  const corrected = correctFromVocabulary(words, await readVocabulary(db));
  if (!corrected) return typed;
  const fixed = await suggestionsFor(db, corrected, facets);
  return fixed.products.length ? { ...fixed, didYouMean: corrected } : typed;
}

async function suggestionsFor(db: Firestore, q: string, facets: CatalogFacets | null): Promise<ProductSuggestions> {
  const plan = planFor({ keyword: q, page: 1, pageSize: PRODUCT_SUGGESTIONS });
  const window = await queryOf(db, plan)
    .select(...WINDOW_FIELDS)
    .limit(SUGGEST_WINDOW)
    .get();
  const hits = matchWindow(plan, window.docs.map(candidateOf)).slice(0, PRODUCT_SUGGESTIONS);
  const products = (await pageOf(db, hits)).map(({ _id, name, image, slug }) => ({ _id, name, image, slug }));
  const values = (counts: readonly { value: string }[] | undefined) => (counts ?? []).map((c) => c.value);
  return {
    products,
    ...suggestedFacetValues(
      plan.words,
      values(facets?.categories),
      values(facets?.brands),
      MAX_SUGGESTIONS - products.length,
    ),
  };
}

/** Candidates a suggestion reads (projected): the newest products holding the lead word's index piece. */
export const SUGGEST_WINDOW = 200;
