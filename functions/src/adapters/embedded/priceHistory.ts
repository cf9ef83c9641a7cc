// Issue 41, price history on the embedded database (migration 34, domain/priceHistory.ts): every price change of a
// product (without variants) or of a variant is a price_history row, written in the save's transaction, and each
// changed variant keeps its 30-day low beside its price (product_variants.lowest_cents), so reads stay one row.
import {
  badInput,
  LOWEST_PRICE_DAYS,
  priceSave,
  type PriceHistoryEntry,
  type PriceHistoryPage,
} from '../../domain/index.js';
import type { Database } from './db.js';
import type { Row, Transaction } from './sql.js';
import { str } from './mapping.js';

type Reader = Pick<Transaction, 'execute'>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A product's prices as stored: each variant's by its id, or without variants the product's by the product id
 *  (none for a product that does not exist yet). */
export async function storedPrices(tx: Reader, productId: string): Promise<Map<string, number>> {
  const variants = await tx.execute({
    sql: 'SELECT id, price_cents FROM product_variants WHERE product_id = ?',
    args: [productId],
  });
  if (variants.rows.length) return new Map(variants.rows.map((r) => [str(r.id), Number(r.price_cents)]));
  const product = await tx.execute({ sql: 'SELECT price_cents FROM products WHERE id = ?', args: [productId] });
  return new Map(product.rows.map((r) => [productId, Number(r.price_cents)]));
}

const toEntry = (r: Row): PriceHistoryEntry => ({
  at: str(r.at),
  by: str(r.by_user),
  ...(r.variant_id === null || r.variant_id === undefined ? {} : { variant: str(r.variant_id) }),
  fromCents: r.from_cents === null ? null : Number(r.from_cents),
  toCents: Number(r.to_cents),
});

/**
 * After a save's writes, inside its transaction: records each price that differs from `before` (storedPrices read
 * before the writes) and keeps the changed variants' 30-day lows. `by`: the admin, or "system" (the seed).
 */
export async function recordPriceChanges(
  tx: Transaction,
  productId: string,
  before: ReadonlyMap<string, number>,
  by: string,
  at: string,
): Promise<void> {
  const after = [...(await storedPrices(tx, productId))].map(([key, priceCents]) =>
    key === productId ? { priceCents } : { variant: key, priceCents },
  );
  const since = new Date(Date.parse(at) - LOWEST_PRICE_DAYS * DAY_MS).toISOString();
  const recent = await tx.execute({
    sql: 'SELECT at, by_user, variant_id, from_cents, to_cents FROM price_history WHERE product_id = ? AND at > ?',
    args: [productId, since],
  });
  const save = priceSave(productId, before, after, recent.rows.map(toEntry), by, at);
  if (!save.entries.length) return;
  await tx.batch([
    ...save.entries.map((entry) => ({
      sql: `INSERT INTO price_history (product_id, variant_id, at, by_user, from_cents, to_cents)
            VALUES (?, ?, ?, ?, ?, ?)`,
      args: [productId, entry.variant ?? null, entry.at, entry.by, entry.fromCents, entry.toCents],
    })),
    ...[...save.lowest]
      .filter(([key]) => key !== productId)
      .map(([variant, lowest]) => ({
        sql: 'UPDATE product_variants SET lowest_cents = ? WHERE id = ? AND product_id = ?',
        args: [lowest, variant, productId],
      })),
  ]);
}

/** A product's price history, newest first, `limit` entries older than the cursor `before` (a seq). */
export async function priceHistoryPage(
  db: Database,
  productId: string,
  before: string | undefined,
  limit: number,
): Promise<PriceHistoryPage> {
  if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before)) throw badInput('Invalid before cursor');
  const rs = await db.client.execute({
    sql: `SELECT seq, at, by_user, variant_id, from_cents, to_cents FROM price_history
          WHERE product_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    args: [productId, before === undefined ? Number.MAX_SAFE_INTEGER : Number(before), limit + 1],
  });
  const rows = rs.rows.slice(0, limit);
  return {
    entries: rows.map(toEntry),
    nextBefore: rs.rows.length > limit ? str(rows.at(-1)!.seq) : null,
  };
}
