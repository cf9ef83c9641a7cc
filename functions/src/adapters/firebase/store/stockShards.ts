// A hot product's stock in shards on Firestore (issue 37, "Hot documents" in docs/firebase.md; the rules are
// domain/stockShards.ts): products/{id}/stockShards/{k} (k < the product's `stockShards`) each hold `{ units,
// variantUnits }`, the truth of what can be ordered; the product's countInStock and variantStock are then a display
// value, synced from the shards (syncDisplayedStock). A product without `stockShards` keeps its stock on its
// document, written by every order as before: it is split the first time an order of it had to be retried
// (contention: it is hot), by that order's commit. Orders read the shards one at a time in a random order and write
// only those they take from; the admin's save reads and rewrites them all.
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  allocateFromShards,
  giveBack,
  OWN_UNITS,
  shardUnits,
  splitStock,
  stockShardProbeOrder,
  stockTotals,
  STOCK_SHARDS,
  withUnits,
  type ShardTake,
  type StockLevel,
  type StockShard,
} from '../../../domain/index.js';
import { COLLECTIONS, lowestStockOf, MAX_ATTEMPTS, type ProductDoc } from './mapping.js';

const SHARDS = 'stockShards';

/** The displayed figures are synced at most once a second per product (Firestore: ~1 write/s per document). */
export const STOCK_SYNC_MS = 1000;

/** Whether a hot product's displayed stock is due a sync (at most once a STOCK_SYNC_MS). */
export const syncDue = (doc: Pick<ProductDoc, 'stockSyncedAt'>, now: number) =>
  now - (doc.stockSyncedAt ?? 0) >= STOCK_SYNC_MS;

/** Units an order took from one shard of one product: recorded on the order (OrderDoc.stockTakes). */
export type StockTakeDoc = ShardTake & { product: string };

export const stockShardRef = (db: Firestore, productId: string, k: number): DocumentReference =>
  db.collection(COLLECTIONS.products).doc(productId).collection(SHARDS).doc(String(k));

const shardRefs = (db: Firestore, productId: string, count: number) =>
  Array.from({ length: count }, (_, k) => stockShardRef(db, productId, k));

/** How many shards the product's stock is in; 0: none, its document holds it. */
export const shardCount = (doc: Pick<ProductDoc, 'stockShards'>): number =>
  Number.isInteger(doc.stockShards) && doc.stockShards! > 0 ? doc.stockShards! : 0;

const hasVariants = (doc: Pick<ProductDoc, 'variants'>) => (doc.variants?.length ?? 0) > 0;

/** A shard as stored (one never written holds nothing). */
export function shardOf(snap: DocumentSnapshot): StockShard {
  if (!snap.exists) return { units: 0, variantUnits: {} };
  const variantUnits = (snap.get('variantUnits') ?? {}) as Record<string, unknown>;
  return {
    units: Number(snap.get('units') ?? 0),
    variantUnits: Object.fromEntries(Object.entries(variantUnits).map(([id, n]) => [id, Number(n ?? 0)])),
  };
}

/** The document's stock as shard figures: a product's own units, or (with variants) each variant's. */
export function documentStock(doc: Pick<ProductDoc, 'variants' | 'variantStock' | 'countInStock'>): StockShard {
  if (!hasVariants(doc)) return { units: doc.countInStock, variantUnits: {} };
  return {
    units: 0,
    variantUnits: Object.fromEntries(doc.variants!.map((v) => [v.id, doc.variantStock?.[v.id] ?? 0])),
  };
}

/** The document's display fields for what the shards hold together (a variant product's countInStock is its default
 *  variant's, as everywhere). */
export function displayFields(
  doc: Pick<ProductDoc, 'variants'>,
  totals: StockShard,
): Pick<ProductDoc, 'countInStock' | 'variantStock' | 'lowestStock'> {
  if (!hasVariants(doc)) return { countInStock: totals.units, lowestStock: totals.units };
  const variantStock = Object.fromEntries(doc.variants!.map((v) => [v.id, shardUnits(totals, v.id)]));
  const countInStock = variantStock[doc.variants![0]!.id] ?? 0;
  return { countInStock, variantStock, lowestStock: lowestStockOf({ ...doc, countInStock, variantStock }) };
}

