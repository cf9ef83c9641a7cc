// THE place live events are published: the domain events of each committed write (domain/events.ts, heard on the
// ports' bus) become the frames of the topics that may hear them (live/topics.ts). Each carries the new state (the
// product or just its new stock, the order, the cart), so clients patch their caches without asking again.
import type { DomainEvent } from '../domain/events.js';
import { customerView, type Order, type Product, type ProductDetail } from '../domain/index.js';
import { LIVE_EVENT, type LiveVariantStock } from '../domain/live.js';
import type { EventSource, LiveEvents } from '../ports.js';
import { topic } from './topics.js';

/** Publishes on `live` what each commit's events say changed; answers the way to stop. */
export function publishLiveUpdates(source: EventSource, live: LiveEvents): () => void {
  /** A product's new state, whole or only what changed (the web merges it: `LiveProduct`); the catalogue's cards
   *  never carry reviews. */
  const publishProduct = (
    product: (Partial<ProductDetail> & Pick<Product, '_id'> & LiveVariantStock) | Product | ProductDetail,
  ) => {
    const { reviews: _reviews, ...card } = product as Partial<ProductDetail> & Pick<Product, '_id'>;
    live.publish(topic.product(product._id), LIVE_EVENT.product, product);
    live.publish(topic.catalog, LIVE_EVENT.product, card);
  };
  const publishOrder = (order: Order) => {
    // The order's topic is its customer's (and an admin's on the order page): refunds by "the shop" there; the
    // admin topic keeps who refunded.
    live.publish(topic.order(order._id), LIVE_EVENT.order, customerView(order));
    live.publish(topic.admin, LIVE_EVENT.order, order);
  };

  return source.subscribe((events: readonly DomainEvent[]) => {
    // An expiry sweep is announced once (its orders and products are not named: many may go at once).
    const expired = events.filter((e) => e.type === 'OrderExpired').length;
    if (expired > 0) {
      live.publish(topic.catalog, LIVE_EVENT.catalogStale, { expired });
      live.publish(topic.admin, LIVE_EVENT.catalogStale, { expired });
      return;
    }
    for (const event of events) {
      switch (event.type) {
        case 'OrderPlaced':
        case 'OrderPaid':
        case 'OrderCancelled':
        case 'OrderShipped':
        case 'OrderDelivered':
        case 'OrderRefunded':
        case 'OrderUpdated':
        case 'OrderUndelivered':
          publishOrder(event.order);
          break;
        case 'StockChanged':
          // An order took stock or a cancel gave it back: the stock is what changed.
          // A variant's stock (issue 29) comes as `variantStock`: the web sets it on that variant (and on the
          // product when it is the default, the first).
          for (const { product, variant, countInStock } of event.stock)
            publishProduct(
              variant ? { _id: product, variantStock: { [variant]: countInStock } } : { _id: product, countInStock },
            );
          break;
        case 'ProductSaved':
          if (event.change === 'removed') {
            live.publish(topic.product(event.productId), LIVE_EVENT.productRemoved, { _id: event.productId });
            live.publish(topic.catalog, LIVE_EVENT.productRemoved, { _id: event.productId });
          } else if (event.product) publishProduct(event.product);
          break;
        case 'ReviewAdded':
          if (event.product) publishProduct(event.product);
          break;
        case 'CartSaved':
          live.publish(topic.cart(event.userId), LIVE_EVENT.cart, event.cart);
          break;
        case 'WishlistSaved':
          live.publish(topic.wishlist(event.userId), LIVE_EVENT.wishlist, event.wishlist);
          break;
        case 'SessionsRevoked':
          live.endSessions(event.userId);
          break;
        case 'OrderExpired':
          break; // announced above
        case 'ReviewsReverified':
          break; // a review's mark: an open product page shows it from its next load
        case 'SettingsSaved':
          // What GET /api/settings/public answers from now on: open carts and checkouts price with it (issue 38).
          live.publish(topic.settings, LIVE_EVENT.settings, event.settings);
          break;
        case 'TaxonomyChanged':
          break; // the lists are read when a page asks (GET /api/categories, /api/brands)
        default:
          event satisfies never;
      }
    }
  });
}
