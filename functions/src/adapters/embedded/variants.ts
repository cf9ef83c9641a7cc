// A product's options and variants on the embedded database (issue 29, domain/variants.ts): the options as JSON on
// the product row (options_json), the variants in product_variants (migration 23), each with its own stock. Reads
// attach them to product answers in one query per page; an admin save writes them with their stock through the one
// stock-writing path (stock.ts), so each variant's stock history follows.
import type { Row, Transaction } from './sql.js';
import {
  badInput,
  galleryOf,
  listOf,
  planVariantSave,
  VARIANT_MESSAGES,
  withVariants,
  type EditedFrom,
  type Product,
  type ProductImage,
  type ProductOption,
  type ProductUpdateInput,
  type StockChange,
  type StockedProduct,
  stockedVariantsOf,
  type StoredVariant,
  type VariantSave,
} from '../../domain/index.js';
import { isUniqueViolation, newId, str } from './mapping.js';

type Reader = Pick<Transaction, 'execute'>;

export const VARIANT_COLUMNS =
  'id, product_id, position, sku, options_json, price_cents, compare_at_cents, count_in_stock, image, lowest_cents';

function toVariant(r: Row): StoredVariant {
  return {
    _id: str(r.id),
    sku: str(r.sku),
    options: JSON.parse(str(r.options_json)) as Record<string, string>,
    priceCents: Number(r.price_cents),
    compareAtCents: r.compare_at_cents === null ? null : Number(r.compare_at_cents),
    countInStock: Number(r.count_in_stock),
    image: r.image === null ? null : str(r.image),
    lowestCents: r.lowest_cents === null || r.lowest_cents === undefined ? null : Number(r.lowest_cents),
  };
}

/** Variant rows (ordered by product, position) grouped by their product. */
export function groupVariants(rows: readonly Row[]): Map<string, StoredVariant[]> {
  const byProduct = new Map<string, StoredVariant[]>();
  for (const r of rows) {
    const list = byProduct.get(str(r.product_id));
    if (list) list.push(toVariant(r));
    else byProduct.set(str(r.product_id), [toVariant(r)]);
  }
  return byProduct;
}

/** One product's options and variants as stored (none for a product without options, or one that does not exist). */
export async function readVariants(
  db: Reader,
  productId: string,
): Promise<{ options: ProductOption[]; variants: StoredVariant[] }> {
  const [p, v] = await Promise.all([
    db.execute({ sql: 'SELECT options_json FROM products WHERE id = ?', args: [productId] }),
    db.execute({
      sql: `SELECT ${VARIANT_COLUMNS} FROM product_variants WHERE product_id = ? ORDER BY position`,
      args: [productId],
    }),
  ]);
  const options = p.rows[0] ? (JSON.parse(str(p.rows[0].options_json)) as ProductOption[]) : [];
  return { options, variants: v.rows.map(toVariant) };
}

/**
 * Product answers with their options and variants (price, countInStock and compareAtPrice the default variant's):
 * one query for the whole page, which reads only products that have options.
 */
export async function attachVariants<P extends Product>(db: Reader, products: P[]): Promise<P[]> {
  if (products.length === 0) return products;
  const rs = await db.execute({
    sql: `SELECT p.options_json AS product_options, v.id, v.product_id, v.position, v.sku, v.options_json,
                 v.price_cents, v.compare_at_cents, v.count_in_stock, v.image, v.lowest_cents
          FROM products p JOIN product_variants v ON v.product_id = p.id
          WHERE p.id IN (SELECT value FROM json_each(?)) AND p.options_json <> '[]'
          ORDER BY v.product_id, v.position`,
    args: [JSON.stringify(products.map((p) => p._id))],
  });
  if (rs.rows.length === 0) return products.map((p) => withVariants(p, [], []));
  const options = new Map(
    rs.rows.map((r) => [str(r.product_id), JSON.parse(str(r.product_options)) as ProductOption[]]),
  );
  const variants = groupVariants(rs.rows);
  return products.map((p) => withVariants(p, options.get(p._id) ?? [], variants.get(p._id) ?? []));
}

/** The stock changes and the stock of the product row an admin save's variant plan makes. */
export interface VariantWrite {
  plan: VariantSave;
  /** Stock changes of the variants (through stock.ts, with their history). */
  changes: StockChange[];
}

/**
 * Decides an admin save's options and variants (domain/variants.ts planVariantSave) from the stored ones; null when
 * the product has no options and the save gives none (a product without variants: the caller's usual path).
 */
