// The Firebase backend: Firestore store, Firebase Auth, Cloud Storage uploads.
// Built lazily by the Cloud Functions entry (src/index.ts) on the first request, and by scripts/firebase/*.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'firebase-admin/app';
import { DEFAULT_PAYPAL_TIMEOUT_MS, PAYPAL_SANDBOX_API_BASE } from '../../domain/limits.js';
import { systemClock, type Clock, type PaymentGateway, type Ports, type Store } from '../../ports.js';
import { PayPalGateway } from '../payments/paypal.js';
import { SimulatedGateway } from '../payments/simulated.js';
import { FirebaseAuthAdapter } from './auth.js';
import { CloudStorageFiles } from './files.js';
import { createFirestoreStore } from './store/index.js';
import { IdentityToolkit } from './identityToolkit.js';

export { bootstrapAdmin } from './bootstrap.js';
export { FirebaseAuthAdapter } from './auth.js';
export { CloudStorageFiles, publicUrl } from './files.js';
export { COLLECTIONS, createFirestoreStore } from './store/index.js';
export { IdentityToolkit, IdentityToolkitError } from './identityToolkit.js';

export interface FirebaseSettings {
  /**
   * 'firestore' (always, when deployed). 'embedded' keeps the data in the embedded SQL store under `dataDir`
   * while auth stays Firebase Auth: only for the offline emulator suite, where the Firestore emulator cannot run.
   */
  store: 'firestore' | 'embedded';
  dataDir: string;
  /** The project's web API key (Auth REST API for POST /api/users and /api/users/login). */
  webApiKey: () => string;
  paypal: { clientId: string; secret: () => string; baseUrl: string; timeoutMs: number };
  /** Simulated payments are refused in production. */
  production: boolean;
}

/** Settings from the environment (Cloud Functions params arrive as environment variables too). */
export function firebaseSettingsFromEnv(env = process.env): FirebaseSettings {
  const store = env.VOLTSHOP_STORE === 'embedded' ? 'embedded' : 'firestore';
  const emulated = env.FUNCTIONS_EMULATOR === 'true';
  return {
    store,
    dataDir: env.DATA_DIR || join(tmpdir(), 'voltshop-firebase-data'),
    webApiKey: () => env.WEB_API_KEY ?? '',
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID ?? '',
      secret: () => env.PAYPAL_CLIENT_SECRET ?? '',
      baseUrl: env.PAYPAL_API_BASE || PAYPAL_SANDBOX_API_BASE,
      timeoutMs: Number(env.PAYPAL_TIMEOUT_MS) || DEFAULT_PAYPAL_TIMEOUT_MS,
    },
    production: !emulated && env.NODE_ENV === 'production',
  };
}

function payments(settings: FirebaseSettings): PaymentGateway {
  const { clientId, secret, baseUrl, timeoutMs } = settings.paypal;
  // The secret is read at request time (secret() on every OAuth call), never copied at start.
  if (clientId) return new PayPalGateway({ clientId, secret, baseUrl, timeoutMs });
  return new SimulatedGateway(settings.production);
}

async function firebaseApp(app?: App): Promise<App> {
  if (app) return app;
  const { getApps, initializeApp } = await import('firebase-admin/app');
  return getApps()[0] ?? initializeApp(); // on Cloud Functions and in the emulators, FIREBASE_CONFIG says the project
}

/** The store alone (scripts: seed, bootstrap). */
export async function createStore(settings: Pick<FirebaseSettings, 'store' | 'dataDir'>, app?: App, clock: Clock = systemClock): Promise<Store> {
  if (settings.store === 'embedded') {
    const [{ Database }, { createSqlStore }] = await Promise.all([import('../embedded/db.js'), import('../embedded/store.js')]);
    return createSqlStore(await Database.open(settings.dataDir), { clock });
  }
  const { getFirestore } = await import('firebase-admin/firestore');
  return createFirestoreStore(getFirestore(await firebaseApp(app)), { clock });
}

/** Every port on Firebase (with the store choice above). */
export async function createFirebasePorts(settings: FirebaseSettings, app?: App, clock: Clock = systemClock): Promise<Ports> {
  const admin = await firebaseApp(app);
  const { getAuth } = await import('firebase-admin/auth');
  const store = await createStore(settings, admin, clock);
  let files: Ports['files'];
  if (settings.store === 'embedded') {
    // No Storage emulator offline: uploads go to the data directory (not served; uploads are not part of that suite).
    const { LocalFiles } = await import('../embedded/files.js');
    files = new LocalFiles(join(settings.dataDir, 'uploads'));
  } else {
    const { getStorage } = await import('firebase-admin/storage');
    files = new CloudStorageFiles(getStorage(admin).bucket());
  }
  return {
    store,
    auth: new FirebaseAuthAdapter(getAuth(admin), new IdentityToolkit({ apiKey: settings.webApiKey })),
    files,
    payments: payments(settings),
    clock,
  };
}
