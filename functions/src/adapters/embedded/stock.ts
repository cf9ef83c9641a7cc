// The one stock-writing path of the embedded store: every change of a product's count_in_stock (orders, cancels,
// expiries, the admin's edits, and what refunds and returns restock) goes through here with its cause and actor,
// and records its stock history entry in the same transaction (domain/stockHistory.ts).
import type { InStatement, Transaction } from './sql.js';
import {
  badInput,
  stockHistoryEntries,
  type StockChange,
  type StockContext,
  type StockHistoryEntry,
  type StockHistoryPage,
  type StockCause,
} from '../../domain/index.js';
import type { Database } from './db.js';
import { str } from './mapping.js';

/**
 * The statements of a write's stock changes: per product whose stock moved, its UPDATE and its history entry, in
 * pairs (the UPDATE first). Each UPDATE is guarded: it changes the row only while the stock is still the one the
 * decision read (`before`), so a wrong view can never write a wrong count (rowsAffected 0 tells it).
 */
export function stockStatements(changes: readonly StockChange[], context: StockContext): InStatement[] {
  return stockHistoryEntries(changes, context).flatMap(({ product, entry }) => {
    const before = entry.after - entry.delta;
    return [
      // A variant's stock is its row's (issue 29); the product's default-variant copy follows (variantMirrors).
      entry.variant
        ? {
            sql: 'UPDATE product_variants SET count_in_stock = ? WHERE id = ? AND product_id = ? AND count_in_stock = ?',
            args: [entry.after, entry.variant, product, before],
          }
        : {
            sql: 'UPDATE products SET count_in_stock = ? WHERE id = ? AND count_in_stock = ?',
            args: [entry.after, product, before],
          },
      {
        sql: `INSERT INTO stock_history (product_id, at, delta, after, cause, order_id, by_user, variant_id)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          product,
          entry.at,
          entry.delta,
          entry.after,
          entry.cause,
          entry.orderId ?? null,
          entry.by ?? null,
          entry.variant ?? null,
        ],
      },
    ];
  });
}

/**
 * After variants' stock moved: each of their products' count_in_stock becomes its default (first) variant's again,
 * the spec's countInStock of a product with variants. Run after stockStatements, in the same transaction.
 */
export function variantMirrors(changes: readonly StockChange[]): InStatement[] {
  const products = [...new Set(changes.filter((c) => c.variant && c.after !== c.before).map((c) => c.product))];
  return products.map((product) => ({
    sql: `UPDATE products SET count_in_stock = coalesce(
            (SELECT count_in_stock FROM product_variants WHERE product_id = ?1 ORDER BY position LIMIT 1),
            count_in_stock)
          WHERE id = ?1`,
    args: [product],
  }));
}

/** The index (in stockStatements' changes that moved) of the first guarded UPDATE that changed no row, or -1. */
export function firstStaleChange(results: readonly { rowsAffected: number }[]): number {
  for (let i = 0; i < results.length; i += 2) if (results[i]!.rowsAffected !== 1) return i / 2;
  return -1;
}

/** Writes the changes and their history inside `tx`. Throws (the transaction rolls back) if a row's stock was not
 *  the one the decision read: within the write queue that cannot happen, so it is a bug, never a silent miscount. */
export async function applyStockChanges(
  tx: Transaction,
  changes: readonly StockChange[],
  context: StockContext,
): Promise<void> {
  const statements = stockStatements(changes, context);
  if (!statements.length) return;
  const results = await tx.batch([...statements, ...variantMirrors(changes)]);
  const stale = firstStaleChange(results.slice(0, statements.length));
  if (stale >= 0) throw new Error(`Stock of a product changed under its write (${context.cause})`);
}

/** A product's history, newest first, `limit` entries older than the cursor `before` (a seq). */
export async function stockHistoryPage(
  db: Database,
  productId: string,
  before: string | undefined,
  limit: number,
): Promise<StockHistoryPage> {
  if (before !== undefined && !/^[1-9]\d{0,15}$/.test(before)) throw badInput('Invalid before cursor');
  const rs = await db.client.execute({
    sql: `SELECT seq, at, delta, after, cause, order_id, by_user, variant_id FROM stock_history
          WHERE product_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    args: [productId, before === undefined ? Number.MAX_SAFE_INTEGER : Number(before), limit + 1],
  });
  const rows = rs.rows.slice(0, limit);
  const entries = rows.map((r): StockHistoryEntry => ({
    at: str(r.at),
    delta: Number(r.delta),
    after: Number(r.after),
    cause: str(r.cause) as StockCause,
    ...(r.order_id === null ? {} : { orderId: str(r.order_id) }),
    by: str(r.by_user),
    ...(r.variant_id === null || r.variant_id === undefined ? {} : { variant: str(r.variant_id) }),
  }));
  return { entries, nextBefore: rs.rows.length > limit ? str(rows.at(-1)!.seq) : null };
}
