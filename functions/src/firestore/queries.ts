// Every Firestore query the shop makes, as data: the function's store (adapters/firebase/store) builds its queries
// from these shapes and the web's direct reads (web/src/lib/firebase) from the catalogue plan, so the composite
// indexes firestore.indexes.json must hold can be derived from the same code (indexes.ts) and checked
// both ways: by functions/test/deploy/firestoreIndexes.test.ts and by `npm run firebase:doctor`.
// Pure: no SDK.
import { CATALOG_SORT_VALUES, type CatalogFilters, type CatalogSort } from '../domain/catalogQuery.js';
import { planCatalogQuery, sortOrder, WEB_SEARCH_WINDOW, type CatalogPlan } from './catalog.js';
import {
  CART_REMINDERS_COLLECTION,
  COLLECTIONS,
  CUSTOMERS_COLLECTION,
  MAIL_OUTBOX_COLLECTION,
  ORDER_STATS_COLLECTION,
  STOCK_ALERTS_COLLECTION,
  STOCK_ALERT_LEVELS_COLLECTION,
} from './schema.js';
import type { CustomerListQuery } from '../domain/customers.js';
import type { OrderListQuery, UserListQuery } from '../domain/listQuery.js';

export type FilterOp = '==' | 'in' | 'array-contains' | '<' | '<=' | '>' | '>=';

export interface QueryShape {
  collection: string;
  filters: { field: string; op: FilterOp }[];
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  /** Where the query is built, for messages. */
  where: string;
}

/** A catalogue plan as a shape (the web's catalog.ts and the function's store/search.ts run exactly this). */
export const catalogShape = (plan: CatalogPlan, where = 'catalogue'): QueryShape => ({
  collection: COLLECTIONS.products,
  filters: plan.filters.map((f) => ({ field: f.field, op: f.op })),
  orderBy: plan.orderBy.map((o) => ({ field: o.field, direction: o.direction })),
  where,
});

/** The top-rated carousel (store.products.top, web fetchTopProducts): the `rating` sort, no filter. */
export const topProductsShape = (): QueryShape => ({
  collection: COLLECTIONS.products,
  filters: [],
  orderBy: sortOrder('rating'),
  where: 'top products',
});

/** Issue 40: the products whose lowest item (ProductDoc.lowestStock) is low, for the admin (store.products.lowStock). */
export const LOWEST_STOCK_SHAPE: QueryShape = {
  collection: COLLECTIONS.products,
  filters: [{ field: 'lowestStock', op: '<=' }],
  orderBy: [
    { field: 'lowestStock', direction: 'asc' },
    { field: 'name', direction: 'asc' },
  ],
  where: 'low stock per variant',
};

/** Low stock for the admin (store.products.lowStock): also the products not written since lowestStock was. */
export const LOW_STOCK_SHAPE: QueryShape = {
  collection: COLLECTIONS.products,
  filters: [{ field: 'countInStock', op: '<=' }],
  orderBy: [
    { field: 'countInStock', direction: 'asc' },
    { field: 'name', direction: 'asc' },
  ],
  where: 'low stock',
};

/** Issue 41: the oldest waiting back-in-stock alerts of a product's variant (modules/stockAlerts/store.ts restocked). */
export const STOCK_ALERT_QUEUE_SHAPE: QueryShape = {
  collection: STOCK_ALERTS_COLLECTION,
  filters: [
    { field: 'product', op: '==' },
    { field: 'variantKey', op: '==' },
    { field: 'status', op: '==' },
  ],
  orderBy: [
    { field: 'createdAt', direction: 'asc' },
    { field: '__name__', direction: 'asc' },
  ],
  where: 'stock alert queue',
};

/** Issue 41: the waiting alerts of some products (modules/stockAlerts/store.ts demand): equalities, single-field indexes. */
export const STOCK_ALERT_DEMAND_SHAPE: QueryShape = {
  collection: STOCK_ALERTS_COLLECTION,
  filters: [
    { field: 'product', op: 'in' },
    { field: 'status', op: '==' },
  ],
  orderBy: [{ field: '__name__', direction: 'asc' }],
  where: 'stock alert demand',
};

