// Issue 40: the dashboard's low stock, per variant. A product without variants is one item (its countInStock); a
// product with variants is one item per variant (its countInStock answers only the default variant's), so a 512 GB
// variant at 0 is listed even while the default one has 50. Both stores load the candidate products (those whose
// lowest item is at or below the threshold, lowest first) and answer these rows.
import type { Product } from './types.js';
import { variantLabel } from './variants.js';

/** One item at or below the threshold: a product (variant null) or one of its variants. */
export interface LowStockRow {
  product: string;
  /** The product's readable address now (issue 40: the dashboard links it without a redirect). */
  slug: string;
  name: string;
  brand: string;
  category: string;
  /** The variant's id and label ("Black / 512 GB") and SKU; null for a product without variants. */
  variant: string | null;
  variantLabel: string | null;
  sku: string | null;
  countInStock: number;
}

/** A product's lowest stock over its items: what the stores order their candidates by. */
export function lowestStock(product: Pick<Product, 'countInStock' | 'variants'>): number {
  return product.variants?.length ? Math.min(...product.variants.map((v) => v.countInStock)) : product.countInStock;
}

/** The items of `products` at or below `threshold`, lowest first (then by name and label), at most `limit`. Given the
 *  `limit` products with the lowest items, these are the shop's `limit` lowest items. */
export function lowStockRows(
  products: readonly Pick<
    Product,
    '_id' | 'slug' | 'name' | 'brand' | 'category' | 'countInStock' | 'options' | 'variants'
  >[],
  threshold: number,
  limit: number,
): LowStockRow[] {
  const rows: LowStockRow[] = [];
  for (const p of products) {
    const item = { product: p._id, slug: p.slug, name: p.name, brand: p.brand, category: p.category };
    if (!p.variants?.length) {
      if (p.countInStock <= threshold)
        rows.push({ ...item, variant: null, variantLabel: null, sku: null, countInStock: p.countInStock });
      continue;
    }
    for (const v of p.variants)
      if (v.countInStock <= threshold)
        rows.push({
          ...item,
          variant: v._id,
          variantLabel: variantLabel(p.options ?? [], v),
          sku: v.sku,
          countInStock: v.countInStock,
        });
  }
  const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return rows
    .sort(
      (a, b) =>
        a.countInStock - b.countInStock || text(a.name, b.name) || text(a.variantLabel ?? '', b.variantLabel ?? ''),
    )
    .slice(0, limit);
}
