// LiveSource in the Firebase build: Firestore listeners through lib/firebase (products and carts are public or the
// owner's documents; an order page maps its order's document as the API does; the admin's lists hear only that
// orders changed and ask the API once for the new shape).
import type { Order } from '@domain';
import type { CartLine } from '@domain/cart';
import type { StoredWishlist } from '@domain/wishlist';
import type { FirebaseModule } from './client';
import type { LiveHandlers, LiveProduct, LiveSource, Unsubscribe } from '@/lib/live/types';

type Fb = Pick<
  FirebaseModule,
  | 'watchProduct'
  | 'watchProductDetail'
  | 'watchCart'
  | 'watchOrder'
  | 'watchOrderStatus'
  | 'watchNewestOrders'
  | 'watchWishlist'
>;

export class FirestoreLiveSource implements LiveSource {
  constructor(private readonly fb: Fb) {}

  /** The product page: the product document and its newest reviews (a deleted product says so once). */
  watchProduct(id: string, handlers: LiveHandlers<LiveProduct>): Unsubscribe {
    return this.fb.watchProductDetail(id, (detail) => {
      if (detail) handlers.onChange(detail);
      else handlers.onRemoved?.(id);
    });
  }

  /** One document listener per product shown (a page holds a few: bounded by the page size); no reviews. */
  watchCatalogPage(ids: readonly string[], handlers: LiveHandlers<LiveProduct>): Unsubscribe {
    const stops = [...new Set(ids)].map((id) =>
      this.fb.watchProduct(id, (fields) => handlers.onChange({ _id: id, ...fields })),
    );
    return () => stops.forEach((stop) => stop());
  }

  watchCart(uid: string, handlers: LiveHandlers<CartLine[]>): Unsubscribe {
    return this.fb.watchCart(uid, (lines, fromThisDevice) => {
      if (!fromThisDevice && lines) handlers.onChange(lines);
    });
  }

  /** Issue 41: the API writes wishlists/{uid}; each snapshot is the list as saved (this page's saves too: the
   *  hearts take the same list again). */
  watchWishlist(uid: string, handlers: LiveHandlers<StoredWishlist>): Unsubscribe {
    return this.fb.watchWishlist(uid, handlers.onChange);
  }

  /** The order page (its owner; admins too, whose page keeps the notes it read: hooks.ts patchOrder). */
  watchOrder(id: string, handlers: LiveHandlers<Order>): Unsubscribe {
    return this.fb.watchOrder(id, (order) => (order ? handlers.onChange(order) : handlers.onResync?.()));
  }

  /** A guest's order page: its public status document says when the order changed; the page asks the API (with
   *  the token) for it then, as the document holds no personal data to show. */
  watchGuestOrder(_id: string, token: string, handlers: LiveHandlers<never>): Unsubscribe {
    return this.fb.watchOrderStatus(token, () => handlers.onResync?.());
  }

  watchAdminOrders(handlers: LiveHandlers<never>): Unsubscribe {
    return this.fb.watchNewestOrders(() => handlers.onResync?.());
  }

  watchDashboard(handlers: LiveHandlers<void>): Unsubscribe {
    return this.fb.watchNewestOrders(() => handlers.onChange());
  }
}
