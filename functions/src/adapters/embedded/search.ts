import type { Client, InValue, Row, Transaction } from './sql.js';
import {
  bestCorrection,
  CATALOG_SORT_ORDER,
  correctedKeyword,
  DEFAULT_CATALOG_SORT,
  FULL_TEXT_MIN_LENGTH,
  isCorrectable,
  isFiltered,
  MAX_FACET_VALUES,
  MAX_SUGGESTIONS,
  neighbourSearch,
  priceRangeCents,
  PRODUCT_SUGGESTIONS,
  matchPieces,
  searchStem,
  searchWords,
  suggestedFacetValues,
  type CatalogFacets,
  type CatalogFilters,
  type CatalogSort,
  type CatalogSortField,
  type FacetCount,
  type ProductPage,
  type ProductSuggestions,
  withinOneEdit,
} from '../../domain/index.js';
import type { ProductQuery } from '../../ports.js';
import { PRODUCT_COLUMNS, toProduct } from './mapping.js';
import { attachVariants } from './variants.js';

// Catalogue listing and search on the embedded database.
//
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
const LATEST = 'ORDER BY created_at DESC, id DESC';

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

interface KeywordMatch {
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
type NamedMatch = KeywordMatch & { text: string; inName: string };
const hasNamedWords = (match: KeywordMatch): match is NamedMatch => match.text !== null && match.inName !== null;

const phrase = (word: string) => `"${word.replaceAll('"', '""')}"`;

function keywordMatch(typed: readonly string[]): KeywordMatch {
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

const TEXT_HITS = 'SELECT rowid FROM products_search WHERE products_search MATCH ?';
/** The matches of the words of 3+ characters with their bm25 score (lower is better). */
const SCORED = `SELECT rowid AS hit, bm25(products_search, ${COLUMN_WEIGHTS}) AS score FROM products_search WHERE products_search MATCH ?`;
const PIECE_HITS = 'SELECT rowid FROM products_name_grams WHERE products_name_grams MATCH ?';

/** The match as a condition on products. `probe`: tested row by row while walking an index of the sort (the unary
 *  + keeps the planner from driving the read by the matches' rowids). */
function matchCondition(match: KeywordMatch, probe = false): { sql: string; args: InValue[] } {
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

const and = (sql: string) => (sql ? ` AND ${sql}` : '');

/**
 * How many products match the keyword and pass the filters: `total`, the pages' count; and `matches`, the
 * keyword's alone, which decides how the page is read.
 */
async function keywordTotal(
  client: Client,
  match: KeywordMatch,
  filter: { sql: string; args: InValue[] },
): Promise<{ total: number; matches: number }> {
  const counted = async (sql: string, args: InValue[]) => Number((await client.execute({ sql, args })).rows[0]?.n ?? 0);
  const cond = matchCondition(match);
  // One index alone counts its own answer (no product read).
  const matches =
    match.text && !match.pieces
      ? await counted(`SELECT count(*) AS n FROM (${TEXT_HITS})`, [match.text])
      : !match.text && match.pieces
        ? await counted(`SELECT count(*) AS n FROM (${PIECE_HITS})`, [match.pieces])
        : await counted(`SELECT count(*) AS n FROM products WHERE ${cond.sql}`, cond.args);
  if (!filter.sql || matches === 0) return { total: matches, matches };
  const total = await counted(`SELECT count(*) AS n FROM products WHERE ${cond.sql}${and(filter.sql)}`, [
    ...cond.args,
    ...filter.args,
  ]);
  return { total, matches };
}

/** A full-text index and what to match in it. */
type Part = [table: 'products_search' | 'products_name_search', expression: string];

/**
 * The rowids of the page [offset, offset + limit) of many matches in their cheap order (RANKED_MATCHES): those with a
 * word of 3+ characters of the keyword in the name, then the others, each the later added first. Each part is read
 * from a full-text index in rowid order (its own order) up to the page, pieces and filters checked row by row on the
 * way: a page costs the rows it skips and reads, not every match. The name matches of a one-word keyword are
 * products_name_search's (migration 27); of more words, products_search's with its name column filter, unless
 * products_name_search holds none of the words. `total` (when known): the matches with the filters, so that no
 * read looks for others that are not there.
 */
async function namesFirstHits(
  client: Client,
  match: NamedMatch,
  filter: { sql: string; args: InValue[] },
  offset: number,
  limit: number,
  total?: number,
): Promise<number[]> {
  // The unary + keeps the planner from looking each piece's rowid up in the full-text index (a full query each).
  const conditions = (table: string) =>
    [
      `${table} MATCH ?`,
      ...(match.pieces ? [`+rowid IN (${PIECE_HITS})`] : []),
      // Inside the subquery a bare column is the product's (the innermost table first).
      ...(filter.sql
        ? [`EXISTS (SELECT 1 FROM products WHERE products.rowid = ${table}.rowid AND ${filter.sql})`]
        : []),
    ].join(' AND ');
  const args = (expression: string) => [expression, ...(match.pieces ? [match.pieces] : []), ...filter.args];
  const page = async ([table, expression]: Part, from: number, n: number) =>
    (
      await client.execute({
        sql: `SELECT rowid AS hit FROM ${table} WHERE ${conditions(table)} ORDER BY rowid DESC LIMIT ? OFFSET ?`,
        args: [...args(expression), n, from],
      })
    ).rows.map((r) => Number(r.hit));
  const count = async ([table, expression]: Part) =>
    Number(
      (
        await client.execute({
          sql: `SELECT count(*) AS n FROM ${table} WHERE ${conditions(table)}`,
          args: args(expression),
        })
      ).rows[0]?.n ?? 0,
    );
  const inNames = `{name_key} : (${match.inName})`;
  const anyName =
    match.oneWord ||
    (
      await client.execute({
        sql: 'SELECT 1 FROM products_name_search WHERE products_name_search MATCH ? LIMIT 1',
        args: [match.inName],
      })
    ).rows.length > 0;
  if (!anyName) return page(['products_search', match.text], offset, limit);
  const named: Part = match.oneWord
    ? ['products_name_search', match.inName]
    : ['products_search', `(${match.text}) AND ${inNames}`];
  const first = await page(named, offset, limit);
  if (first.length === limit) return first;
  // The name matches end on this page or before it: the others follow them.
  const namedCount = first.length > 0 || offset === 0 ? offset + first.length : await count(named);
  const othersOffset = Math.max(0, offset - namedCount);
  if (total !== undefined && namedCount + othersOffset >= total) return first;
  const others = await page(['products_search', `(${match.text}) NOT ${inNames}`], othersOffset, limit - first.length);
  return [...first, ...others];
}

/** These products' rows, in the order of `hits` (rowids). */
async function rowsInOrder(client: Client, hits: readonly number[], columns: string): Promise<Row[]> {
  if (!hits.length) return [];
  const rs = await client.execute({
    sql: `SELECT ${columns}, rowid AS hit FROM products WHERE rowid IN (${hits.map(() => '?').join(', ')})`,
    args: [...hits],
  });
  const byHit = new Map(rs.rows.map((r) => [Number(r.hit), r]));
  return hits.map((hit) => byHit.get(hit)).filter((row): row is Row => row !== undefined);
}

/** Whether any product holds this word of 3+ characters. */
async function wordFound(client: Client, word: string): Promise<boolean> {
  const rs = await client.execute({ sql: `${TEXT_HITS} LIMIT 1`, args: [phrase(searchStem(word))] });
  return rs.rows.length > 0;
}

/** The keyword with each word of 5+ letters that matches nothing replaced by its most common one-edit neighbour
 *  among the indexed words (products_search_vocab: a range of it and a few lookups, domain's neighbourSearch), if
 *  the result finds products with the same filters. */
async function didYouMean(
  client: Client,
  words: readonly string[],
  filter: { sql: string; args: InValue[] },
): Promise<string | undefined> {
  const corrections = new Map<string, string>();
  for (const word of words.filter(isCorrectable)) {
    if (await wordFound(client, word)) continue;
    const { prefix, listed } = neighbourSearch(word);
    const length = [...word].length;
    const [ranged, looked] = await Promise.all([
      client.execute({
        sql: `SELECT term, doc FROM products_search_vocab WHERE term >= ? AND term <= ? AND length(term) BETWEEN ? AND ?`,
        args: [prefix, `${prefix}\u{10FFFF}`, length - 1, length + 1],
      }),
      client.execute({
        sql: `SELECT term, doc FROM products_search_vocab WHERE term IN (${listed.map(() => '?').join(', ')})`,
        args: listed,
      }),
    ]);
    const rs = {
      rows: [...ranged.rows.filter((r) => withinOneEdit(String(r.term), word)), ...looked.rows],
    };
    const best = bestCorrection(new Map(rs.rows.map((r) => [String(r.term), Number(r.doc)])));
    if (best) corrections.set(word, best);
  }
  if (!corrections.size) return undefined;
  const corrected = correctedKeyword(words, corrections);
  const { total } = await keywordTotal(client, keywordMatch(searchWords(corrected)), filter);
  return total > 0 ? corrected : undefined;
}

/**
 * One catalogue page: all products, or those matching every word of the keyword, filtered and sorted. With a
 * keyword and no sort asked for, the best matches come first: up to `rankedMatches` matches by bm25 (the name
 * weighted highest; ties the later added first), more by the cheap order of namesFirstHits.
 */
export async function listProducts(
  client: Client,
  query: ProductQuery,
  { sparseMatches = SPARSE_MATCHES, rankedMatches = RANKED_MATCHES }: SearchBounds = {},
): Promise<ProductPage> {
  const { keyword, page, pageSize } = query;
  // No sort, or `relevance` by name: the best matches first (without a keyword to rank by: the newest).
  const bestMatch = query.sort === undefined || query.sort === 'relevance';
  const sort = bestMatch ? DEFAULT_CATALOG_SORT : (query.sort ?? DEFAULT_CATALOG_SORT);
  const offset = (page - 1) * pageSize;
  const words = searchWords(keyword);
  // A search's answer also says how many it found (the results heading); the plain list's keeps the spec's shape.
  const pageOf = async (total: number, rows: Row[]): Promise<ProductPage> => ({
    products: await attachVariants(client, rows.map(toProduct)),
    page,
    pages: Math.ceil(total / pageSize),
    ...(words.length ? { total } : {}),
  });
  const filter = filterConditions(query);
  const where = (sql: string) => (sql ? `WHERE ${sql}` : '');
  const orderBy = `ORDER BY ${sortColumns(sort)}`;
  const plainLatest = sort === 'newest' && !filter.sql;
  // A page in one statement (one snapshot): the key of its first row is found by walking the index
  // products_latest (covering: no table reads for the skipped rows, ~2x faster than OFFSET on the rows), then
  // the page's rows are read from that key on.
  const fromKey = (match: string) =>
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${match ? `${match} AND ` : ''}(created_at, id) <=
       (SELECT created_at, id FROM products INDEXED BY products_latest ${match ? `WHERE ${match}` : ''} ${LATEST} LIMIT 1 OFFSET ?)
     ${LATEST} LIMIT ?`;
  // Filtered or sorted otherwise: the index of that filter and sort (migration 5) gives the order.
  const walk = (match: string, matchArgs: InValue[]) =>
    client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products ${where([match, filter.sql].filter(Boolean).join(' AND '))} ${orderBy} LIMIT ? OFFSET ?`,
      args: [...matchArgs, ...filter.args, pageSize, offset],
    });

  if (!words.length) {
    const count = await client.execute({
      sql: `SELECT count(*) AS n FROM products ${where(filter.sql)}`,
      args: filter.args,
    });
    const total = Number(count.rows[0]?.n ?? 0);
    if (plainLatest) return pageOf(total, (await client.execute({ sql: fromKey(''), args: [offset, pageSize] })).rows);
    return pageOf(total, (await walk('', [])).rows);
  }

  const match = keywordMatch(words);
  const { total, matches } = await keywordTotal(client, match, filter);
  if (total === 0) {
    const suggestion = await didYouMean(client, words, filter);
    return suggestion ? { ...(await pageOf(0, [])), didYouMean: suggestion } : pageOf(0, []);
  }
  if (offset >= total) return pageOf(total, []);
  if (hasNamedWords(match) && bestMatch && matches > rankedMatches) {
    // Too many to score each: the name matches first, then the others, each the later added first.
    const hits = await namesFirstHits(client, match, filter, offset, pageSize, total);
    return pageOf(total, await rowsInOrder(client, hits, PRODUCT_COLUMNS));
  }
  if (match.text && bestMatch) {
    // Relevance: every match is scored (cost grows with the matches), the page's rowids cut from the scores alone
    // (no product columns in the sort), then its rows read. Ties: the later added first.
    const pieces = match.pieces ? [`products.rowid IN (${PIECE_HITS})`] : [];
    const narrowed = [...pieces, filter.sql].filter(Boolean).join(' AND ');
    const ranked = narrowed
      ? `SELECT hit, score FROM (${SCORED}) JOIN products ON products.rowid = hit WHERE ${narrowed}
         ORDER BY score, hit DESC LIMIT ? OFFSET ?`
      : `${SCORED} ORDER BY score, hit DESC LIMIT ? OFFSET ?`;
    const rows = await client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM (${ranked}) AS ranked JOIN products ON products.rowid = ranked.hit
            ORDER BY ranked.score, ranked.hit DESC`,
      args: [match.text, ...(match.pieces ? [match.pieces] : []), ...filter.args, pageSize, offset],
    });
    return pageOf(total, rows.rows);
  }
  if (matches <= sparseMatches) {
    const cond = matchCondition(match);
    return pageOf(total, (await walk(cond.sql, cond.args)).rows);
  }
  // Many matches: walk the catalogue order, where about one row in (catalogue size / total) matches.
  const probe = matchCondition(match, true);
  if (plainLatest) {
    const rows = await client.execute({
      sql: fromKey(probe.sql),
      args: [...probe.args, ...probe.args, offset, pageSize],
    });
    return pageOf(total, rows.rows);
  }
  return pageOf(total, (await walk(probe.sql, probe.args)).rows);
}

/** The header's suggestions for a query: the best matching products (as the search ranks them), then the categories
 *  and brands a word of the query begins (from migration 10's counts: a read of a few rows). */
export async function suggestProducts(
  client: Client,
  q: string,
  bounds: SearchBounds = {},
): Promise<ProductSuggestions> {
  const words = searchWords(q);
  if (!words.length) return { products: [], categories: [], brands: [] };
  const typed = await suggestionsFor(client, words, bounds);
  if (typed.products.length) return typed;
  // Nothing as typed: the search's "Did you mean" correction, suggested while typing (issue 40: "hedphones").
  const corrected = await didYouMean(client, words, { sql: '', args: [] });
  return corrected
    ? { ...(await suggestionsFor(client, searchWords(corrected), bounds)), didYouMean: corrected }
    : typed;
}

async function suggestionsFor(
  client: Client,
  words: readonly string[],
  { rankedMatches = RANKED_MATCHES }: SearchBounds,
): Promise<ProductSuggestions> {
  const match = keywordMatch(words);
  // The list's rule for many matches, decided by a count that stops past the bound.
  const many =
    hasNamedWords(match) &&
    Number(
      (
        await client.execute({
          sql: `SELECT count(*) AS n FROM (${TEXT_HITS} LIMIT ?)`,
          args: [match.text, rankedMatches + 1],
        })
      ).rows[0]?.n ?? 0,
    ) > rankedMatches;
  const rows = many
    ? {
        rows: await rowsInOrder(
          client,
          await namesFirstHits(client, match, { sql: '', args: [] }, 0, PRODUCT_SUGGESTIONS),
          'id, name, image',
        ),
      }
    : match.text
      ? await client.execute({
          sql: `SELECT id, name, image FROM (
                ${match.pieces ? `SELECT hit, score FROM (${SCORED}) WHERE hit IN (${PIECE_HITS})` : SCORED}
                ORDER BY score, hit DESC LIMIT ?
              ) AS ranked JOIN products ON products.rowid = ranked.hit ORDER BY ranked.score, ranked.hit DESC`,
          args: [match.text, ...(match.pieces ? [match.pieces] : []), PRODUCT_SUGGESTIONS],
        })
      : await client.execute({
          sql: `SELECT id, name, image FROM products WHERE rowid IN (${PIECE_HITS}) ${LATEST} LIMIT ?`,
          args: [match.pieces, PRODUCT_SUGGESTIONS],
        });
  const facets = await client.execute(
    'SELECT facet, value FROM product_facet_counts WHERE n > 0 ORDER BY n DESC, value ASC',
  );
  const of = (facet: string) => facets.rows.filter((r) => r.facet === facet).map((r) => String(r.value));
  return {
    products: rows.rows.map((r) => ({ _id: String(r.id), name: String(r.name), image: String(r.image) })),
    ...suggestedFacetValues(matchPieces(words), of('category'), of('brand'), MAX_SUGGESTIONS - rows.rows.length),
  };
}

/** Category and brand counts among the products matching the filters (each facet ignoring its own filter). */
export async function facetCounts(client: Client, filters: CatalogFilters): Promise<CatalogFacets> {
  const words = searchWords(filters.keyword);
  if (!words.length && !isFiltered(filters)) {
    // The whole catalogue (the home page's filter bar): the counts kept by migration 10's triggers.
    const rs = await client.execute({
      sql: `SELECT facet, value, n FROM product_facet_counts WHERE n > 0 ORDER BY facet, n DESC, value ASC`,
      args: [],
    });
    const of = (facet: string) =>
      rs.rows
        .filter((r) => r.facet === facet)
        .slice(0, MAX_FACET_VALUES)
        .map((r) => ({ value: String(r.value), count: Number(r.n) }));
    return { categories: of('category'), brands: of('brand') };
  }
  const match = matchCondition(keywordMatch(words));
  const count = async (column: 'category' | 'brand'): Promise<FacetCount[]> => {
    const filter = filterConditions(filters, column);
    const conditions = [match.sql, filter.sql].filter(Boolean);
    const rs = await client.execute({
      sql: `SELECT ${column} AS value, count(*) AS n FROM products ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
            GROUP BY ${column} ORDER BY n DESC, value ASC LIMIT ?`,
      args: [...match.args, ...filter.args, MAX_FACET_VALUES],
    });
    return rs.rows.map((r) => ({ value: String(r.value), count: Number(r.n) }));
  };
  const [categories, brands] = await Promise.all([count('category'), count('brand')]);
  return { categories, brands };
}
