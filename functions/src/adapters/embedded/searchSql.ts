// The embedded catalogue search's SQL pieces (search.ts reads with them): the short-keyword tokens of migration 3,
// the sort columns, the filters as conditions, and a keyword as matches of the full-text indexes.
import {
  CATALOG_SORT_ORDER,
  FULL_TEXT_MIN_LENGTH,
  matchPieces,
  priceRangeCents,
  type CatalogFilters,
  type CatalogSort,
  type CatalogSortField,
} from '../../domain/index.js';
import type { InValue, Transaction } from './sql.js';

// Tokens for the index of short keywords (migration 3): the full-text trigram index cannot find a word of
// 1-2 characters, so every product also lists the distinct 1- and 2-character pieces of its lower-cased name.
// Each piece is written as hex code points ('u' + 6 hex digits for one, 'b' + 12 for two): plain ASCII letters
// and digits, which FTS5's ascii tokenizer keeps whole and never case-folds, splits or treats as syntax.

const hex = (codePoint: number) => codePoint.toString(16).padStart(6, '0');

/** The token of a keyword of 1 or 2 code points (already lower-cased), as stored by nameGrams. */
export function gramToken(piece: string): string {
  const points = [...piece].map((ch) => hex(ch.codePointAt(0) ?? 0));
  return (points.length === 1 ? 'u' : 'b') + points.join('');
}

/** Space-separated tokens of every distinct 1- and 2-code-point substring of `nameKey` (the lower-cased name). */
export function nameGrams(nameKey: string): string {
  const chars = [...nameKey];
  const tokens = new Set<string>();
  chars.forEach((ch, i) => {
    tokens.add(gramToken(ch));
    if (i + 1 < chars.length) tokens.add(gramToken(ch + chars[i + 1]));
  });
  return [...tokens].join(' ');
}

/** Writes (or replaces) the tokens of these products' names into products_name_grams, in the caller's transaction. */
export async function indexNameGrams(tx: Transaction, products: { id: string; nameKey: string }[]): Promise<void> {
  if (!products.length) return;
  await tx.execute({
    sql: `INSERT OR REPLACE INTO products_name_grams (rowid, grams)
          SELECT products.rowid, named.column2 FROM (VALUES ${products.map(() => '(?, ?)').join(', ')}) AS named
          JOIN products ON products.id = named.column1`,
    args: products.flatMap((p) => [p.id, nameGrams(p.nameKey)]),
  });
}

/** Up to this many search matches are collected and sorted; with more, a page is found by walking the catalogue
 *  order, where they are dense enough to fill a page quickly. */
export const SPARSE_MATCHES = 2000;
/** Up to this many keyword matches are ranked by bm25 (which scores every match: ~12 ms per 10,000 at 100k
 *  products); with more, the best matches are those with a word in the name, then the rest, each the later added
 *  first (read in rowid order from the index, stopping at the page: the cost grows with the page, not the matches). */
export const RANKED_MATCHES = 2000;

/** How a search reads its page (tests set small bounds to take the paths for many matches on a small catalogue). */
export interface SearchBounds {
  /** See SPARSE_MATCHES. */
  sparseMatches?: number;
  /** See RANKED_MATCHES. */
  rankedMatches?: number;
}
export const LATEST = 'ORDER BY created_at DESC, id DESC';

const COLUMN_OF: Record<CatalogSortField, string> = {
  priceCents: 'price_cents',
  rating: 'rating',
  numReviews: 'num_reviews',
  createdAt: 'created_at',
};

/** The columns of a sort, in index order (the domain's CATALOG_SORT_ORDER, then the id). */
export function sortColumns(sort: CatalogSort): string {
  return [
    ...CATALOG_SORT_ORDER[sort].map(({ field, direction }) => `${COLUMN_OF[field]} ${direction.toUpperCase()}`),
    'id DESC',
  ].join(', ');
}

