// Product drafts on the embedded database (issue 14): POST /api/products creates one in product_drafts, apart from
// the products every public query reads; its first save moves it into products (SqlProducts.update, one transaction).
import { type Product, type ProductUpdateInput } from '../../domain/index.js';
import type { Row, Transaction } from './sql.js';
import type { Database } from './db.js';
import { editedRow, insertRow, newId, PRODUCT_COLUMNS, str, toProduct } from './mapping.js';

/** A draft row as toProduct reads it (no reviews yet: rating and count 0; no slug until its first save gives it
 *  one: it answers a provisional one, domain/slugs.ts). */
const DRAFT_COLUMNS = PRODUCT_COLUMNS.replace(/\brating\b/, '0 AS rating')
  .replace(/\bnum_reviews\b/, '0 AS num_reviews')
  .replace(/\bslug\b/, "'' AS slug");

// A draft has no variants yet (its first save writes them).
const toDraft = (row: Row): Product => ({ ...toProduct(row), options: [], variants: [], isDraft: true });

export async function createDraft(db: Database, input: ProductUpdateInput, ownerId: string, now: string) {
  const id = newId();
  await db.write((tx) =>
    tx.execute(
      insertRow('product_drafts', {
        id,
        user_id: ownerId,
        ...editedRow(input),
        count_in_stock: input.countInStock,
        created_at: now,
        updated_at: now,
      }),
    ),
  );
  return (await getDraft(db, id)) as Product;
}

export async function getDraft(db: Database, id: string): Promise<Product | null> {
  const rs = await db.client.execute({ sql: `SELECT ${DRAFT_COLUMNS} FROM product_drafts WHERE id = ?`, args: [id] });
  return rs.rows[0] ? toDraft(rs.rows[0]) : null;
}

export async function listDrafts(db: Database, limit: number): Promise<Product[]> {
  const rs = await db.client.execute({
    sql: `SELECT ${DRAFT_COLUMNS} FROM product_drafts ORDER BY created_at DESC, id DESC LIMIT ?`,
    args: [limit],
  });
  return rs.rows.map(toDraft);
}

/** Inside a write: the draft `id` as stored (its owner, stock and version), removed; null when there is none. */
export async function takeDraft(
  tx: Transaction,
  id: string,
): Promise<{ ownerId: string; countInStock: number; updatedAt: string } | null> {
  const rs = await tx.execute({
    sql: 'SELECT user_id, count_in_stock, updated_at FROM product_drafts WHERE id = ?',
    args: [id],
  });
  const row = rs.rows[0];
  if (!row) return null;
  await tx.execute({ sql: 'DELETE FROM product_drafts WHERE id = ?', args: [id] });
  return { ownerId: str(row.user_id), countInStock: Number(row.count_in_stock), updatedAt: str(row.updated_at) };
}

export async function removeDraft(tx: Transaction, id: string): Promise<boolean> {
  return (await tx.execute({ sql: 'DELETE FROM product_drafts WHERE id = ?', args: [id] })).rowsAffected > 0;
}
