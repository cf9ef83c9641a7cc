// The Store port on Cloud Firestore (Admin SDK: the server bypasses the security rules; clients only ever
// read what firestore.rules allows). Same semantics, errors and messages as adapters/embedded/store.ts:
// the shared contract suite (functions/test/contract) runs against both.
//
// One module per aggregate: products.ts (with search.ts), users.ts, orders.ts; documents and the collections'
// schema in mapping.ts.
import type { Firestore } from 'firebase-admin/firestore';
import { NO_EVENTS, systemClock, type Clock, type EventPublisher, type Store } from '../../../ports.js';
import { FirestoreCoupons } from './coupons.js';
import { COLLECTIONS } from './mapping.js';
import { createOrderStore } from '../../../orders/orderUseCases.js';
import { FirestoreOrderQueries } from './orders.js';
import { FirestoreOrderUnitOfWork } from './unitOfWork.js';
import { FirestoreProducts } from './products.js';
import { FirestoreSettings } from './settings.js';
import { FirestoreTaxonomy } from './taxonomy.js';
import { FirestoreCustomers } from './customers.js';
import { FirestoreUsers } from './users.js';
import { firestoreModelStores, firestoreModelTransaction } from './modelStore.js';
import { moduleStores, TENDER_HOOKS } from '../../../modules/index.js';

export { COLLECTIONS } from './mapping.js';
export { FirestoreMailOutbox } from './mailOutbox.js';

export interface FirestoreStoreOptions {
  /** Terminate the client on close() (when this store owns it; not when the app shares it). */
  ownsClient?: boolean;
  /** Stamps createdAt / updatedAt (the orders' times come with each command). */
  clock?: Clock;
  /** Hears each committed transaction's events (domain/events.ts); none by default. */
  events?: EventPublisher;
  /** The order emails' settings (ORDER_ALERT_EMAIL); the messages go to mailOutbox either way (store/mailOutbox.ts). */
  orderMail?: { alertEmail?: string };
}

/** The Store port on Firestore. */
export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  const events = options.events ?? NO_EVENTS;
  return {
    products: new FirestoreProducts(db, options.clock ?? systemClock, events),
    users: new FirestoreUsers(db, options.clock ?? systemClock),
    orders: createOrderStore({
      unit: new FirestoreOrderUnitOfWork(db, events),
      queries: new FirestoreOrderQueries(db),
      alertEmail: options.orderMail?.alertEmail,
      tenders: TENDER_HOOKS,
    }),
    settings: new FirestoreSettings(db, events),
    coupons: new FirestoreCoupons(db, options.clock ?? systemClock),
    categories: new FirestoreTaxonomy('category', db, events),
    brands: new FirestoreTaxonomy('brand', db, events),
    customers: new FirestoreCustomers(db),
    // The capability modules' stores (modules/index.ts), on the generic model store.
    ...moduleStores(firestoreModelStores(db), {
      clock: options.clock ?? systemClock,
      events,
      transaction: firestoreModelTransaction(db),
    }),
    ping: async () => {
      await db.collection(COLLECTIONS.products).select().limit(1).get();
    },
    close: async () => {
      if (options.ownsClient) await db.terminate();
    },
  };
}