/** The filters but the keyword as SQL conditions (with their arguments), `except` one facet's own filter. */
export function filterConditions(
  filters: Omit<CatalogFilters, 'keyword'>,
  except?: 'category' | 'brand',
): { sql: string; args: InValue[] } {
  const conditions: string[] = [];
  const args: InValue[] = [];
  if (filters.category !== undefined && except !== 'category') {
    conditions.push('category = ?');
    args.push(filters.category);
  }
  if (filters.brand !== undefined && except !== 'brand') {
    conditions.push('brand = ?');
    args.push(filters.brand);
  }
  const { minCents, maxCents } = priceRangeCents(filters);
  if (minCents !== undefined) {
    conditions.push('price_cents >= ?');
    args.push(minCents);
  }
  if (maxCents !== undefined) {
    conditions.push('price_cents <= ?');
    args.push(maxCents);
  }
  return { sql: conditions.join(' AND '), args };
}

// A keyword is its words, in any order (domain/search.ts searchWords): each of 3+ characters a literal,
// case-insensitive piece of the name, brand, category or description, found by the trigram index of those columns
// (migration 22: one quoted phrase per word, so FTS5 syntax in a keyword is just text); each of 1-2 characters a
// piece of the name, found by the index of name pieces (migration 3). Both indexes answer exactly the rows that hold
// the pieces, so their answers need no second check, and their cost grows with the matches, not the catalogue.

/** bm25 weights of products_search's columns (name_key, brand, category, description, extra: the spec rows and
 *  SKUs, migration 32): the name counts most. */
const COLUMN_WEIGHTS = '10.0, 4.0, 4.0, 1.0, 2.0';

export interface KeywordMatch {
  /** products_search MATCH: the words of 3+ characters (null: none). */
  text: string | null;
  /** products_name_grams MATCH: the words of 1-2 characters (null: none). */
  pieces: string | null;
  /** products_name_search MATCH: any word of 3+ characters (in the name); null: no such word. */
  inName: string | null;
  /** Whether the keyword has one word of 3+ characters (then a name match is a match: the name is searched too). */
  oneWord: boolean;
}

/** A match with a word of 3+ characters (so a name condition): the one the order for many matches applies to. */
export type NamedMatch = KeywordMatch & { text: string; inName: string };
export const hasNamedWords = (match: KeywordMatch): match is NamedMatch => match.text !== null && match.inName !== null;

export const phrase = (word: string) => `"${word.replaceAll('"', '""')}"`;

export function keywordMatch(typed: readonly string[]): KeywordMatch {
  // Each word is matched by its stem (domain searchStem: "cables" by "cable").
  const words = matchPieces(typed);
  const long = words.filter((w) => [...w].length >= FULL_TEXT_MIN_LENGTH);
  const short = words.filter((w) => [...w].length < FULL_TEXT_MIN_LENGTH);
  return {
    text: long.length ? long.map(phrase).join(' ') : null,
    pieces: short.length ? short.map((w) => phrase(gramToken(w))).join(' ') : null,
    inName: long.length ? long.map(phrase).join(' OR ') : null,
    oneWord: long.length === 1,
  };
}

export const TEXT_HITS = 'SELECT rowid FROM products_search WHERE products_search MATCH ?';
/** The matches of the words of 3+ characters with their bm25 score (lower is better). */
export const SCORED = `SELECT rowid AS hit, bm25(products_search, ${COLUMN_WEIGHTS}) AS score FROM products_search WHERE products_search MATCH ?`;
export const PIECE_HITS = 'SELECT rowid FROM products_name_grams WHERE products_name_grams MATCH ?';

/** The match as a condition on products. `probe`: tested row by row while walking an index of the sort (the unary
 *  + keeps the planner from driving the read by the matches' rowids). */
export function matchCondition(match: KeywordMatch, probe = false): { sql: string; args: InValue[] } {
  const rowid = probe ? '+rowid' : 'rowid';
  const parts: string[] = [];
  const args: InValue[] = [];
  if (match.text) {
    parts.push(`${rowid} IN (${TEXT_HITS})`);
    args.push(match.text);
  }
  if (match.pieces) {
    parts.push(`${rowid} IN (${PIECE_HITS})`);
    args.push(match.pieces);
  }
  return { sql: parts.join(' AND '), args };
}

export const and = (sql: string) => (sql ? ` AND ${sql}` : '');
