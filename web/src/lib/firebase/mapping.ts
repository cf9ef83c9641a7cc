// The one place the web turns Firebase documents into the shop's shapes and back. Collection names, field names
// and conversions come from the domain (functions/src/firestore/schema.ts), which the server's Firestore
// adapter shares: the web never spells out the stored shape itself.
import type { Order, Product } from '@domain';
import { customerView, orderFromRecord, type OrderRecord } from '@domain/orders';
import {
  COLLECTIONS,
  MAX_CART_LINES,
  ORDER_STATUS_COLLECTION,
  PRODUCT_IMAGES_FOLDER,
  productFromDoc,
  reviewFromDoc,
  type CartDoc,
  type CartLineDoc,
  type ProductDoc,
  type ReviewDoc,
} from '@firestore/schema';
import { asSettingsAllow } from './lowestPrice';

export { COLLECTIONS, ORDER_STATUS_COLLECTION, PRODUCT_IMAGES_FOLDER, reviewFromDoc };
export type { ProductDoc, ReviewDoc };

/** The fields of a product that change while a shopper looks at it. */
export type LiveProductFields = Pick<Product, 'countInStock' | 'price' | 'rating' | 'numReviews'>;

/** A product document's live fields; null for a missing or incomplete document (the API's answer stays). */
export function liveProductFromDoc(id: string, data: Partial<ProductDoc> | undefined): LiveProductFields | null {
  if (!data || typeof data.priceCents !== 'number') return null;
  const p = productFromDoc(id, { ratingSum: 0, numReviews: 0, countInStock: 0, ...data } as ProductDoc);
  return { countInStock: p.countInStock, price: p.price, rating: p.rating, numReviews: p.numReviews };
}

export type CartLine = CartLineDoc;

/** An order document (its owner's listener: the rules let the owner and admins read it) in the API's shape: the
 *  function answers its orders with the same orderFromRecord (adapters/firebase/store/mapping.ts toOrder), which
 *  leaves the server's fields (search keys, the guest token, the capture id) out. Null for a missing or incomplete
 *  document. As the API answers a customer (customerView, issue 36): every refund's actor is "the shop". The function
 *  writes it so (refundActors.ts), but a refund made before that keeps its admin in the document until the backfill;
 *  the admin's page keeps the actors it read from the API (live/hooks.ts patchOrder). */
export function orderFromDoc(id: string, data: Partial<OrderRecord> | undefined): Order | null {
  if (!data?.user || !Array.isArray(data.orderItems) || typeof data.totalCents !== 'number') return null;
  return customerView(orderFromRecord(id, data as OrderRecord));
}

/** A cart document's lines; null when there is no stored cart (yet). */
export function cartLinesFromDoc(data: Partial<CartDoc> | undefined): CartLine[] | null {
  return Array.isArray(data?.items)
    ? data.items.map((l) => ({
        product: String(l.product),
        qty: Number(l.qty),
        ...(l.variant ? { variant: String(l.variant) } : {}),
      }))
    : null;
}

/** The document to store for the cart (product ids, quantities and variants only: the rules accept nothing else). */
export function cartDocOf(items: readonly CartLine[], updatedAt: unknown): CartDoc {
  return {
    items: items
      .slice(0, MAX_CART_LINES)
      .map((i) => ({ product: i.product, qty: i.qty, ...(i.variant ? { variant: i.variant } : {}) })),
    updatedAt,
  };
}

/** A whole product document as the API answers it; null for a missing or incomplete document. */
export function productOrNull(id: string, data: Partial<ProductDoc> | undefined): Product | null {
  if (!data || typeof data.priceCents !== 'number' || typeof data.name !== 'string') return null;
  return asSettingsAllow(productFromDoc(id, { ratingSum: 0, numReviews: 0, countInStock: 0, ...data } as ProductDoc));
}
