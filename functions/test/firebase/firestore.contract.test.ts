// The store contract on the Firestore adapter. Needs Google's Firestore emulator (Java 21): run by
// `npm run test:firebase` (scripts/firebase/test-firebase.mjs), which sets FIRESTORE_EMULATOR_HOST. `npm test` runs
// the same cases on the community emulator (firestore.community.test.ts), all but those its gaps fail
// (communityEmulatorGaps.ts): those run only here.
// Each case gets its own demo- project in the emulator, so cases never see each other's documents.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createFirestoreStore } from '../../src/adapters/firebase/store/index.js';
import { catalogContract } from '../contract/catalog.contract.js';
import { searchContract } from '../contract/search.contract.js';
import { holdsContract } from '../contract/holds.contract.js';
import { refundsContract } from '../contract/refunds.contract.js';
import { orderMailContract } from '../contract/orderMail.contract.js';
import { FirestoreMailOutbox } from '../../src/adapters/firebase/store/mailOutbox.js';
import { settingsContract } from '../contract/settings.contract.js';
import { couponsContract } from '../contract/coupons.contract.js';
import { guestsContract } from '../contract/guests.contract.js';
import { addressesContract } from '../contract/addresses.contract.js';
import { modelStoreContract } from '../contract/modelStore.contract.js';
import { firestoreModelStores, firestoreModelTransaction } from '../../src/adapters/firebase/store/modelStore.js';
import { taxonomyContract } from '../contract/taxonomy.contract.js';
import { productMediaContract } from '../contract/productMedia.contract.js';
import { variantsContract } from '../contract/variants.contract.js';
import { compareContract } from '../contract/compare.contract.js';
import { slugsContract } from '../contract/slugs.contract.js';
import { priceHistoryContract } from '../contract/priceHistory.contract.js';
import { wishlistContract } from '../contract/wishlist.contract.js';
import { giftCardsContract } from '../contract/giftCards.contract.js';
import { customersContract } from '../contract/customers.contract.js';
import { cartRemindersContract } from '../contract/cartReminders.contract.js';
import { putWebCart } from './webCart.js';
import { eventRecorder, storeContract, type StoreUnderTest } from '../contract/store.contract.js';
import type { MovableClock } from '../support/clock.js';
import { firestoreReadsContract } from './firestoreReads.contract.js';
import { screenReadsContract } from './screenReads.contract.js';
import { backfillsContract } from './backfills.contract.js';

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  throw new Error(
    'FIRESTORE_EMULATOR_HOST is not set: run this suite with `npm run test:firebase` (starts the Firestore emulator)',
  );
}

const run = Date.now().toString(36);
let n = 0;

const firestoreStore = async (clock: MovableClock): Promise<StoreUnderTest> => {
  const name = `contract-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  const recorder = eventRecorder();
  const store = createFirestoreStore(getFirestore(app), { clock, events: recorder });
  return {
    store,
    events: recorder.events,
    dispose: async () => {
      await store.close();
      await deleteApp(app);
    },
  };
};

storeContract('Firestore (emulator)', firestoreStore);
holdsContract('Firestore (emulator)', firestoreStore);
refundsContract('Firestore (emulator)', firestoreStore);
settingsContract('Firestore (emulator)', firestoreStore);
couponsContract('Firestore (emulator)', firestoreStore);
guestsContract('Firestore (emulator)', firestoreStore);
addressesContract('Firestore (emulator)', firestoreStore);
modelStoreContract('Firestore (emulator)', async () => {
  const name = `models-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  const db = getFirestore(app);
  return {
    stores: firestoreModelStores(db),
    transaction: firestoreModelTransaction(db),
    mailKeys: async () => (await new FirestoreMailOutbox(db, () => new Date()).all()).map((m) => m.key).sort(),
    dispose: () => deleteApp(app),
  };
});
taxonomyContract('Firestore (emulator)', firestoreStore);
variantsContract('Firestore (emulator)', firestoreStore);
customersContract('Firestore (emulator)', firestoreStore);
catalogContract('Firestore (emulator)', firestoreStore);
searchContract('Firestore (emulator)', firestoreStore);
productMediaContract('Firestore (emulator)', firestoreStore);
compareContract('Firestore (emulator)', firestoreStore);
slugsContract('Firestore (emulator)', firestoreStore);
priceHistoryContract('Firestore (emulator)', firestoreStore);
wishlistContract('Firestore (emulator)', firestoreStore);
giftCardsContract('Firestore (emulator)', firestoreStore);
orderMailContract('Firestore (emulator)', async (clock, { alertEmail }) => {
  const name = `mail-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  const db = getFirestore(app);
  const recorder = eventRecorder();
  const store = createFirestoreStore(db, { clock, events: recorder, orderMail: { alertEmail } });
  const outbox = new FirestoreMailOutbox(db, () => clock.now());
  return {
    store,
    events: recorder.events,
    outbox: async () =>
      (await outbox.all()).map((m) => ({ key: m.key, to: m.to, template: m.template, data: m.data ?? {} })),
    dispose: async () => {
      await store.close();
      await deleteApp(app);
    },
  };
});
cartRemindersContract('Firestore (emulator)', async (clock) => {
  const name = `reminders-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  const db = getFirestore(app);
  const store = createFirestoreStore(db, { clock });
  const outbox = new FirestoreMailOutbox(db, () => clock.now());
  return {
    store,
    events: [],
    outbox: async () =>
      (await outbox.all()).map((m) => ({ key: m.key, to: m.to, template: m.template, data: m.data ?? {} })),
    putCart: putWebCart(db),
    dispose: async () => {
      await store.close();
      await deleteApp(app);
    },
  };
});
// Issue 26's read bounds: here the answers only (nothing counts this emulator's reads).
firestoreReadsContract('Firestore (emulator)', async () => {
  const name = `reads-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  return { db: getFirestore(app), dispose: () => deleteApp(app) };
});
// Issue 37's reads per screen: here the answers only.
screenReadsContract('Firestore (emulator)', async () => {
  const name = `screens-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  return { db: getFirestore(app), dispose: () => deleteApp(app) };
});
// Issue 40's backfills.
backfillsContract('Firestore (emulator)', async () => {
  const name = `backfills-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  return { db: getFirestore(app), dispose: () => deleteApp(app) };
});
