// What a committed write changed, as typed events. A store builds them from what it loaded and what the decision
// answered (no read after the write), and publishes them once its transaction has committed (ports.ts
// EventPublisher); the catalogue cache and the live hub subscribe (events/bus.ts). Each event carries the new state
// of what it names, so no subscriber asks the store again.
import type { StoredCart } from './cart.js';
import type { StockLevel } from './orderDecisions.js';
import type { ShopSettings } from './settings.js';
import type { TaxonomyKind } from './taxonomy.js';
import type { StoredWishlist } from './wishlist.js';
import type { Order, Product, ProductDetail, Review } from './types.js';

/** The order as it is after the write (its owner's and the admins' views show it as is). */
export type OrderEvent = {
  type:
    | 'OrderPlaced'
    | 'OrderPaid'
    | 'OrderCancelled'
    | 'OrderExpired'
    /** Handed to the carrier (PUT /api/orders/:id/ship). */
    | 'OrderShipped'
    | 'OrderDelivered'
    | 'OrderUndelivered'
    /** A refund completed (its restock, if any, comes as StockChanged beside it); a cancelling one too. */
    | 'OrderRefunded'
    /** The refunds, the cancellation request or a return changed without money moving yet (reserved, failed, asked,
     *  approved, received, declined). */
    | 'OrderUpdated';
  order: Order;
};

export type DomainEvent =
  | OrderEvent
  /** These products' stock is now exactly this (an order took it, a cancel or an expiry gave it back). */
  | { type: 'StockChanged'; stock: readonly StockLevel[] }
  /** A product was created, saved, published (a draft's first save) or removed (a draft's removal too). `product` is
   *  the product as the store answered it (with its reviews where the store read them); null when removed, or when
   *  reading it after the write failed (the write happened all the same). */
  | {
      type: 'ProductSaved';
      change: 'created' | 'updated' | 'published' | 'removed';
      productId: string;
      product: Product | ProductDetail | null;
    }
  /** A review was added; `product` has the new rating and review count (and its reviews where the store read them). */
  | { type: 'ReviewAdded'; productId: string; review: Review; product: Product | ProductDetail | null }
  /** Issue 36: a completed refund took the "verified purchase" mark from (or gave it back to) reviews of these
   *  products (domain/reviewDecisions.ts reverifiedReviews): what the product pages show of their reviews changed. */
  | { type: 'ReviewsReverified'; productIds: string[] }
  /** A signed-in shopper's cart as stored (embedded: the server keeps carts). */
  | { type: 'CartSaved'; userId: string; cart: StoredCart }
  /** A customer's wishlist as stored (issue 41, both stores): their other devices hear it live. */
  | { type: 'WishlistSaved'; userId: string; wishlist: StoredWishlist }
  /** Every session of the account was ended (sign out everywhere, a credential change, a demotion, a deletion). */
  | { type: 'SessionsRevoked'; userId: string }
  /** The owner saved the shop's settings (tax, shipping, limits, hold minutes): these are now in force. */
  | { type: 'SettingsSaved'; settings: ShopSettings }
  /** A category or brand list changed (created, renamed, merged, removed); a rename or merge also relabelled its
   *  products (`relabelled`: how many), so catalogue answers naming the old name are stale. */
  | {
      type: 'TaxonomyChanged';
      kind: TaxonomyKind;
      change: 'created' | 'renamed' | 'merged' | 'removed';
      relabelled: number;
    };

export type DomainEventType = DomainEvent['type'];

/** What a write did to a category or brand list. */
export type TaxonomyChange = Extract<DomainEvent, { type: 'TaxonomyChanged' }>['change'];

/** The event of a write to a kind's list (both stores' TaxonomyStore), `relabelled` products with it. */
export const taxonomyChanged = (kind: TaxonomyKind, change: TaxonomyChange, relabelled: number): DomainEvent => ({
  type: 'TaxonomyChanged',
  kind,
  change,
  relabelled,
});
