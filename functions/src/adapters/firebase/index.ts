// The Firebase backend: Firestore store, Firebase Auth, Cloud Storage uploads.
// Built lazily by the Cloud Functions entry (src/index.ts) on the first request, and by scripts/firebase/*.
import { join } from 'node:path';
import type { App } from 'firebase-admin/app';
import { readConfig, type Config } from '../../config.js';
import { EventBus } from '../../events/bus.js';
import { HmacOrderLinks } from '../orderLinks.js';
import { NO_EVENTS, systemClock, type Clock, type EventPublisher, type Ports, type Store } from '../../ports.js';
import { paymentGateway } from '../payments/index.js';
import { FirebaseAuthAdapter } from './auth.js';
import { storageBucketName } from './bucket.js';
import { CloudStorageFiles } from './files.js';
import { createFirestoreStore } from './store/index.js';
import { IdentityToolkit } from './identityToolkit.js';
import type { AppCheckVerifier } from '../../http/appCheck.js';

export { bootstrapAdmin } from './bootstrap.js';
export { defaultBucketOf, storageBucketName } from './bucket.js';
export { FirebaseAuthAdapter } from './auth.js';
export { CloudStorageFiles, publicUrl } from './files.js';
export { COLLECTIONS, createFirestoreStore } from './store/index.js';
export {
  backfillCatalogSearch,
  backfillLineTaxes,
  backfillRefundActors,
  backfillWaitingRequests,
} from './store/backfill.js';
export { backfillOrderStats } from './store/orderStats.js';
export { IdentityToolkit, IdentityToolkitError } from './identityToolkit.js';

/** What the Firebase backend reads of the one configuration (config.ts), flat. */
export type FirebaseSettings = Pick<Config, 'dataDir' | 'paypal' | 'production'> &
  Config['firebase'] & { orderAlertEmail?: string };

export function firebaseSettings(config: Config): FirebaseSettings {
  return {
    ...config.firebase,
    dataDir: config.dataDir,
    paypal: config.paypal,
    production: config.production,
    orderAlertEmail: config.mail.orderAlertEmail,
  };
}

/** The settings from the environment (scripts/firebase). PORT is the platform's there (a socket in the emulator). */
export function firebaseSettingsFromEnv(env = process.env): FirebaseSettings {
  return firebaseSettings(readConfig({ ...env, PORT: undefined }));
}

async function firebaseApp(app?: App): Promise<App> {
  if (app) return app;
  const { getApps, initializeApp } = await import('firebase-admin/app');
  return getApps()[0] ?? initializeApp(); // on Cloud Functions and in the emulators, FIREBASE_CONFIG says the project
}

/** App Check tokens verified by firebase-admin (http/appCheck.ts; the function's APP_CHECK=enforce): the token's
 *  signature, project and expiry (keys fetched and cached by the SDK). */
export function firebaseAppCheck(app?: App): AppCheckVerifier {
  return {
    async verify(token) {
      const { getAppCheck } = await import('firebase-admin/app-check');
      await getAppCheck(await firebaseApp(app)).verifyToken(token);
    },
  };
}

/** The store alone (scripts: seed, bootstrap); `events` hears its committed writes (none by default). */
export async function createStore(
  settings: Pick<FirebaseSettings, 'store' | 'dataDir' | 'orderAlertEmail'>,
  app?: App,
  clock: Clock = systemClock,
  events: EventPublisher = NO_EVENTS,
): Promise<Store> {
  if (settings.store === 'embedded') {
    const [{ Database }, { createSqlStore }] = await Promise.all([
      import('../embedded/db.js'),
      import('../embedded/store.js'),
    ]);
    return createSqlStore(await Database.open(settings.dataDir), {
      clock,
      events,
      orderMail: { alertEmail: settings.orderAlertEmail },
    });
  }
  const { getFirestore } = await import('firebase-admin/firestore');
  return createFirestoreStore(getFirestore(await firebaseApp(app)), {
    clock,
    events,
    orderMail: { alertEmail: settings.orderAlertEmail },
  });
}

/** Every port on Firebase (with the store choice above). Their writes' events go to `events` (the catalogue cache
 *  subscribes in app.ts; there is no live hub: the Firebase web listens to Firestore). */
export async function createFirebasePorts(
  settings: FirebaseSettings,
  app?: App,
  clock: Clock = systemClock,
): Promise<Ports> {
  const admin = await firebaseApp(app);
  const { getAuth } = await import('firebase-admin/auth');
  const events = new EventBus();
  const store = await createStore(settings, admin, clock, events);
  let files: Ports['files'];
  if (settings.store === 'embedded') {
    // No Storage emulator offline: uploads go to the data directory (not served; uploads are not part of that suite).
    const { LocalFiles } = await import('../embedded/files.js');
    files = new LocalFiles(join(settings.dataDir, 'uploads'));
  } else {
    const { getStorage } = await import('firebase-admin/storage');
    // Named explicitly: an app started without a storageBucket option (a script, a test) has no default bucket.
    files = new CloudStorageFiles(getStorage(admin).bucket(storageBucketName(admin.options)));
  }
  // The mail outbox beside the orders' (store/mailOutbox.ts), and the account emails recorded in it with Firebase
  // Auth's action codes (accountLinks.ts; the sendMail function sends them). The offline suite's embedded store
  // (VOLTSHOP_STORE=embedded) has neither: its web build keeps the account links it cannot serve hidden.
  let mail: Ports['mail'];
  let accounts: Ports['accounts'];
  if (settings.store !== 'embedded') {
    const [{ getFirestore }, { FirestoreMailOutbox }, { FirebaseAccountLinks }] = await Promise.all([
      import('firebase-admin/firestore'),
      import('./store/mailOutbox.js'),
      import('./accountLinks.js'),
    ]);
    mail = new FirestoreMailOutbox(getFirestore(admin), () => clock.now());
    accounts = new FirebaseAccountLinks(getAuth(admin), store.users, getFirestore(admin), clock);
  }
  return {
    store,
    mail,
    accounts,
    auth: new FirebaseAuthAdapter(getAuth(admin), new IdentityToolkit({ apiKey: settings.webApiKey }), events),
    files,
    payments: paymentGateway(settings, clock),
    clock,
    events,
    orderLinks: new HmacOrderLinks(settings.orderLinkSecret),
  };
}
