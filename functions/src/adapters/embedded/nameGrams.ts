import type { Transaction } from '@libsql/client';

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
