// THE place live events are published: the store's writes and the auth port's session revocation, wrapped like
// cache/catalogCache.ts wraps them, publish once the write has committed (the wrapped call has returned). Each event
// carries the new state (the product as the catalogue now shows it, the order, the cart), so clients patch their
// caches without asking again. A failure to publish is logged, never turned into a failed write.
import type { CartLine } from '../domain/cart.js';
import type { Order } from '../domain/index.js';
import { LIVE_EVENT } from '../domain/live.js';
import type { LiveEvents, Ports, Store } from '../ports.js';
import { topic } from './topics.js';

type Hooks<T> = Partial<Record<keyof T & string, (result: unknown, args: unknown[]) => Promise<void> | void>>;

/** `target` with `hooks[name]` run after each named method resolves. */
function after<T extends object>(target: T, hooks: Hooks<T>): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, name) {
      const value: unknown = Reflect.get(object, name, object);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      const hook = hooks[name as keyof T & string];
      if (!hook) return value.bind(object);
      if (!wrapped.has(name)) {
        const method = value as (...args: unknown[]) => Promise<unknown>;
        wrapped.set(name, async (...args: unknown[]) => {
          const result = await method.apply(object, args);
          try {
            await hook(result, args);
          } catch (e) {
            console.error(`[live] publishing after ${name} failed`, e);
          }
          return result;
        });
      }
      return wrapped.get(name);
    },
  });
}

export function withLiveEvents(ports: Ports, live: LiveEvents): Ports {
  const { store } = ports;

  const publishProduct = async (id: string) => {
    const product = await store.products.get(id);
    if (!product) return;
    const { reviews: _reviews, ...summary } = product;
    live.publish(topic.product(id), LIVE_EVENT.product, product);
    live.publish(topic.catalog, LIVE_EVENT.product, summary);
  };
  const publishOrder = (order: Order) => {
    live.publish(topic.order(order._id), LIVE_EVENT.order, order);
    live.publish(topic.admin, LIVE_EVENT.order, order);
  };

  const products = after(store.products, {
    create: (p) => publishProduct((p as { _id: string })._id),
    update: (p, [id]) => (p ? publishProduct(id as string) : undefined),
    addReview: (_r, [id]) => publishProduct(id as string),
    remove: (removed, [id]) => {
      if (!removed) return;
      live.publish(topic.product(id as string), LIVE_EVENT.productRemoved, { _id: id });
      live.publish(topic.catalog, LIVE_EVENT.productRemoved, { _id: id });
    },
  });
  const orders = after(store.orders, {
    place: async (order) => {
      publishOrder(order as Order);
      for (const item of (order as Order).orderItems) await publishProduct(item.product);
    },
    markPaid: (order) => publishOrder(order as Order),
    markDelivered: (order) => publishOrder(order as Order),
    // The shopper let the items go: they are back on sale.
    cancel: async (order) => {
      publishOrder(order as Order);
      for (const item of (order as Order).orderItems) await publishProduct(item.product);
    },
    expireStale: (expired) => {
      if (expired === 0) return;
      live.publish(topic.catalog, LIVE_EVENT.catalogStale, { expired });
      live.publish(topic.admin, LIVE_EVENT.catalogStale, { expired });
    },
  });
  const carts =
    store.carts &&
    after(store.carts, {
      put: (cart, [uid]) => live.publish(topic.cart(uid as string), LIVE_EVENT.cart, cart as { items: CartLine[] }),
    });
  const replaced: Partial<Store> = { products, orders, carts };
  const wrappedStore = new Proxy(store, {
    get: (object, name) => (name in replaced ? replaced[name as keyof Store] : Reflect.get(object, name, object)),
  });
  const auth = after(ports.auth, { revokeSessions: (_r, [uid]) => live.endSessions(uid as string) });
  return { ...ports, store: wrappedStore, auth, live };
}
