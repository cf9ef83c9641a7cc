// The stored shape of the Firebase backend (Cloud Firestore and Storage): collection names, the document fields
// that clients read directly (the live product, the synced cart) and their mapping to the API's shapes. The
// server's Firestore adapter writes these documents; the web reads products and carts through its own SDK, so the
// shape is defined here, once, for both. Pure: no SDK types (timestamps are `unknown`).
import {
  EDITABLE_PRODUCT_FIELDS,
  PRODUCT_FIELDS,
  productFromStored,
  storedValue,
  type EditableProductField,
  type ListProductField,
  type ProductEditValues,
  type StoredProductFields,
} from '../domain/productFields.js';
import type { Order, Product, ProductOption, Review } from '../domain/types.js';
import { withVariants, type StoredVariant } from '../domain/variants.js';

export const COLLECTIONS = {
  products: 'products',
  /** productDrafts/{id}: a created product not yet saved (issue 14), a ProductDoc kept apart from the catalogue's
   *  queries; its first save moves it to products/{id}. Server only (firestore.rules denies clients). */
  productDrafts: 'productDrafts',
  reviews: 'reviews',
  /** products/{id}/stockHistory/{entry}: every stock change with its cause and actor (adapters/firebase/store/
   *  stock.ts), written in the change's transaction. Admin read only through the API (firestore.rules). */
  stockHistory: 'stockHistory',
  /** products/{id}/priceHistory/{entry}: issue 41, every price change (who, when, from, to; per variant:
   *  adapters/firebase/store/priceHistory.ts), written in the save's transaction. Server only: no rule lets a
   *  client read it (the admin reads it through the API). */
  priceHistory: 'priceHistory',
  users: 'users',
  userEmails: 'userEmails',
  orders: 'orders',
  /** orders/{id}/orderNotes/{noteId}: an admin's internal note on the order, apart from the order document its
   *  customer may read. Server only (firestore.rules denies clients). */
  orderNotes: 'orderNotes',
  /** orders/{id}/refundActors/{refundId}: who made each refund (`by {_id, name}`, issue 36). The order document its
   *  customer may read names the shop instead (SHOP_REFUND_ACTOR); the API gives admins these back. Server only
   *  (firestore.rules denies clients). */
  refundActors: 'refundActors',
  captures: 'captures',
  /** holdLocks/{uid}: written by every order the customer places, so two concurrent places of one customer
   *  conflict and retry (the hold limits' check then sees the other order). Server only. */
  holdLocks: 'holdLocks',
  /** carts/{uid}: the signed-in shopper's cart, written by the web (firestore.rules: validCart). */
  carts: 'carts',
  /** facets/catalogue: the whole catalogue's category and brand counts (adapters/firebase/store/facetCounts.ts),
   *  kept in the transaction of every product create, edit, publish and removal. Server only. */
  facets: 'facets',
  /** settings/shop: the owner's settings (domain/settings.ts) and its count of changes; settings/shop/changes/{id}:
   *  each save with who made it and what it changed (adapters/firebase/store/settings.ts). Server only. */
  settings: 'settings',
  /** coupons/{CODE}: a discount code's terms and its redemptions (`uses`); coupons/{CODE}/customers/{uid}: one
   *  customer's (adapters/firebase/store/coupons.ts). Written in the placing transaction. Server only. */
  coupons: 'coupons',
  /** skus/{SKU upper-case}: { product, variant }: makes a variant's SKU unique shop-wide (issue 29), claimed in the
   *  product save's transaction. Server only. */
  skus: 'skus',
  /** slugs/{slug}: { product, current } (issue 40, adapters/firebase/store/slugs.ts): each product slug once, shop-wide,
   *  claimed in the product save's transaction; `current: false` for an old one (before a rename), which leads to the
   *  product. Clients may get one (the web's product page resolves its address), never list or write. */
  slugs: 'slugs',
} as const;

/** slugs/{slug}: the product the slug names, and whether it is its address now. */
export interface SlugDoc {
  product: string;
  current: boolean;
}

/** mailOutbox/{key}: the transactional mail outbox (adapters/firebase/store/mailOutbox.ts): each message written in
 *  the transaction of the change it reports, sent by the sendMail functions. Server only; apart from COLLECTIONS,
 *  which the web's first bundle carries. */
export const MAIL_OUTBOX_COLLECTION = 'mailOutbox';

/** cartReminders/{uid}_{version ms}: each abandoned-cart reminder sent (issue 41: `userId`, `version`, `sentAt`
 *  ISO), written with its message (modules/cartReminders CART_REMINDER_MODEL, the generic store); the dashboard
 *  counts them. Server only. */
export const CART_REMINDERS_COLLECTION = 'cartReminders';
/** wishlists/{uid}: a customer's wishlist (issue 41; modules/wishlist/model.ts WISHLIST_MODEL, written by the
 *  generic adapters/firebase/store/modelStore.ts), written through PUT /api/wishlist only; its owner may get it
 *  (firestore.rules), which the web follows for other devices' saves (web lib/firebase/wishlist.ts). Apart from COLLECTIONS, which the web's first bundle carries. */
