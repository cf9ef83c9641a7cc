import type { Client, InValue, Row } from './sql.js';
import {
  bestCorrection,
  correctedKeyword,
  DEFAULT_CATALOG_SORT,
  isCorrectable,
  isFiltered,
  MAX_FACET_VALUES,
  MAX_SUGGESTIONS,
  neighbourSearch,
  PRODUCT_SUGGESTIONS,
  matchPieces,
  searchStem,
  searchWords,
  suggestedFacetValues,
  type CatalogFacets,
  type CatalogFilters,
  type FacetCount,
  type ProductPage,
  type ProductSuggestions,
  withinOneEdit,
} from '../../domain/index.js';
import type { ProductQuery } from '../../ports.js';
import { PRODUCT_COLUMNS, toProduct } from './mapping.js';
import { attachVariants } from './variants.js';
import {
  and,
  filterConditions,
  hasNamedWords,
  type KeywordMatch,
  keywordMatch,
  LATEST,
  matchCondition,
  type NamedMatch,
  phrase,
  PIECE_HITS,
  RANKED_MATCHES,
  SCORED,
  type SearchBounds,
  sortColumns,
  SPARSE_MATCHES,
  TEXT_HITS,
} from './searchSql.js';
export {
  gramToken,
  indexNameGrams,
  nameGrams,
  RANKED_MATCHES,
  SPARSE_MATCHES,
  type SearchBounds,
} from './searchSql.js';

// Catalogue listing and search on the embedded database.
//

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
          'id, name, image, slug',
        ),
      }
    : match.text
      ? await client.execute({
          sql: `SELECT id, name, image, slug FROM (
                ${match.pieces ? `SELECT hit, score FROM (${SCORED}) WHERE hit IN (${PIECE_HITS})` : SCORED}
                ORDER BY score, hit DESC LIMIT ?
              ) AS ranked JOIN products ON products.rowid = ranked.hit ORDER BY ranked.score, ranked.hit DESC`,
          args: [match.text, ...(match.pieces ? [match.pieces] : []), PRODUCT_SUGGESTIONS],
        })
      : await client.execute({
          sql: `SELECT id, name, image, slug FROM products WHERE rowid IN (${PIECE_HITS}) ${LATEST} LIMIT ?`,
          args: [match.pieces, PRODUCT_SUGGESTIONS],
        });
  const facets = await client.execute(
    'SELECT facet, value FROM product_facet_counts WHERE n > 0 ORDER BY n DESC, value ASC',
  );
  const of = (facet: string) => facets.rows.filter((r) => r.facet === facet).map((r) => String(r.value));
  return {
    products: rows.rows.map((r) => ({
      _id: String(r.id),
      name: String(r.name),
      image: String(r.image),
      slug: String(r.slug),
    })),
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
