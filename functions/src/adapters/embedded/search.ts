import type { Client, InValue, Row, Transaction } from '@libsql/client';
import {
  CATALOG_SORT_ORDER,
  DEFAULT_CATALOG_SORT,
  isFiltered,
  MAX_FACET_VALUES,
  priceRangeCents,
  searchKey,
  type CatalogFacets,
  type CatalogFilters,
  type CatalogSort,
  type CatalogSortField,
  type FacetCount,
  type ProductPage,
} from '../../domain/index.js';
import type { ProductQuery } from '../../ports.js';
import { PRODUCT_COLUMNS, toProduct } from './mapping.js';
import { attachVariants } from './variants.js';

// Catalogue listing and search on the embedded database.
//
// Tokens for the index of short keywords (migration 3): the full-text trigram index cannot find a keyword of
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

// The search is a case-insensitive literal substring of the name: instr() on the folded name, never a
// pattern ('(' or '.*' are just text). Indexes only narrow down where to look; instr() has the last word.
const MATCH = 'instr(name_key, ?) > 0';

/** The full-text index query that answers exactly the rowids of the names containing `needle` (folded), or
 *  null when none can (a NUL cannot be quoted in FTS5: such keywords scan). */
function keywordIndex(needle: string): { sql: string; query: string } | null {
  const length = [...needle].length;
  if (length <= 2) {
    // 1-2 characters: one token of the short-piece index (migration 3, nameGrams above).
    return {
      sql: 'SELECT rowid FROM products_name_grams WHERE products_name_grams MATCH ?',
      query: `"${gramToken(needle)}"`,
    };
  }
  // 3+ characters: the trigram index, a phrase of consecutive trigrams. Inside an FTS5 string everything is
  // literal text (a '"' is doubled).
  if (needle.includes('\u0000')) return null;
  return {
    sql: 'SELECT rowid FROM products_name_trigrams WHERE products_name_trigrams MATCH ?',
    query: `"${needle.replaceAll('"', '""')}"`,
  };
}

const and = (sql: string) => (sql ? ` AND ${sql}` : '');

/**
 * How many products contain the keyword (`needle`, folded) and pass the filters: `total`, the pages' count; and
 * `matches`, the keyword's alone, which decides how the page is read (Infinity where no index answers it).
 */
async function keywordTotal(
  client: Client,
  needle: string,
  index: ReturnType<typeof keywordIndex>,
  filter: { sql: string; args: InValue[] },
): Promise<{ total: number; matches: number }> {
  if (!index) {
    const count = await client.execute({
      sql: `SELECT count(*) AS n FROM products INDEXED BY products_names WHERE ${MATCH}${and(filter.sql)}`,
      args: [needle, ...filter.args],
    });
    return { total: Number(count.rows[0]?.n ?? 0), matches: Infinity };
  }
  // Each index answers with the exact set of names containing the keyword, so its count is the total.
  // Its cost grows with the matches, not with the catalogue.
  const count = await client.execute({ sql: `SELECT count(*) AS n FROM (${index.sql})`, args: [index.query] });
  const matches = Number(count.rows[0]?.n ?? 0);
  if (!filter.sql || matches === 0) return { total: matches, matches };
  const filtered = await client.execute({
    sql: `SELECT count(*) AS n FROM products WHERE rowid IN (${index.sql})${and(filter.sql)}`,
    args: [index.query, ...filter.args],
  });
  return { total: Number(filtered.rows[0]?.n ?? 0), matches };
}

/** One catalogue page: all products, or those whose name contains the keyword (any case), filtered and sorted. */
export async function listProducts(
  client: Client,
  query: ProductQuery,
  sparseMatches = SPARSE_MATCHES,
): Promise<ProductPage> {
  const { keyword, page, pageSize } = query;
  const sort = query.sort ?? DEFAULT_CATALOG_SORT;
  const offset = (page - 1) * pageSize;
  const pageOf = async (total: number, rows: Row[]): Promise<ProductPage> => ({
    products: await attachVariants(client, rows.map(toProduct)),
    page,
    pages: Math.ceil(total / pageSize),
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

  if (!keyword) {
    const count = await client.execute({
      sql: `SELECT count(*) AS n FROM products ${where(filter.sql)}`,
      args: filter.args,
    });
    const total = Number(count.rows[0]?.n ?? 0);
    if (plainLatest) return pageOf(total, (await client.execute({ sql: fromKey(''), args: [offset, pageSize] })).rows);
    return pageOf(total, (await walk('', [])).rows);
  }

  const needle = searchKey(keyword);
  const index = keywordIndex(needle);
  const { total, matches } = await keywordTotal(client, needle, index, filter);
  if (index && matches <= sparseMatches) {
    const rows = await client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE rowid IN (${index.sql}) AND ${MATCH}${and(filter.sql)}
            ${orderBy} LIMIT ? OFFSET ?`,
      args: [index.query, needle, ...filter.args, pageSize, offset],
    });
    return pageOf(total, rows.rows);
  }
  // Many matches: walk the catalogue order, where about one row in (catalogue size / total) matches.
  if (plainLatest) {
    const rows = await client.execute({ sql: fromKey(MATCH), args: [needle, needle, offset, pageSize] });
    return pageOf(total, rows.rows);
  }
  return pageOf(total, (await walk(MATCH, [needle])).rows);
}

/** Category and brand counts among the products matching the filters (each facet ignoring its own filter). */
export async function facetCounts(client: Client, filters: CatalogFilters): Promise<CatalogFacets> {
  const needle = searchKey(filters.keyword);
  const index = needle ? keywordIndex(needle) : null;
  if (!needle && !isFiltered(filters)) {
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
  const count = async (column: 'category' | 'brand'): Promise<FacetCount[]> => {
    const filter = filterConditions(filters, column);
    const conditions: string[] = [];
    const args: InValue[] = [];
    if (index) {
      conditions.push(`rowid IN (${index.sql})`);
      args.push(index.query);
    }
    if (needle) {
      conditions.push(MATCH);
      args.push(needle);
    }
    if (filter.sql) conditions.push(filter.sql);
    args.push(...filter.args, MAX_FACET_VALUES);
    const rs = await client.execute({
      sql: `SELECT ${column} AS value, count(*) AS n FROM products ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
            GROUP BY ${column} ORDER BY n DESC, value ASC LIMIT ?`,
      args,
    });
    return rs.rows.map((r) => ({ value: String(r.value), count: Number(r.n) }));
  };
  const [categories, brands] = await Promise.all([count('category'), count('brand')]);
  return { categories, brands };
}
