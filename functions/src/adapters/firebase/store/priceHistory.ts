// Issue 41, price history on Firestore (domain/priceHistory.ts): every price change of a product (without variants)
// or of a variant is a products/{id}/priceHistory/{auto id} document, written in the save's transaction, and each
// variant keeps its 30-day low beside its price in the product document (VariantDoc.lowestCents), so a product read
// stays one document. Clients never read the history (firestore.rules has no rule for it): the admin reads it
// through the API.
import { type Firestore, type Transaction } from 'firebase-admin/firestore';
import { LOWEST_PRICE_DAYS, priceSave, type PriceHistoryEntry, type PriceHistoryPage } from '../../../domain/index.js';
import { COLLECTIONS, type ProductDoc } from './mapping.js';
import { readHistoryPage } from './paging.js';

/** products/{id}/priceHistory/{auto id}: one PriceHistoryEntry as the API answers it. */
export type PriceHistoryDoc = PriceHistoryEntry;

const DAY_MS = 24 * 60 * 60 * 1000;

const historyOf = (db: Firestore, productId: string) =>
  db.collection(COLLECTIONS.products).doc(productId).collection(COLLECTIONS.priceHistory);

type PricedDoc = Pick<ProductDoc, 'priceCents' | 'variants'>;

/** A document's prices: each variant's by its id, or without variants the product's by the product id. */
function docPrices(doc: PricedDoc | null, productId: string): Map<string, number> {
  if (!doc) return new Map();
  if (doc.variants?.length) return new Map(doc.variants.map((v) => [v.id, v.priceCents]));
  return new Map([[productId, doc.priceCents]]);
}

/** The product's price entries of the LOWEST_PRICE_DAYS before `at`: a read, so before the transaction's writes. */
export async function recentPrices(
  tx: Transaction,
  db: Firestore,
  productId: string,
  at: string,
): Promise<PriceHistoryEntry[]> {
  const since = new Date(Date.parse(at) - LOWEST_PRICE_DAYS * DAY_MS).toISOString();
  const snap = await tx.get(historyOf(db, productId).where('at', '>', since));
  return snap.docs.map((d) => d.data() as PriceHistoryDoc);
}

/**
 * Records in `tx` each price of `after` (the document as the save writes it) that differs from `stored` (as read;
 * null for a new product or a draft's first save), and answers the document's variants with their 30-day lows:
 * a changed price's computed at this change, an unchanged one's kept. `recent`: recentPrices, read before.
 */
export function recordPriceChanges(
  tx: Transaction,
  db: Firestore,
  productId: string,
  stored: PricedDoc | null,
  after: PricedDoc,
  recent: readonly PriceHistoryEntry[],
  by: string,
  at: string,
): Pick<ProductDoc, 'variants'> | Record<string, never> {
  const prices = [...docPrices(after, productId)].map(([key, priceCents]) =>
    key === productId ? { priceCents } : { variant: key, priceCents },
  );
  const save = priceSave(productId, docPrices(stored, productId), prices, recent, by, at);
  for (const entry of save.entries) tx.create(historyOf(db, productId).doc(), entry satisfies PriceHistoryDoc);
  if (!after.variants?.length) return {};
  const kept = new Map((stored?.variants ?? []).map((v) => [v.id, v.lowestCents ?? null]));
  return {
    variants: after.variants.map((v) => ({
      ...v,
      lowestCents: save.lowest.has(v.id) ? save.lowest.get(v.id)! : (kept.get(v.id) ?? null),
    })),
  };
}

/** A product's price history, newest first (ties by document id), `limit` entries after the cursor `before`. */
export async function priceHistoryPage(
  db: Firestore,
  productId: string,
  before: string | undefined,
  limit: number,
): Promise<PriceHistoryPage> {
  return readHistoryPage(
    historyOf(db, productId),
    before,
    limit,
    ({ at, by, variant, fromCents, toCents }: PriceHistoryDoc) => ({
      at,
      by,
      ...(variant === undefined ? {} : { variant }),
      fromCents,
      toCents,
    }),
  );
}
