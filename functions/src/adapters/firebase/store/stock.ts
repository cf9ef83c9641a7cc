// The one stock-writing path of the Firestore store: every change of a product's countInStock (orders, cancels,
// expiries, the admin's edits, and what refunds and returns restock) goes through here with its cause and actor,
// and writes its history entry (products/{id}/stockHistory/{entry}) in the same transaction
// (domain/stockHistory.ts). Clients never read or write the history (firestore.rules: admin read only, through
// the API).
import { type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  stockHistoryEntries,
  type StockChange,
  type StockContext,
  type StockHistoryEntry,
  type StockHistoryPage,
} from '../../../domain/index.js';
import { COLLECTIONS, lowestStockOf, type ProductDoc } from './mapping.js';
import { readHistoryPage } from './paging.js';

/** products/{id}/stockHistory/{auto id}: one StockHistoryEntry as the API answers it. */
export type StockHistoryDoc = StockHistoryEntry;

const historyOf = (db: Firestore, productId: string) =>
  db.collection(COLLECTIONS.products).doc(productId).collection(COLLECTIONS.stockHistory);

/** Records the changes' history entries in `tx`: for a write that sets countInStock itself (the admin's save). */
export function recordStockHistory(
  tx: Transaction,
  db: Firestore,
  changes: readonly StockChange[],
  context: StockContext,
): void {
  for (const { product, entry } of stockHistoryEntries(changes, context))
    tx.create(historyOf(db, product).doc(), entry satisfies StockHistoryDoc);
}

/** What a stock write needs of a product document it read (issue 29): its variants and their stock. */
export type StockedDoc = Pick<ProductDoc, 'variants' | 'variantStock'>;

/**
 * Writes the changes' stock and their history entries in `tx`, after its reads: a product's countInStock, or for
 * variants (issue 29) its product's whole variantStock map (from `docs`, the product documents as read in the
 * transaction, with the changes applied) and, when the default (first) variant moved, its countInStock: one update
 * per product. The products in `sharded` (issue 37, store/stockShards.ts) get their history only: their stock is
 * in their shards, written by the caller, and their document's figure is a synced display.
 */
export function applyStockChanges(
  tx: Transaction,
  db: Firestore,
  changes: readonly StockChange[],
  context: StockContext,
  docs: ReadonlyMap<string, StockedDoc> = new Map(),
  sharded: ReadonlySet<string> = new Set(),
): void {
  const updates = new Map<
    string,
    { countInStock?: number; variantStock?: Record<string, number>; lowestStock?: number }
  >();
  for (const { product, variant, before, after } of changes) {
    if (after === before) continue;
    const fields = updates.get(product) ?? {};
    if (variant) {
      const doc = docs.get(product);
      // The whole map, written once: one field path per variant in one update is not applied reliably everywhere.
      fields.variantStock = { ...(fields.variantStock ?? doc?.variantStock ?? {}), [variant]: after };
      if (doc?.variants?.[0]?.id === variant) fields.countInStock = after;
    } else fields.countInStock = after;
    // Issue 40: the dashboard's low stock per variant reads it (schema.ts lowestStockOf).
    const doc = docs.get(product);
    fields.lowestStock = doc?.variants?.length
      ? lowestStockOf({
          variants: doc.variants,
          variantStock: fields.variantStock ?? doc.variantStock,
          countInStock: 0,
        })
      : (fields.countInStock ?? after);
    updates.set(product, fields);
  }
  for (const [product, fields] of updates)
    if (!sharded.has(product)) tx.update(db.collection(COLLECTIONS.products).doc(product), fields);
  recordStockHistory(tx, db, changes, context);
}

/** A product's history, newest first (ties by document id), `limit` entries after the cursor `before`. */
export async function stockHistoryPage(
  db: Firestore,
  productId: string,
  before: string | undefined,
  limit: number,
): Promise<StockHistoryPage> {
  return readHistoryPage(
    historyOf(db, productId),
    before,
    limit,
    ({ at, delta, after, cause, orderId, by, variant }: StockHistoryDoc) => ({
      at,
      delta,
      after,
      cause,
      ...(orderId === undefined ? {} : { orderId }),
      ...(by === undefined ? {} : { by }),
      ...(variant === undefined ? {} : { variant }),
    }),
  );
}
