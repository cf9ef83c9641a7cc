// How a catalogue query (domain/catalogQuery.ts) becomes a bounded Firestore query: one plan for the web, which reads
// Firestore directly in the Firebase build, and for the function's Firestore store, which answers API clients.
// Pure (no SDK): the callers turn the plan into `where` / `orderBy` / `limit` of their own SDK.
//
// The keyword index (issue 29): every product keeps `searchKeys`, written by the server only (firestore/searchIndex.ts):
// the 1-2 character pieces of its name's words and the 3-character pieces of the words of its name, brand, category
// and description (the first DESCRIPTION_INDEX_WORDS words). A keyword is its words in any order (domain/search.ts).
// A keyword of one word of at most KEY_PIECE characters IS one of those keys exactly when the product holds it (as
// the embedded store matches it: 1-2 characters in the name, 3 anywhere), so `searchKeys array-contains word` +
// orderBy + limit answers it exactly, page by page, and count() counts it.
// Any other keyword cannot be answered by the index alone (Firestore allows one array-contains per query): it is
// narrowed to a window, the first `windowSize` products (in the chosen order) holding the rarest-looking piece of its
// lead word (the longest), and every word is matched exactly inside that window (holdsEveryWord), the name's matches
// ranked first when no sort was asked for. The window is bounded, so is the bill; when the window is full, the answer
// says that only those products were checked.
import {
  CATALOG_SORT_ORDER,
  DEFAULT_CATALOG_SORT,
  isCatalogSort,
  type CatalogFilters,
  type CatalogSort,
} from '../domain/catalogQuery.js';
import { matchPieces, searchKey, searchWords } from '../domain/search.js';
import { holdsEveryWord, KEY_PIECE, rankByName, type SearchFields } from './searchIndex.js';

/** The longest piece the index holds: a one-word keyword up to this length is answered exactly by the index. */
export const GRAM_MAX = KEY_PIECE;

/** The most documents one public list query may ask for (firestore.rules caps request.query.limit at these:
 *  keep them in step). count() queries are limited to PUBLIC_PRODUCT_LIST_LIMIT too, so page counts stop there. */
export const PUBLIC_PRODUCT_LIST_LIMIT = 1000;
export const PUBLIC_REVIEW_LIST_LIMIT = 100;

/** Candidates a long keyword is checked against: the web reads them whole (no projection in the web SDK), the
 *  function reads only their name and sort fields, so it can afford a larger window. */
export const WEB_SEARCH_WINDOW = 100;
export const SERVER_SEARCH_WINDOW = 1000;

/** Keywords longer than this are refused: no product name is searched with a paragraph. */
export const MAX_KEYWORD_LENGTH = 100;

/** Distinct 1..GRAM_MAX code-point pieces of a lower-cased text (the pieces a word is looked up by). */
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
 *  short, otherwise its GRAM_MAX-character piece made of the rarest-looking characters. */
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

/** Product document fields a catalogue query filters or orders by. */
export type CatalogField = 'category' | 'brand' | 'searchKeys' | 'priceCents' | 'createdAt' | 'rating' | 'numReviews';

export interface PlannedFilter {
  field: CatalogField;
  op: '==' | 'array-contains' | '>=' | '<=';
  value: string | number;
}

export interface PlannedOrder {
  field: CatalogField;
  direction: 'asc' | 'desc';
}

export interface CatalogPlan {
  filters: PlannedFilter[];
  /** Ties beyond these fields are broken by the document id, in the direction of the last field (Firestore's
   *  implicit order), which cursors carry along. */
  orderBy: PlannedOrder[];
  /** The sort actually applied (a price range forces a price sort, see NARROWED_TO_PRICE_SORT). */
  sort: CatalogSort;
  /** The keyword's words as matched: each typed word's stem (domain/search.ts matchPieces; empty: no keyword). */
  words: string[];
  /** Set unless the keyword is one word of at most GRAM_MAX characters: read at most `size` candidates in order,
   *  keep those holding every word (matchWindow). Null: the query's answer is exact as it stands (cursor pages +
   *  count()). */
  window: { size: number; keyword: string } | null;
  /** A keyword and no sort asked for (nor narrowed to a price sort): the matches holding the words in their name come
   *  first (matchWindow ranks a window; an exact plan keeps its order). */
  relevance: boolean;
  /** What the shopper is told about narrowing, in plain words (empty when nothing was narrowed). */
  notices: string[];
}

/** A query no bounded Firestore query can answer; `message` is shown to the shopper (400 for API clients). */
export class CatalogQueryRefused extends Error {
  override readonly name = 'CatalogQueryRefused';
}

export const NARROWED_TO_PRICE_SORT =
  'A price range can only be listed by price, so these results are sorted by price (low to high).';

export const windowNotice = (keyword: string, size: number) =>
  `Only the first ${size} products containing part of “${keyword}” were checked: add or change letters to find others.`;

export const pastLastPageNotice = (page: number, pages: number) =>
  pages === 0 ? `There is no page ${page}: nothing matches.` : `There is no page ${page}: the last page is ${pages}.`;

export const countCappedNotice = (limit: number) =>
  `More than ${limit} products match: only the first ${limit} are paged. Narrow the search to see others.`;

/** The order of a sort (also the order the embedded store answers in, ties aside). */
export const sortOrder = (sort: CatalogSort): PlannedOrder[] => [...CATALOG_SORT_ORDER[sort]];

/**
 * The bounded Firestore query for a catalogue query. Firestore orders a range filter's field first, so a price
 * range with a sort other than price is narrowed to a price sort (with a notice); a keyword longer than the
 * index's pieces is narrowed to a window (see the top). Refuses (CatalogQueryRefused) what cannot be answered.
 */