/** The stock key of a line (a variant id, OWN_UNITS for a product without variants); null when the line names
 *  no variant of the product (the order's decision refuses it). */
function lineKey(doc: ProductDoc, variant: string | undefined): string | null {
  if (!hasVariants(doc)) return variant === undefined ? OWN_UNITS : null;
  const id = variant ?? doc.variants![0]!.id;
  return doc.variants!.some((v) => v.id === id) ? id : null;
}

/** A sharded product as an order's transaction read it, and what the order takes from it. */
export interface ShardedStock {
  productId: string;
  doc: ProductDoc;
  count: number;
  /** The shards read (all of them when being split, or when the order was short). */
  read: Map<number, StockShard>;
  /** Split by this order (it was retried on contention): every shard is in `read`, none stored yet. */
  splitting: boolean;
  /** The units this order takes (empty when it asks none of it, or is refused). */
  takes: ShardTake[];
  /** Every shard was read: `read` sums to the truth. */
  exact: boolean;
}

/**
 * Reads what an order needs of a product's shards in `tx` (domain/stockShards.ts allocateFromShards: one shard at a
 * time, in a random order, until the order's units are found or every shard was read). `lines`: the order's lines
 * (undefined: every shard is read). `split`: the product has no shards yet and this order splits it (in memory).
 */
export async function readShardsForOrder(
  tx: Transaction,
  db: Firestore,
  productId: string,
  doc: ProductDoc,
  lines: readonly { product: string; qty: number; variant?: string }[] | undefined,
  split: boolean,
  random: () => number = Math.random,
): Promise<ShardedStock> {
  const count = split ? STOCK_SHARDS : shardCount(doc);
  const read = new Map<number, StockShard>();
  if (split) {
    const stock = documentStock(doc);
    splitStock(stock.units, stock.variantUnits, count).forEach((s, k) => read.set(k, s));
  } else if (!lines) {
    (await tx.getAll(...shardRefs(db, productId, count))).forEach((snap, k) => read.set(k, shardOf(snap)));
  }
  const wanted = new Map<string, number>();
  for (const line of lines ?? []) {
    if (line.product !== productId) continue;
    const key = lineKey(doc, line.variant);
    if (key !== null) wanted.set(key, (wanted.get(key) ?? 0) + line.qty);
  }
  const order = stockShardProbeOrder(count, random);
  let takes: ShardTake[] = [];
  for (;;) {
    const pick = allocateFromShards(wanted, order, read);
    if ('read' in pick) {
      read.set(pick.read, shardOf(await tx.get(stockShardRef(db, productId, pick.read))));
      continue;
    }
    if ('takes' in pick) takes = pick.takes;
    break;
  }
  return { productId, doc, count, read, splitting: split, takes, exact: read.size === count };
}

/**
 * The stock an order's decision sees of a sharded product (ProductDoc figures): the truth when every shard was
 * read; otherwise the displayed figure, raised to what the order asks of each key the shards read could give (the
 * shards decide: the domain then accepts exactly what they hold and refuses, with the true figure, what they do not).
 */
export function stockSeen(sharded: ShardedStock): Pick<ProductDoc, 'countInStock' | 'variantStock'> {
  const { doc, read, exact, takes } = sharded;
  if (exact) return displayFields(doc, stockTotals(read.values()));
  const shown = documentStock(doc);
  const taken = new Map<string, number>();
  for (const t of takes) taken.set(t.key, (taken.get(t.key) ?? 0) + t.units);
  for (const [key, units] of taken) {
    if (shardUnits(shown, key) >= units) continue;
    if (key === OWN_UNITS) shown.units = units;
    else shown.variantUnits[key] = units;
  }
  return displayFields(doc, shown);
}

/** Writes an order's takes onto the shards it read (and, when it splits the product, every shard and the
 *  document's count, display and sync time): answers whether a shard it took from ran dry. */