export const WISHLISTS_COLLECTION = 'wishlists';

/** wishlists/{uid}: the items in the order added (`variant` only when one is named), and the write's time (ISO). */
export interface WishlistDoc {
  items: { product: string; variant?: string }[];
  updatedAt: string;
}

/** customers/{id}: the admin's customers list (issue 40), one index document per account and per guest with their
 *  order figures, kept in the transactions of what it sums (adapters/firebase/store/customers.ts). Server only. */
export const CUSTOMERS_COLLECTION = 'customers';

/** stockAlerts/{id}: back-in-stock alerts (issue 41, modules/stockAlerts STOCK_ALERT_MODEL), one per product,
 *  variant and email key (the id is keyId of the three), with its status (pending, waiting, notified) and its place in
 *  the queue (createdAt). Server only; apart from COLLECTIONS, as the outbox. */
export const STOCK_ALERTS_COLLECTION = 'stockAlerts';

/** stockAlertLevels/{id}: the last stock level the alerts heard of per watched product or variant (a rise is a
 *  restock). Server only. */
export const STOCK_ALERT_LEVELS_COLLECTION = 'stockAlertLevels';

/** lowStockMarks/{keyId(product|variant)}: issue 40, an item at or below the low-stock threshold whose owner's mail
 *  went out (deleted once it is back above). Server only. */
export const LOW_STOCK_MARKS_COLLECTION = 'lowStockMarks';

/** orderStatus/{id}: what a guest's order page follows live (issue 37). A guest has no account, so the rules cannot let
 *  it read orders/{id}; this document is readable by anyone who knows its id, the SHA-256 (hex) of the order's guest
 *  token, which only the token's holder can compute (as only they can read the order through the API). It says
 *  what changed and when, never who: the page then asks the API, with its token, for the whole order. Written by
 *  the store in each change's transaction (adapters/firebase/store/orderStatus.ts), deleted when an account takes
 *  the order; firestore.rules: get only, no list. */
export const ORDER_STATUS_COLLECTION = 'orderStatus';

export interface OrderStatusDoc {
  order: string;
  status: Order['status'];
  paymentStatus: Order['paymentStatus'];
  paidAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  refundedTotal: number;
  /** A digest of the whole order as the API answers it: any change moves it (a refund, a return's answer), so the
   *  page hears every change, not only those of the fields above. */
  revision: string;
}

export function orderStatusDoc(order: Order, revision: string): OrderStatusDoc {
  return {
    order: order._id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paidAt: order.paidAt,
    deliveredAt: order.deliveredAt,
    cancelledAt: order.cancelledAt,
    refundedTotal: order.refundedTotal,
    revision,
  };
}
/** orderStats/{YYYY-MM}-{shard}: the admin dashboard's counters, orders and revenue per day of the month's orders
 *  (adapters/firebase/store/orderStats.ts), kept in each order change's transaction, a few shards per month so that
 *  busy checkouts do not queue on one document. Server only; apart from COLLECTIONS, as the outbox. */
export const ORDER_STATS_COLLECTION = 'orderStats';

/** Cloud Storage folder of uploaded product images (storage.rules: products/{fileName}). */
export const PRODUCT_IMAGES_FOLDER = 'products';

/** products/{id}: the product's fields under their document names (domain/productFields.ts: money in integer cents), the
 *  rating also kept as a sum so that a review updates it in one write, and the name's search keys. */
export interface ProductDoc extends StoredProductFields<'docField'> {
  nameKey: string;
  /** Issue 29 (firestore/searchIndex.ts): the pieces a keyword's words are looked up by. Absent on products written
   *  before it until the backfill (adapters/firebase/store/backfill.ts), which also drops their old `nameGrams`. */
  searchKeys: string[];
  ratingSum: number;
  /** Issue 29 (domain/variants.ts): the options, the variants without their stock, and each variant's stock by id
   *  (a map, so an order updates one variant's stock by its field path). Absent: a product without variants. For a
   *  product with variants, priceCents and countInStock are its default (first) variant's. */
  options?: ProductOption[];
  variants?: VariantDoc[];
  variantStock?: Record<string, number>;
  /** Issue 37 (adapters/firebase/store/stockShards.ts): the product is hot and its stock is in this many
   *  products/{id}/stockShards/{k} documents; countInStock and variantStock are then a display synced from them.
   *  Absent: the document's stock is the truth (every product until an order of it is retried on contention). */
  stockShards?: number;
  /** When the displayed stock was last synced from the shards (ms since the epoch). */
  stockSyncedAt?: number;
  /** Issue 40: the lowest stock of its items (its own without variants, its lowest variant's with; `lowestStockOf`),
   *  written with every stock write, for the dashboard's low stock per variant (store/lowStock.ts). Absent on
   *  products whose stock was not written since: those are found by countInStock, their default variant's. */
  lowestStock?: number;
}