export function planCatalogQuery(
  filters: CatalogFilters,
  requestedSort: CatalogSort | undefined,
  windowSize: number,
): CatalogPlan {
  const keyword = searchKey(filters.keyword.trim());
  if (Array.from(keyword).length > MAX_KEYWORD_LENGTH) {
    throw new CatalogQueryRefused(`Search for at most ${MAX_KEYWORD_LENGTH} characters.`);
  }
  const { minPrice, maxPrice } = filters;
  for (const price of [minPrice, maxPrice]) {
    if (price !== undefined && !(Number.isFinite(price) && price >= 0)) {
      throw new CatalogQueryRefused('Prices are amounts of at least 0.');
    }
  }
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw new CatalogQueryRefused('The lowest price is above the highest price: nothing can match.');
  }

  // `relevance` ("Best match") is the newest order ranked by name below.
  let sort: CatalogSort =
    isCatalogSort(requestedSort) && requestedSort !== 'relevance' ? requestedSort : DEFAULT_CATALOG_SORT;
  const notices: string[] = [];
  const planned: PlannedFilter[] = [];
  if (filters.category) planned.push({ field: 'category', op: '==', value: filters.category });
  if (filters.brand) planned.push({ field: 'brand', op: '==', value: filters.brand });

  let window: CatalogPlan['window'] = null;
  const words = matchPieces(searchWords(keyword));
  if (words.length) {
    const lead = leadWord(words);
    planned.push({ field: 'searchKeys', op: 'array-contains', value: queryGram(lead) });
    if (words.length > 1 || Array.from(lead).length > GRAM_MAX) window = { size: windowSize, keyword };
  }

  const priceRange = minPrice !== undefined || maxPrice !== undefined;
  if (priceRange) {
    if (minPrice !== undefined)
      planned.push({ field: 'priceCents', op: '>=', value: Math.ceil(minPrice * 100 - 1e-6) });
    if (maxPrice !== undefined)
      planned.push({ field: 'priceCents', op: '<=', value: Math.floor(maxPrice * 100 + 1e-6) });
    if (sort !== 'price_asc' && sort !== 'price_desc') {
      sort = 'price_asc';
      notices.push(NARROWED_TO_PRICE_SORT);
    }
  }
  // Ranked only in the order asked for: a sort narrowed to price (with its notice) stays by price.
  const relevance =
    words.length > 0 &&
    (requestedSort === undefined || requestedSort === 'relevance') &&
    !notices.includes(NARROWED_TO_PRICE_SORT);
  return { filters: planned, orderBy: sortOrder(sort), sort, words, window, relevance, notices };
}

/** The word a keyword is read through: the longest (the likeliest to be rare), ties by the rarer-looking piece;
 *  one of 3+ characters when there is one (shorter words are keys of the name only). */
export function leadWord(words: readonly string[]): string {
  const length = (w: string) => Array.from(w).length;
  return words.reduce((a, b) =>
    length(b) > length(a) || (length(b) === length(a) && commonness(queryGram(b)) < commonness(queryGram(a))) ? b : a,
  );
}

/** Pages of `pageSize` for `count` results. */
export const pageCount = (count: number, pageSize: number) => Math.ceil(count / pageSize);

/** The exact matches of a plan's words among candidates (already in the plan's order; their name, brand, category
 *  and description read), the name's matches first when the plan ranks by relevance. */
export function matchWindow<T extends SearchFields>(plan: CatalogPlan, candidates: readonly T[]): T[] {
  if (!plan.words.length) return [...candidates];
  const matches = candidates.filter((c) => holdsEveryWord(c, plan.words));
  return plan.relevance ? rankByName(matches, plan.words) : matches;
}

/** The fields a window read needs of each candidate (besides its sort fields): what matchWindow reads. */
export const WINDOW_FIELDS = ['nameKey', 'brand', 'category', 'description', 'specs', 'options', 'variants'] as const;

/** Deepest catalogue page the function serves by page number on Firestore (GET /api/products?pageNumber=N, the
 *  `pages` function's /page/N): a page-number API has no page tokens, so page N costs a projected walk over the
 *  (N − 1) × page size documents before it; capped, one call reads at most 1 + 99 × page size + page size
 *  (808 at the default 8). Deeper pages that exist are refused (400, deepPageMessage); past the last: empty. */
export const MAX_SERVED_PAGE = 100;

export const deepPageMessage = (page: number) =>
  `Page ${page} is too deep: only the first ${MAX_SERVED_PAGE} pages are served. Narrow the list with a keyword or a filter.`;

/**
 * Where page `page` starts, given the cursors already known (cursors[i] = the last document of page i + 1):
 * `from` = how many pages are already behind a known cursor, `walk` = how many more documents must be read
 * (in bounded steps, never with an offset) to find the cursor. Page 1 needs nothing.
 */
export function cursorWalk(page: number, pageSize: number, knownCursors: number): { from: number; walk: number } {
  const needed = page - 1; // the cursor that ends page `page - 1`
  const from = Math.min(needed, knownCursors);
  return { from, walk: (needed - from) * pageSize };
}

/**
 * What count() (limited to `countLimit`, as the rules require of public lists) says about page `page`: the
 * page count, whether the page is past the last one (then nothing more is read), and the notices to show.
 */
export function pagesFromCount(
  count: number,
  page: number,
  pageSize: number,
  countLimit: number,
): { pages: number; pastLastPage: boolean; notices: string[] } {
  const pages = pageCount(count, pageSize);
  const notices: string[] = [];
  if (count >= countLimit) notices.push(countCappedNotice(countLimit));
  const pastLastPage = page > pages;
  if (pastLastPage) notices.push(pastLastPageNotice(page, pages));
  return { pages, pastLastPage, notices };
}