export function writeTakes(tx: Transaction, db: Firestore, sharded: ShardedStock, now: number): boolean {
  const { productId, read, takes, splitting, count, doc } = sharded;
  const after = new Map(read);
  let ranDry = false;
  for (const take of takes) {
    const shard = withUnits(after.get(take.shard)!, take.key, -take.units);
    after.set(take.shard, shard);
    if (shardUnits(shard, take.key) === 0) ranDry = true;
  }
  const written = splitting ? [...after.keys()] : [...new Set(takes.map((t) => t.shard))];
  for (const k of written) tx.set(stockShardRef(db, productId, k), after.get(k)!);
  if (splitting)
    tx.update(db.collection(COLLECTIONS.products).doc(productId), {
      stockShards: count,
      ...displayFields(doc, stockTotals(after.values())),
      stockSyncedAt: now,
    });
  return ranDry && !splitting;
}

/** The shards units go back to (a cancel, an expiry, a refund's or a return's restock), from the order's takes of
 *  the product (domain/stockShards.ts giveBack; none recorded: shard 0). */
export function giveBackShards(
  takes: readonly StockTakeDoc[],
  productId: string,
  count: number,
  key: string,
  units: number,
): Map<number, number> {
  const own = takes.filter((t) => t.product === productId && t.shard < count);
  return giveBack(own, key, units, 0);
}

/** Rewrites every shard of a product from its document's new stock (the admin's save: an even split), in `tx`;
 *  shards past `count` (a product split into more before) are deleted. */
export function rewriteShards(
  tx: Transaction,
  db: Firestore,
  productId: string,
  doc: Pick<ProductDoc, 'variants' | 'variantStock' | 'countInStock'>,
  count: number,
  before: number,
): void {
  const stock = documentStock(doc);
  splitStock(stock.units, stock.variantUnits, count).forEach((s, k) => tx.set(stockShardRef(db, productId, k), s));
  for (let k = count; k < before; k++) tx.delete(stockShardRef(db, productId, k));
}

/** Splits a product's stock into `count` shards now (an operator before a drop; the tests), unless it is split
 *  already: one transaction, the document and `count` shards written. */
export async function splitProductStock(db: Firestore, productId: string, count = STOCK_SHARDS): Promise<void> {
  await db.runTransaction(
    async (tx) => {
      const ref = db.collection(COLLECTIONS.products).doc(productId);
      const snap = await tx.get(ref);
      if (!snap.exists || shardCount(snap.data() as ProductDoc)) return;
      rewriteShards(tx, db, productId, snap.data() as ProductDoc, count, 0);
      tx.update(ref, { stockShards: count, stockSyncedAt: Date.now() });
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}

/** Every shard of a product, read in `tx` (the admin's save, the display's sync). */
export async function readAllShards(tx: Transaction, db: Firestore, productId: string, count: number) {
  return (await tx.getAll(...shardRefs(db, productId, count))).map(shardOf);
}

/** Deletes a removed product's shards in `tx`. */
export function deleteShards(tx: Transaction, db: Firestore, productId: string, count: number): void {
  for (const ref of shardRefs(db, productId, count)) tx.delete(ref);
}

/**
 * Sets a sharded product's displayed countInStock and variantStock to what its shards hold, in a transaction of its
 * own (every shard and the document read; 1 write); answers the levels written, for the catalogue caches (null: not
 * sharded, gone, or unchanged).
 */
export async function syncDisplayedStock(db: Firestore, productId: string): Promise<StockLevel[] | null> {
  return db.runTransaction(
    async (tx) => {
      const ref = db.collection(COLLECTIONS.products).doc(productId);
      const snap = await tx.get(ref);
      if (!snap.exists) return null;
      const doc = snap.data() as ProductDoc;
      const count = shardCount(doc);
      if (!count) return null;
      const fields = displayFields(doc, stockTotals(await readAllShards(tx, db, productId, count)));
      tx.update(ref, { ...fields, stockSyncedAt: Date.now() });
      const same =
        fields.countInStock === doc.countInStock &&
        (doc.variants ?? []).every((v) => fields.variantStock?.[v.id] === doc.variantStock?.[v.id]);
      if (same) return null;
      if (!hasVariants(doc)) return [{ product: productId, countInStock: fields.countInStock }];
      return doc.variants!.map((v) => ({
        product: productId,
        variant: v.id,
        countInStock: fields.variantStock![v.id]!,
      }));
    },
    { maxAttempts: Math.min(MAX_ATTEMPTS, 5) },
  );
}
