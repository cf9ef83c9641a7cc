// The web's ONE live-data interface. Two implementations: Server-Sent Events from the embedded server (sse.ts) and
// Firestore listeners in the Firebase build (firestore.ts); index.ts picks one, hooks.ts feeds TanStack Query.
import type { LiveVariantStock } from '@domain/live';
import type { Order, Product, ProductDetail } from '@domain';
import type { CartLine } from '@domain/cart';
import type { StoredWishlist } from '@domain/wishlist';
import type { ShopSettings } from '@domain/settings';

export type Unsubscribe = () => void;

/** Follows the page's live source once it is ready (lib/live `watch`): `start` begins watching and answers how to
 *  stop; the answer stops it, also before it started. */
export type WatchLive = (start: (live: LiveSource) => () => void) => () => void;

/** What a product event carries: the fields that changed or all of them (never less than the id); `variantStock`:
 *  some of its variants' new stock (issue 29, domain/live.ts). */
export type LiveProduct = Partial<ProductDetail> & Pick<Product, '_id'> & LiveVariantStock;

export interface LiveHandlers<T> {
  /** The new state of the thing watched. */
  onChange(value: T): void;
  /** Something may have been missed (a stream resumed too late, the server restarted): reload what is shown. */
  onResync?(): void;
  /** The product was deleted (product and catalogue watchers). */
  onRemoved?(id: string): void;
}

export interface LiveSource {
  /** One product: stock, price, rating, reviews. */
  watchProduct(id: string, handlers: LiveHandlers<LiveProduct>): Unsubscribe;
  /** The products shown on a catalogue page (cards, the admin product list): each change of any of them. */
  watchCatalogPage(ids: readonly string[], handlers: LiveHandlers<LiveProduct>): Unsubscribe;
  /** The signed-in shopper's own cart (`uid` is theirs), as another tab or device saved it. */
  watchCart(uid: string, handlers: LiveHandlers<CartLine[]>): Unsubscribe;
  /** The signed-in customer's own wishlist (`uid` is theirs) as another tab or device saved it (issue 41). */
  watchWishlist(uid: string, handlers: LiveHandlers<StoredWishlist>): Unsubscribe;
  /** One order the caller may read (its owner or an admin). */
  watchOrder(id: string, handlers: LiveHandlers<Order>): Unsubscribe;
  /** A guest's order, by its signed token (no account): `onResync` after each change. Absent where nothing tells a
   *  guest of changes: the embedded server's streams need an account (docs/live.md). */
  watchGuestOrder?(id: string, token: string, handlers: LiveHandlers<never>): Unsubscribe;
  /** Admin: every order placed or changed. */
  watchAdminOrders(handlers: LiveHandlers<Order>): Unsubscribe;
  /** Admin: something the dashboard's figures count has changed (they are recomputed by the server). */
  watchDashboard(handlers: LiveHandlers<void>): Unsubscribe;
  /** The shop's public settings as the owner saved them (what carts and checkouts price with, issue 38). Absent
   *  where nothing tells of a save (the Firebase build): pages then revalidate them on focus and when opened. */
  watchSettings?(handlers: LiveHandlers<ShopSettings>): Unsubscribe;
}