/** A document's lowest item stock (ProductDoc.lowestStock). */
export function lowestStockOf(doc: Pick<ProductDoc, 'variants' | 'variantStock' | 'countInStock'>): number {
  if (!doc.variants?.length) return doc.countInStock;
  return Math.min(...doc.variants.map((v) => doc.variantStock?.[v.id] ?? 0));
}

/** One variant in its product's document (its stock is in the document's variantStock). */
export interface VariantDoc {
  id: string;
  sku: string;
  options: Record<string, string>;
  priceCents: number;
  compareAtCents: number | null;
  image: string | null;
  /** Issue 41: the 30-day low kept at the price's last change (domain/priceHistory.ts); absent or null: none. */
  lowestCents?: number | null;
}

/** A product document's variants with their stock (none for a product without variants). */
export function storedVariantsOf(d: Pick<ProductDoc, 'options' | 'variants' | 'variantStock'>): {
  options: ProductOption[];
  variants: StoredVariant[];
} {
  const options = d.options ?? [];
  const variants = (d.variants ?? []).map((v) => ({
    _id: v.id,
    sku: v.sku,
    options: v.options,
    priceCents: v.priceCents,
    compareAtCents: v.compareAtCents ?? null,
    countInStock: d.variantStock?.[v.id] ?? 0,
    image: v.image ?? null,
    lowestCents: v.lowestCents ?? null,
  }));
  return { options, variants };
}

/** productDrafts/{id}: a ProductDoc and the admin who created it (server only: the rules deny every client). The
 *  creator's uid never reaches the public products/{id}: publishing drops it. */
export interface DraftDoc extends ProductDoc {
  user: string;
}

/** products/{id}/reviews/{uid} as the function writes it (document id = the author's uid). */
export interface ReviewDoc {
  user: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** Issue 29: absent on reviews written before it until the backfill (`npm run backfill:firebase`): not verified. */
  verified?: boolean;
}

/** A review document as the API answers it. */
export function reviewFromDoc(id: string, d: Partial<ReviewDoc>): Review {
  return {
    _id: id,
    user: String(d.user ?? id),
    name: String(d.name ?? ''),
    rating: Number(d.rating ?? 0),
    comment: String(d.comment ?? ''),
    createdAt: String(d.createdAt ?? ''),
    verified: d.verified === true,
  };
}

/** The average rating as the API answers it: 2 decimals, 0 without reviews. */
export function ratingOf(ratingSum: number, numReviews: number): number {
  return Math.round((numReviews ? ratingSum / numReviews : 0) * 100) / 100;
}

/** A product document as the API answers it (domain/productFields.ts: dollars; the rating from its sum). */
export function productFromDoc(id: string, d: ProductDoc): Product {
  const product = productFromStored(id, (name) => d[PRODUCT_FIELDS[name].docField]);
  const { options, variants } = storedVariantsOf(d);
  return withVariants({ ...product, rating: ratingOf(d.ratingSum, d.numReviews) }, options, variants);
}

/** The document fields of a product's editable values (domain/productFields.ts; stock included). A list not sent
 *  (undefined) is left out: the update keeps the stored one. */
export function editedDocFields(input: ProductEditValues) {
  return Object.fromEntries(
    EDITABLE_PRODUCT_FIELDS.filter((name) => input[name] !== undefined).map((name) => [
      PRODUCT_FIELDS[name].docField,
      storedValue(name, input[name]!),
    ]),
  ) as Partial<Pick<ProductDoc, (typeof PRODUCT_FIELDS)[EditableProductField]['docField']>> &
    Pick<ProductDoc, (typeof PRODUCT_FIELDS)[Exclude<EditableProductField, ListProductField>]['docField']>;
}

/** One line of a stored cart: only the product id and quantity (names and prices come from the API). */
export interface CartLineDoc {
  product: string;
  qty: number;
  /** The line's variant (issue 29); absent for a product without variants. */
  variant?: string;
}

/** carts/{uid}; `updatedAt` is the server's timestamp of the write. */
export interface CartDoc {
  items: CartLineDoc[];
  /** The writing page's random id (web lib/firebase/cart.ts): tells a page its own echoes from other devices' changes. */
  writer?: string;
  updatedAt: unknown;
  /** Issue 41, written by the reminder sweep until issue 39 moved it to the generic store (which reads whether a
   *  version was reminded from cartReminders/{id}, written in the same transaction): no longer written or read; an
   *  older document may carry them until the web's next write replaces it. */
  remindedVersion?: string;
  remindedAt?: string;
}

/** The most lines a stored cart holds (firestore.rules: validCart): the shop's cart limit. */
export { MAX_CART_LINES } from '../domain/limits.js';
