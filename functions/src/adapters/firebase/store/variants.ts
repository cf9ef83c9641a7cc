// A product's options and variants on Firestore (issue 29, domain/variants.ts): kept on the product's document
// (firestore/schema.ts ProductDoc: `options`, `variants` without stock, `variantStock` by variant id), so an order
// reads one document per product and writes a variant's stock by its field path in the same transaction (stock.ts);
// MAX_VARIANTS bounds the document. A variant's SKU is unique shop-wide through skus/{SKU}, claimed in the save's
// transaction.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  badInput,
  planVariantSave,
  VARIANT_MESSAGES,
  stockedVariantsOf,
  type EditedFrom,
  type ProductUpdateInput,
  type StockChange,
  type StockedProduct,
  type VariantSave,
} from '../../../domain/index.js';
import { storedVariantsOf, type ProductDoc, type VariantDoc } from '../../../firestore/schema.js';
import { COLLECTIONS } from './mapping.js';

/** A product document as an order decision reads it: its variants with their stock, the default named. */
export function stockedProductOf(doc: ProductDoc): StockedProduct {
  const product: StockedProduct = {
    name: doc.name,
    image: doc.image,
    priceCents: doc.priceCents,
    countInStock: doc.countInStock,
    category: doc.category,
  };
  const { options, variants } = storedVariantsOf(doc);
  return { ...product, ...stockedVariantsOf(options, variants) };
}

const skuRef = (db: Firestore, sku: string) => db.collection(COLLECTIONS.skus).doc(sku.toUpperCase());

/** The SKU documents a save reads before its writes: the plan's SKUs (to claim) and the stored ones (to release). */
export interface SkuClaims {
  plan: VariantSave;
  /** SKU -> its skus/{SKU} document's product, or null when free. */
  owners: Map<string, string | null>;
  stored: string[];
}

/**
 * Plans a save's options and variants from the stored document (domain/variants.ts planVariantSave) and reads the
 * SKU documents it touches (reads first: call before any write); `gallery`: the gallery's urls after the save
 * (domain/productMedia.ts galleryUrlsAfterSave), which a variant's image must be one of. Null when the product has no variants and the save
 * gives none. A SKU another product holds is a 400.
 */
export async function planVariantsIn(
  tx: Transaction,
  db: Firestore,
  productId: string,
  stored: ProductDoc | null,
  input: ProductUpdateInput,
  editedFrom: EditedFrom | undefined,
  newId: () => string,
  gallery: readonly string[],
): Promise<SkuClaims | null> {
  const current = stored ? storedVariantsOf(stored) : { options: [], variants: [] };
  const givesNone = (input.options ?? []).length === 0 && (input.variants ?? []).length === 0;
  if (current.variants.length === 0 && givesNone) return null;
  const plan = planVariantSave(current, input, editedFrom, newId, gallery);
  const skus = plan.variants.map((v) => v.sku);
  const refs = skus.map((sku) => skuRef(db, sku));
  const snaps = refs.length ? await tx.getAll(...refs) : [];
  const owners = new Map<string, string | null>();
  snaps.forEach((snap, i) => owners.set(skus[i]!, snap.exists ? (snap.data() as { product: string }).product : null));
  for (const [sku, owner] of owners) if (owner && owner !== productId) throw badInput(VARIANT_MESSAGES.skuTaken(sku));
  return { plan, owners, stored: current.variants.map((v) => v.sku) };
}

/**
 * The document fields of a planned save (options, variants, their stock; price and stock the default's, or the
 * given stock for a product left without variants) and the stock changes to record; claims the new SKUs and
 * releases the dropped ones in `tx`.
 */
export function writeVariantsIn(
  tx: Transaction,
  db: Firestore,
  productId: string,
  claims: SkuClaims,
  plainStock: number,
): { fields: Partial<ProductDoc>; changes: StockChange[] } {
  const { plan } = claims;
  const kept = new Set(plan.variants.map((v) => v.sku.toUpperCase()));
  for (const sku of claims.stored) if (!kept.has(sku.toUpperCase())) tx.delete(skuRef(db, sku));
  for (const v of plan.variants)
    if (claims.owners.get(v.sku) !== productId) tx.set(skuRef(db, v.sku), { product: productId, variant: v._id });
  const changes: StockChange[] = [
    ...plan.removed.map((v) => ({ product: productId, variant: v._id, before: v.countInStock, after: 0 })),
    ...plan.variants.map((v) => ({
      product: productId,
      variant: v._id,
      before: v.stockBefore ?? 0,
      after: v.countInStock,
    })),
  ];
  const first = plan.variants[0];
  const variants: VariantDoc[] = plan.variants.map((v) => ({
    id: v._id,
    sku: v.sku,
    options: v.options,
    priceCents: v.priceCents,
    compareAtCents: v.compareAtCents,
    image: v.image,
  }));
  const fields: Partial<ProductDoc> = first
    ? {
        options: plan.options,
        variants,
        variantStock: Object.fromEntries(plan.variants.map((v) => [v._id, v.countInStock])),
        priceCents: first.priceCents,
        countInStock: first.countInStock,
        lowestStock: Math.min(...plan.variants.map((v) => v.countInStock)),
      }
    : { options: [], variants: [], variantStock: {}, countInStock: plainStock, lowestStock: plainStock };
  return { fields, changes };
}
