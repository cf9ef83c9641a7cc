// Issue 40: the dashboard's low stock on Firestore, per variant (domain/lowStock.ts). The candidates: the products
// whose lowestStock (written with every stock write, schema.ts lowestStockOf) is at or below the threshold, lowest
// first, and, for products not written since that field was, those whose countInStock (a product's own, or its
// default variant's) is; each query at most `limit` documents.
import type { CollectionReference, Query } from 'firebase-admin/firestore';
import { lowStockRows, type LowStockRow, type Product } from '../../../domain/index.js';
import { LOW_STOCK_SHAPE, LOWEST_STOCK_SHAPE, type QueryShape } from '../../../firestore/queries.js';
import { productOf } from './mapping.js';

export async function lowStockIn(col: CollectionReference, threshold: number, limit: number): Promise<LowStockRow[]> {
  const run = (shape: QueryShape) => {
    let q: Query = col.where(shape.filters[0]!.field, '<=', threshold);
    for (const o of shape.orderBy) q = q.orderBy(o.field, o.direction);
    return q.limit(limit).get();
  };
  const [lowest, own] = await Promise.all([run(LOWEST_STOCK_SHAPE), run(LOW_STOCK_SHAPE)]);
  const products = new Map<string, Product>();
  for (const doc of [...lowest.docs, ...own.docs]) if (!products.has(doc.id)) products.set(doc.id, productOf(doc));
  return lowStockRows([...products.values()], threshold, limit);
}

/** A plain product's edit writes its lowestStock with its stock (a save with variants writes theirs after it). */
export const withLowest = <V extends { countInStock: number }>(version: V) => ({
  ...version,
  lowestStock: version.countInStock,
});
