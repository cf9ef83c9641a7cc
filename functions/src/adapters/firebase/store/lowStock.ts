// Issue 40: the dashboard's low stock on Firestore, per variant (domain/lowStock.ts). The candidates: the products
// whose lowestStock (written with every stock write, schema.ts lowestStockOf) is at or below the threshold, lowest
// first, and, for products not written since that field was, those whose countInStock (a product's own, or its
// default variant's) is; each query at most `limit` documents.
import {
  FieldPath,
  type CollectionReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { lowStockRows, type LowStockRow, type Product } from '../../../domain/index.js';
import { LOW_STOCK_SHAPE, LOWEST_STOCK_SHAPE, type QueryShape } from '../../../firestore/queries.js';
import { COLLECTIONS, lowestStockOf, MAX_ATTEMPTS, productOf, type ProductDoc } from './mapping.js';

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

export interface LowestStockReport {
  products: number;
  written: number;
}

/**
 * The one-off backfill (npm run backfill:firebase): every product whose `lowestStock` is absent (written before it)
 * or not its items' lowest gets it, so a low non-default variant is listed without waiting for its next stock write.
 * Pages of `pageSize` products, each page one transaction (reads before writes: a stock write meanwhile retries the
 * page, never loses its own value). Safe to run again: a right value is not rewritten.
 */
export async function backfillLowestStock(db: Firestore, pageSize = 300): Promise<LowestStockReport> {
  const col = db.collection(COLLECTIONS.products);
  const report: LowestStockReport = { products: 0, written: 0 };
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const q = col.orderBy(FieldPath.documentId()).select().limit(pageSize);
    const page = await (after ? q.startAfter(after) : q).get();
    if (page.empty) return report;
    const written = await db.runTransaction(
      async (tx) => {
        const snaps = await tx.getAll(...page.docs.map((d) => d.ref));
        let n = 0;
        for (const snap of snaps) {
          if (!snap.exists) continue; // removed meanwhile
          const lowest = lowestStockOf(snap.data() as ProductDoc);
          if (snap.get('lowestStock') === lowest) continue;
          tx.update(snap.ref, { lowestStock: lowest });
          n++;
        }
        return n;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    report.products += page.size;
    report.written += written;
    if (page.size < pageSize) return report;
    // A cursor that moved nothing would read the same page forever (the community emulator ignores cursors).
    if (after && page.docs.at(-1)!.id === after.id)
      throw new Error('Lowest stock backfill: the cursor made no progress');
    after = page.docs.at(-1);
  }
}
