// Stock history (issue 28): every change of a product's stock is recorded, in the transaction of the change, with
// its cause and who made it, so a wrong count can be explained. Each store has ONE stock-writing path that takes
// the changes a decision answered and a StockContext (embedded: adapters/embedded/stock.ts applyStockChanges;
// Firestore: adapters/firebase/store/stock.ts); a new cause (refund restock, return) only passes its cause.
// The history of a product sums to its stock: every write since the history began has an entry, and the stock a
// product already had then is its first entry (cause 'seed').
import { levelKey, type StockLevel } from './orderDecisions.js';

/**
 * Why stock moved: `order` (units held by a placed order), `cancel` (an unpaid order cancelled: units back),
 * `expiry` (an unpaid order's hold ended: units back), `refund` (restocked by a refund), `return` (a returned line
 * restocked), `admin-edit` (the admin's product save, or its creation), `seed` (the stock a product had when the
 * history began).
 */
export const STOCK_CAUSES = ['order', 'cancel', 'expiry', 'refund', 'return', 'admin-edit', 'seed'] as const;
export type StockCause = (typeof STOCK_CAUSES)[number];

/** Who changed the stock when no person did (an expiry). */
export const SYSTEM_ACTOR = 'system';

/** One product's (or one of its variants': `variant`) stock before and after a write. */
export interface StockChange {
  product: string;
  variant?: string;
  before: number;
  after: number;
}

/** What a stock write records beside its changes: why, by whom (a user id or SYSTEM_ACTOR), when, for which order. */
export interface StockContext {
  cause: StockCause;
  by: string;
  at: string;
  orderId?: string;
}

/** One entry of GET /api/products/:id/stock-history. */
export interface StockHistoryEntry {
  at: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  /** The stock after the change. */
  after: number;
  cause: StockCause;
  orderId?: string;
  by?: string;
  /** The variant whose stock moved (issue 29); absent for a product without variants. */
  variant?: string;
}

/** A page of a product's history, newest first; `before` of the next (older) page, null on the last. */
export interface StockHistoryPage {
  entries: StockHistoryEntry[];
  nextBefore: string | null;
}

/** The entries a product shows per page. */
export const STOCK_HISTORY_PAGE_SIZE = 20;

/** The changes a decision's stock levels make, from the stock it loaded (`before`, keyed by levelKey: the variant,
 *  or the product without variants); unknown ones are skipped. */
export function stockChanges(levels: readonly StockLevel[], before: ReadonlyMap<string, number>): StockChange[] {
  const changes: StockChange[] = [];
  for (const level of levels) {
    const was = before.get(levelKey(level));
    if (was !== undefined)
      changes.push({
        product: level.product,
        ...(level.variant ? { variant: level.variant } : {}),
        before: was,
        after: level.countInStock,
      });
  }
  return changes;
}

/** The history entries of a write: one per product whose stock moved (a save that keeps the stock records none). */
export function stockHistoryEntries(
  changes: readonly StockChange[],
  context: StockContext,
): { product: string; entry: StockHistoryEntry }[] {
  return changes
    .filter((change) => change.after !== change.before)
    .map(({ product, variant, before, after }) => ({
      product,
      entry: {
        at: context.at,
        delta: after - before,
        after,
        cause: context.cause,
        ...(context.orderId === undefined ? {} : { orderId: context.orderId }),
        by: context.by,
        ...(variant ? { variant } : {}),
      },
    }));
}

/** The stock a history explains: the sum of its deltas. */
export function stockFromHistory(entries: readonly Pick<StockHistoryEntry, 'delta'>[]): number {
  return entries.reduce((sum, entry) => sum + entry.delta, 0);
}
