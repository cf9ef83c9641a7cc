// The Store port on the embedded database, one module per aggregate: products.ts (with search.ts), users.ts,
// orders.ts; rows become API shapes in mapping.ts.
import { NO_EVENTS, systemClock, type Clock, type EventPublisher, type Store } from '../../ports.js';
import type { Database } from './db.js';
import { SqlCarts } from './carts.js';
import { SqlCoupons } from './coupons.js';
import { SqlOrderQueries } from './orders.js';
import { SqlOrderUnitOfWork } from './unitOfWork.js';
import { createOrderStore } from '../../orders/orderUseCases.js';
import { SqlProducts } from './products.js';
import { SqlSettings } from './settings.js';
import { SqlTaxonomy } from './taxonomy.js';
import { SqlUsers } from './users.js';
import { SqlCustomers } from './customers.js';
import { sqlModelStores, sqlModelTransaction } from './modelStore.js';
import { moduleStores, TENDER_HOOKS } from '../../modules/index.js';

export { newId } from './mapping.js';

export interface SqlStoreOptions {
  /** Stamps createdAt / updatedAt (the orders' times come with each command). */
  clock?: Clock;
  /** Tests: how many search matches are sorted directly, and how many ranked by bm25 (search.ts SearchBounds). */
  sparseMatches?: number;
  rankedMatches?: number;
  /** Hears each committed write's events (domain/events.ts); none by default. */
  events?: EventPublisher;
  /** The order emails (recorded in each order change's transaction): the owner's address, the worker's wake-up. */
  orderMail?: OrderMailOptions;
}

/** The order emails' settings (adapters/embedded/index.ts). */
export interface OrderMailOptions {
  /** ORDER_ALERT_EMAIL: who hears of each paid order; unset: every admin (read in the payment's transaction). */
  alertEmail?: string;
  /** Called after a committed change recorded mail (the outbox worker's wake-up). */
  onRecorded?: () => void;
}

export function createSqlStore(
  db: Database,
  { clock = systemClock, sparseMatches, rankedMatches, events = NO_EVENTS, orderMail }: SqlStoreOptions = {},
): Store {
  return {
    products: new SqlProducts(db, clock, events, { sparseMatches, rankedMatches }),
    users: new SqlUsers(db, clock),
    orders: createOrderStore({
      unit: new SqlOrderUnitOfWork(db, events, () => orderMail?.onRecorded?.()),
      queries: new SqlOrderQueries(db),
      alertEmail: orderMail?.alertEmail,
      tenders: TENDER_HOOKS,
    }),
    settings: new SqlSettings(db, events),
    coupons: new SqlCoupons(db, clock),
    categories: new SqlTaxonomy('category', db, clock, events),
    brands: new SqlTaxonomy('brand', db, clock, events),
    customers: new SqlCustomers(db),
    carts: new SqlCarts(db, events),
    // The capability modules' stores (modules/index.ts), on the generic model store.
    ...moduleStores(sqlModelStores(db), {
      clock,
      events,
      transaction: sqlModelTransaction(db, () => orderMail?.onRecorded?.()),
    }),
    ping: async () => {
      await db.client.execute('SELECT 1');
    },
    close: async () => db.close(),
  };
}
