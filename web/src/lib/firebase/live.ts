// LiveSource in the Firebase build: Firestore listeners through lib/firebase (products and carts are public or the
// owner's documents; orders tell when they changed and the API is asked once for the new shape).
import type { CartLine } from '@domain/cart';
import type { FirebaseModule } from './client';
import type { LiveHandlers, LiveProduct, LiveSource, Unsubscribe } from '@/lib/live/types';

type Fb = Pick<
  FirebaseModule,
  'watchProduct' | 'watchProductDetail' | 'watchCart' | 'watchOrderChanges' | 'watchNewestOrders'
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

  watchOrder(id: string, handlers: LiveHandlers<never>): Unsubscribe {
    return this.fb.watchOrderChanges(id, () => handlers.onResync?.());
  }

  watchAdminOrders(handlers: LiveHandlers<never>): Unsubscribe {
    return this.fb.watchNewestOrders(() => handlers.onResync?.());
  }

  watchDashboard(handlers: LiveHandlers<void>): Unsubscribe {
    return this.fb.watchNewestOrders(() => handlers.onChange());
  }
}