/** Issue 41: whether an alert watches a product (modules/stockAlerts/store.ts watching). */
export const STOCK_ALERT_WATCH_SHAPE: QueryShape = {
  collection: STOCK_ALERT_LEVELS_COLLECTION,
  filters: [{ field: 'product', op: '==' }],
  orderBy: [{ field: '__name__', direction: 'asc' }],
  where: 'stock alert levels',
};

/** Unpaid orders whose hold ended (store.orders.expireStale). */
export const EXPIRY_SHAPE: QueryShape = {
  collection: COLLECTIONS.orders,
  filters: [
    { field: 'status', op: '==' },
    { field: 'expiresAt', op: '<=' },
  ],
  orderBy: [],
  where: 'order expiry',
};

/** Unpaid orders whose hold ends within the reminder's lead (store.orders.remindUnpaid, domain/holdReminders.ts):
 *  the expiry's index. */
export const HOLD_REMINDER_SHAPE: QueryShape = {
  collection: COLLECTIONS.orders,
  filters: [
    { field: 'status', op: '==' },
    { field: 'expiresAt', op: '>' },
    { field: 'expiresAt', op: '<=' },
  ],
  orderBy: [],
  where: 'hold reminders',
};

/** Issue 41: the carts last changed in a sweep's window (store.cartReminders.candidates, a range query of the
 *  generic store: modules/cartReminders/store.ts), paged by id: one field and the document id, a single-field index. */
export const CART_REMINDER_SHAPE: QueryShape = {
  collection: COLLECTIONS.carts,
  filters: [
    { field: 'updatedAt', op: '>' },
    { field: 'updatedAt', op: '<=' },
  ],
  orderBy: [
    { field: 'updatedAt', direction: 'asc' },
    { field: '__name__', direction: 'asc' },
  ],
  where: 'cart reminders',
};

/** Issue 41: a customer's first order from a time (the cart's change, the reminder), a range query of the generic
 *  store (modules/cartReminders/store.ts): the order list's index (userId, createdAt). */
export const CUSTOMER_ORDER_TIMES_SHAPE: QueryShape = {
  collection: COLLECTIONS.orders,
  filters: [
    { field: 'userId', op: '==' },
    { field: 'createdAt', op: '>=' },
  ],
  orderBy: [
    { field: 'createdAt', direction: 'asc' },
    { field: '__name__', direction: 'asc' },
  ],
  where: 'cart reminders: orders after',
};

/** Issue 41: the reminders sent since a day (the dashboard), one field, in its order (a range query of the generic
 *  store). */
export const CART_REMINDERS_SENT_SHAPE: QueryShape = {
  collection: CART_REMINDERS_COLLECTION,
  filters: [{ field: 'sentAt', op: '>=' }],
  orderBy: [
    { field: 'sentAt', direction: 'asc' },
    { field: '__name__', direction: 'asc' },
  ],
  where: 'cart reminders sent',
};

/** Messages due in the mail outbox (adapters/firebase/store/mailOutbox.ts, the sendMail function). */
export const MAIL_DUE_SHAPE: QueryShape = {
  collection: MAIL_OUTBOX_COLLECTION,
  filters: [
    { field: 'status', op: '==' },
    { field: 'nextAttemptAt', op: '<=' },
  ],
  orderBy: [{ field: 'nextAttemptAt', direction: 'asc' }],
  where: 'mail outbox',
};

/** Unsent messages whose last attempt failed, the latest first (adapters/firebase/store/mailOutbox.ts failing, the
 *  admin dashboard). */
export const MAIL_FAILING_SHAPE: QueryShape = {
  collection: MAIL_OUTBOX_COLLECTION,
  filters: [
    { field: 'failing', op: '==' },
    { field: 'nextAttemptAt', op: '>=' },
  ],
  orderBy: [{ field: 'nextAttemptAt', direction: 'desc' }],
  where: 'mail outbox',
};

