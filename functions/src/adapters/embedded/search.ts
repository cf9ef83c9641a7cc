import type { Client, InValue, Row, Transaction } from '@libsql/client';
import { searchKey, type ProductPage } from '../../domain/index.js';
import type { ProductQuery } from '../../ports.js';
import { PRODUCT_COLUMNS, toProduct } from './mapping.js';

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

/** One catalogue page, newest first: all products, or those whose name contains the keyword (any case). */
export async function listProducts(
  client: Client,
  { keyword, page, pageSize }: ProductQuery,
  sparseMatches = SPARSE_MATCHES,
): Promise<ProductPage> {
  const offset = (page - 1) * pageSize;
  const pageOf = (total: number, rows: Row[]) => ({
    products: rows.map(toProduct),
    page,
    pages: Math.ceil(total / pageSize),
  });
  // A page in one statement (one snapshot): the key of its first row is found by walking the index
  // products_latest (covering: no table reads for the skipped rows, ~2x faster than OFFSET on the rows), then
  // the page's rows are read from that key on.
  const fromKey = (filter: string) =>
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${filter ? `${filter} AND ` : ''}(created_at, id) <=
       (SELECT created_at, id FROM products INDEXED BY products_latest ${filter ? `WHERE ${filter}` : ''} ${LATEST} LIMIT 1 OFFSET ?)
     ${LATEST} LIMIT ?`;

  if (!keyword) {
    const count = await client.execute('SELECT count(*) AS n FROM products');
    const rows = await client.execute({ sql: fromKey(''), args: [offset, pageSize] });
    return pageOf(Number(count.rows[0]?.n ?? 0), rows.rows);
  }

  // The search is a case-insensitive literal substring of the name: instr() on the folded name, never a
  // pattern ('(' or '.*' are just text). Indexes only narrow down where to look; instr() has the last word.
  const needle = searchKey(keyword);
  const match = 'instr(name_key, ?) > 0';
  const sorted = (source: string, sourceArg: InValue) =>
    client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE rowid IN (${source}) AND ${match} ${LATEST} LIMIT ? OFFSET ?`,
      args: [sourceArg, needle, pageSize, offset],
    });
  // Each index answers with the exact set of names containing the keyword, so its count is the total.
  const length = [...needle].length;
  const index =
    length <= 2
      ? // 1-2 characters: one token of the short-piece index (migration 3, nameGrams above).
        {
          sql: 'SELECT rowid FROM products_name_grams WHERE products_name_grams MATCH ?',
          query: `"${gramToken(needle)}"`,
        }
      : !needle.includes('\u0000')
        ? // 3+ characters: the trigram index, a phrase of consecutive trigrams. Inside an FTS5 string
          // everything is literal text (a '"' is doubled); a NUL cannot be quoted, so such keywords scan below.
          {
            sql: 'SELECT rowid FROM products_name_trigrams WHERE products_name_trigrams MATCH ?',
            query: `"${needle.replaceAll('"', '""')}"`,
          }
        : null;
  let total: number;
  if (index) {
    // Its cost grows with the matches, not with the catalogue.
    const count = await client.execute({ sql: `SELECT count(*) AS n FROM (${index.sql})`, args: [index.query] });
    total = Number(count.rows[0]?.n ?? 0);
    if (total <= sparseMatches) return pageOf(total, (await sorted(index.sql, index.query)).rows);
  } else {
    const count = await client.execute({
      sql: `SELECT count(*) AS n FROM products INDEXED BY products_names WHERE ${match}`,
      args: [needle],
    });
    total = Number(count.rows[0]?.n ?? 0);
  }
  // Many matches: walk the catalogue order, where about one row in (catalogue size / total) matches.
  const rows = await client.execute({ sql: fromKey(match), args: [needle, needle, offset, pageSize] });
  return pageOf(total, rows.rows);
}
