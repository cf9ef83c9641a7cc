// The Firebase backend: Firestore store, Firebase Auth, Cloud Storage uploads.
// Built lazily by the Cloud Functions entry (src/index.ts) on the first request, and by scripts/firebase/*.
// Nothing here reaches the embedded adapter: the offline emulator suite's mix (VOLTSHOP_STORE=embedded) is composed
// by the dev-only root devRoots/offlineEmulator.ts, which hands its store and files in (`OfflineBacking`).
import type { App } from 'firebase-admin/app';
import { readConfig, type Config } from '../../config.js';
import { EventBus } from '../../events/bus.js';
import { HmacOrderLinks, stockAlertLinks, UNSUBSCRIBE_PURPOSE } from '../orderLinks.js';
import {
  NO_EVENTS,
  systemClock,
  type Clock,
  type EventPublisher,
  type FilePort,
  type Ports,
  type Store,
} from '../../ports.js';
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
export { backfillSlugs } from './store/slugs.js';
export { backfillLowestStock } from './store/lowStock.js';
export { backfillCustomers } from './store/customers.js';
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

/** What stands in for Firestore and Cloud Storage in the offline emulator suite (devRoots/offlineEmulator.ts). */
export interface OfflineBacking {
  store(events: EventPublisher): Promise<Store>;
  files: FilePort;
}

const EMBEDDED_NEEDS_DEV_ROOT =
  'VOLTSHOP_STORE=embedded is composed by the dev-only root (functions/src/devRoots/offlineEmulator.ts), not here';

/** The Firestore store alone (scripts: seed, bootstrap); `events` hears its committed writes (none by default). */
export async function createStore(
  settings: Pick<FirebaseSettings, 'store' | 'dataDir' | 'orderAlertEmail'>,
  app?: App,
  clock: Clock = systemClock,
  events: EventPublisher = NO_EVENTS,
): Promise<Store> {
  if (settings.store === 'embedded') throw new Error(EMBEDDED_NEEDS_DEV_ROOT);
  const { getFirestore } = await import('firebase-admin/firestore');
  return createFirestoreStore(getFirestore(await firebaseApp(app)), {
    clock,
    events,
    orderMail: { alertEmail: settings.orderAlertEmail },
  });
}

/** Every port on Firebase. Their writes' events go to `events` (the catalogue cache subscribes in app.ts; there is no
 *  live hub: the Firebase web listens to Firestore). `offline`: the store and files of VOLTSHOP_STORE=embedded,
 *  from the dev-only root (devRoots/offlineEmulator.ts); without it that setting is refused. */
export async function createFirebasePorts(
  settings: FirebaseSettings,
  app?: App,
  clock: Clock = systemClock,
  offline?: OfflineBacking,
): Promise<Ports> {
  if (settings.store === 'embedded' && !offline) throw new Error(EMBEDDED_NEEDS_DEV_ROOT);
  const admin = await firebaseApp(app);
  const { getAuth } = await import('firebase-admin/auth');
  const events = new EventBus();
  const store = offline ? await offline.store(events) : await createStore(settings, admin, clock, events);
  let files: Ports['files'];
  if (offline) files = offline.files;
  else {
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
    const [{ getFirestore }, { FirestoreMailOutbox }, { FirebaseAccountLinks }, { accountMails }] = await Promise.all([
      import('firebase-admin/firestore'),
      import('./store/mailOutbox.js'),
      import('./accountLinks.js'),
      import('../../mail/accountMails.js'),
    ]);
    mail = new FirestoreMailOutbox(getFirestore(admin), () => clock.now());
    accounts = new FirebaseAccountLinks(getAuth(admin), store.users, getFirestore(admin), clock, accountMails);
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
    unsubscribeLinks: new HmacOrderLinks(settings.orderLinkSecret, UNSUBSCRIBE_PURPOSE),
    stockAlertLinks: stockAlertLinks(settings.orderLinkSecret),
  };
}