/** A customer's unpaid orders, read in the place transaction (store.orders.place): equalities only, which
 *  Firestore serves by merging single-field indexes (no composite index). */
export const UNPAID_ORDERS_SHAPE: QueryShape = {
  collection: COLLECTIONS.orders,
  filters: [
    { field: 'userId', op: '==' },
    { field: 'status', op: '==' },
  ],
  orderBy: [],
  where: 'unpaid orders (hold limits)',
};

/** The dashboard's counters since a month (store/orderStats.ts readDailyStats): one field, its single-field index. */
export const ORDER_STATS_SHAPE: QueryShape = {
  collection: ORDER_STATS_COLLECTION,
  filters: [{ field: 'month', op: '>=' }],
  orderBy: [],
  where: 'daily stats',
};

/** A product sitemap file (store.products.sitemap): a range of document ids in id order, one field: the built-in
 *  index of document ids (no composite index). */
export const SITEMAP_SHAPE: QueryShape = {
  collection: COLLECTIONS.products,
  filters: [
    { field: '__name__', op: '>=' },
    { field: '__name__', op: '<' },
  ],
  orderBy: [{ field: '__name__', direction: 'asc' }],
  where: 'product sitemap file',
};

/** The equality filters of an order list (store.orders.list), in the order the store applies them. */
export function orderListFilters(query: Pick<OrderListQuery, 'userId' | 'status' | 'search' | 'requests'>) {
  const filters: { field: string; op: FilterOp; value: string | boolean }[] = [];
  if (query.userId !== undefined) filters.push({ field: 'userId', op: '==', value: query.userId });
  if (query.status !== undefined) filters.push({ field: 'status', op: '==', value: query.status });
  // Issue 38: an order with a request waiting for the shop (OrderDoc.waitingRequest, kept by the store's writes).
  if (query.requests === 'waiting') filters.push({ field: 'waitingRequest', op: '==', value: true });
  if (query.search) filters.push({ field: 'customerKeys', op: 'array-contains', value: query.search });
  return filters;
}

/** The field order and user lists page by (store/paging.ts reads a page from its nearer end: both directions). */
export const LIST_ORDER_FIELD = 'createdAt';

/** The equality filters of a user list (store.users.list). */
export function userListFilters(query: Pick<UserListQuery, 'search'>) {
  return query.search ? [{ field: 'searchKeys', op: 'array-contains' as const, value: query.search }] : [];
}

/** The field the admin's customers list pages by, descending (store/customers.ts). */
export const CUSTOMER_ORDER_FIELD = 'lastOrderSort';

/** The equality filters of the customers list (store.customers.list). */
export function customerListFilters(query: Pick<CustomerListQuery, 'search'>) {
  return query.search ? [{ field: 'searchKeys', op: 'array-contains' as const, value: query.search }] : [];
}

/** The order lists the API can ask for (features/orders/routes.ts): my orders (userId, maybe a status; no search)
 *  and the admin's (maybe a status, maybe a search). */
const ORDER_LISTS: Pick<OrderListQuery, 'userId' | 'status' | 'search' | 'requests'>[] = [
  { search: '' },
  { userId: 'u', search: '' },
  { userId: 'u', status: 'paid', search: '' },
  { status: 'paid', search: '' },
  { search: 's' },
  { status: 'paid', search: 's' },
  { requests: 'waiting', search: '' },
  { requests: 'waiting', status: 'paid', search: '' },
  { requests: 'waiting', search: 's' },
  { requests: 'waiting', status: 'paid', search: 's' },
];