export async function planVariants(
  tx: Reader,
  productId: string,
  input: ProductUpdateInput,
  editedFrom: EditedFrom | undefined,
): Promise<VariantWrite | null> {
  const stored = await readVariants(tx, productId);
  const givesNone = (input.options ?? []).length === 0 && (input.variants ?? []).length === 0;
  if (stored.variants.length === 0 && givesNone) return null;
  // The product row is written already: its gallery is the one after the save, which a variant's image must be in.
  const row = (await tx.execute({ sql: 'SELECT image, images_json FROM products WHERE id = ?', args: [productId] }))
    .rows[0];
  const gallery = row ? galleryOf(str(row.image), listOf(row.images_json) as ProductImage[]).map((p) => p.url) : [];
  const plan = planVariantSave(stored, input, editedFrom, newId, gallery);
  const changes: StockChange[] = [
    ...plan.variants
      .filter((v) => v.stockBefore !== null)
      .map((v) => ({ product: productId, variant: v._id, before: v.stockBefore!, after: v.countInStock })),
  ];
  return { plan, changes };
}

/**
 * Writes a planned save's variants inside `tx`: removed variants' stock leaves with a history entry (to 0), then
 * the rows go; kept ones are updated, new ones inserted at 0 and given their stock with a history entry. The caller
 * runs the stock changes (stock.ts applyStockChanges with cause 'admin-edit') after this. A SKU another product
 * uses is a 400.
 */
export async function writeVariants(
  tx: Transaction,
  productId: string,
  plan: VariantSave,
  applyStock: (changes: StockChange[]) => Promise<void>,
): Promise<void> {
  await applyStock(plan.removed.map((v) => ({ product: productId, variant: v._id, before: v.countInStock, after: 0 })));
  if (plan.removed.length)
    await tx.execute({
      sql: 'DELETE FROM product_variants WHERE product_id = ? AND id IN (SELECT value FROM json_each(?))',
      args: [productId, JSON.stringify(plan.removed.map((v) => v._id))],
    });
  // Two saves may swap SKUs between kept variants: park every kept one's SKU first so the UNIQUE never trips midway.
  await tx.execute({
    sql: "UPDATE product_variants SET sku = '~' || id WHERE product_id = ?",
    args: [productId],
  });
  try {
    for (const [position, v] of plan.variants.entries()) {
      const values = [position, v.sku, JSON.stringify(v.options), v.priceCents, v.compareAtCents, v.image];
      if (v.stockBefore === null)
        await tx.execute({
          sql: `INSERT INTO product_variants (position, sku, options_json, price_cents, compare_at_cents, image, id,
                  product_id, count_in_stock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)`,
          args: [...values, v._id, productId],
        });
      else
        await tx.execute({
          sql: `UPDATE product_variants SET position = ?, sku = ?, options_json = ?, price_cents = ?,
                  compare_at_cents = ?, image = ? WHERE id = ? AND product_id = ?`,
          args: [...values, v._id, productId],
        });
    }
  } catch (error) {
    if (isUniqueViolation(error)) {
      const taken = await takenSku(tx, productId, plan);
      throw badInput(VARIANT_MESSAGES.skuTaken(taken ?? 'given'));
    }
    throw error;
  }
  // New variants get their stock with a history entry (they start at 0).
  await applyStock(
    plan.variants
      .filter((v) => v.stockBefore === null)
      .map((v) => ({ product: productId, variant: v._id, before: 0, after: v.countInStock })),
  );
  await tx.execute({
    sql: 'UPDATE products SET options_json = ? WHERE id = ?',
    args: [JSON.stringify(plan.options), productId],
  });
}

/** Which of a plan's SKUs another product holds (for the 400's message). */
async function takenSku(tx: Reader, productId: string, plan: VariantSave): Promise<string | null> {
  const rs = await tx.execute({
    sql: `SELECT sku FROM product_variants WHERE product_id <> ? AND sku IN (SELECT value FROM json_each(?)) LIMIT 1`,
    args: [productId, JSON.stringify(plan.variants.map((v) => v.sku))],
  });
  return rs.rows[0] ? str(rs.rows[0].sku) : null;
}

/** The products, with their variants (issue 29). One bound JSON array each: no IN list whose size a request
 *  controls. */
export async function readStockedProducts(tx: Transaction, ids: string[]): Promise<Map<string, StockedProduct>> {
  const [rs, variantRows] = await Promise.all([
    tx.execute({
      sql: `SELECT id, name, image, price_cents, count_in_stock, category, options_json FROM products
            WHERE id IN (SELECT value FROM json_each(?))`,
      args: [JSON.stringify(ids)],
    }),
    tx.execute({
      sql: `SELECT ${VARIANT_COLUMNS} FROM product_variants
            WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, position`,
      args: [JSON.stringify(ids)],
    }),
  ]);
  const variantsOf = groupVariants(variantRows.rows);
  return new Map(
    rs.rows.map((r) => {
      const product: StockedProduct = {
        name: str(r.name),
        image: str(r.image),
        priceCents: Number(r.price_cents),
        countInStock: Number(r.count_in_stock),
        category: str(r.category),
      };
      const options = JSON.parse(str(r.options_json ?? '[]')) as ProductOption[];
      Object.assign(product, stockedVariantsOf(options, variantsOf.get(str(r.id)) ?? []));
      return [str(r.id), product];
    }),
  );
}