/** The admin's counts of waiting requests (store.orders.requestsSummary): one equality each, single-field indexes. */
export const WAITING_CANCELLATIONS_SHAPE: QueryShape = {
  collection: COLLECTIONS.orders,
  filters: [{ field: 'waitingCancellation', op: '==' }],
  orderBy: [],
  where: 'waiting cancellation requests',
};
export const WAITING_RETURNS_SHAPE: QueryShape = {
  collection: COLLECTIONS.orders,
  filters: [{ field: 'waitingReturn', op: '==' }],
  orderBy: [],
  where: 'waiting returns',
};

/** The catalogue's possible inputs: every combination of keyword (none, one word the index answers exactly, one it
 *  narrows to a window, several words), category, brand and price range. */
export function catalogVariants(): CatalogFilters[] {
  const variants: CatalogFilters[] = [];
  for (const keyword of ['', 'tv', 'phone', 'volt phone'])
    for (const category of [undefined, 'Electronics'])
      for (const brand of [undefined, 'Volt'])
        for (const range of [{}, { minPrice: 10 }, { maxPrice: 99 }, { minPrice: 10, maxPrice: 99 }])
          variants.push({ keyword, category, brand, ...range });
  return variants;
}

/** Every query shape the shop can make. */
export function allQueryShapes(): QueryShape[] {
  const shapes: QueryShape[] = [
    topProductsShape(),
    LOW_STOCK_SHAPE,
    LOWEST_STOCK_SHAPE,
    STOCK_ALERT_QUEUE_SHAPE,
    STOCK_ALERT_DEMAND_SHAPE,
    STOCK_ALERT_WATCH_SHAPE,
    EXPIRY_SHAPE,
    HOLD_REMINDER_SHAPE,
    CART_REMINDER_SHAPE,
    CUSTOMER_ORDER_TIMES_SHAPE,
    CART_REMINDERS_SENT_SHAPE,
    MAIL_DUE_SHAPE,
    MAIL_FAILING_SHAPE,
    UNPAID_ORDERS_SHAPE,
    WAITING_CANCELLATIONS_SHAPE,
    WAITING_RETURNS_SHAPE,
    ORDER_STATS_SHAPE,
    SITEMAP_SHAPE,
    // Reviews of a product, drafts, the web's newest orders: one order field each, single-field indexes.
    {
      collection: COLLECTIONS.reviews,
      filters: [],
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      where: 'reviews',
    },
    {
      collection: COLLECTIONS.productDrafts,
      filters: [],
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      where: 'drafts',
    },
  ];
  const sorts: (CatalogSort | undefined)[] = [undefined, ...CATALOG_SORT_VALUES];
  for (const filters of catalogVariants())
    for (const sort of sorts) {
      // The web's window and the function's differ in size only; the facets and the candidate reads use the
      // price_asc plan of the same filters (store/search.ts), which is among these.
      shapes.push(
        catalogShape(
          planCatalogQuery(filters, sort, WEB_SEARCH_WINDOW),
          `catalogue ${JSON.stringify(filters)} ${sort ?? ''}`,
        ),
      );
    }
  for (const direction of ['asc', 'desc'] as const) {
    for (const query of ORDER_LISTS)
      shapes.push({
        collection: COLLECTIONS.orders,
        filters: orderListFilters(query).map(({ field, op }) => ({ field, op })),
        orderBy: [{ field: LIST_ORDER_FIELD, direction }],
        where: `order list ${JSON.stringify(query)}`,
      });
    for (const search of ['', 's'])
      shapes.push({
        collection: COLLECTIONS.users,
        filters: userListFilters({ search }).map(({ field, op }) => ({ field, op })),
        orderBy: [{ field: LIST_ORDER_FIELD, direction }],
        where: `user list ${JSON.stringify({ search })}`,
      });
    for (const search of ['', 's'])
      shapes.push({
        collection: CUSTOMERS_COLLECTION,
        filters: customerListFilters({ search }).map(({ field, op }) => ({ field, op })),
        orderBy: [{ field: CUSTOMER_ORDER_FIELD, direction }],
        where: `customer list ${JSON.stringify({ search })}`,
      });
  }
  return shapes;
}
