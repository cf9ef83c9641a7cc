// The one place the Firebase web SDK is initialised. Every Firebase call of the web app lives in this folder.
//
// The web config comes, in this order, from:
//   1. the emulator build (VITE_FIREBASE_EMULATORS=true, `npm run emulators`): a demo- project, nothing real;
//   2. the build environment, when it names a project (VITE_FIREBASE_API_KEY + VITE_FIREBASE_PROJECT_ID);
//   3. Firebase Hosting's reserved URL /__/firebase/init.json (the deployed site's own project), fetched at start-up.
// Never a demo fallback outside the emulators: without any of these, start-up fails with a message that says so.
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';

export interface FirebaseHandles {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  storage: FirebaseStorage;
}

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  appId?: string;
}

/** The build variables this file reads (import.meta.env in the app; a plain object in tests). */
export interface FirebaseBuildEnv {
  VITE_FIREBASE_EMULATORS?: string;
  VITE_FIREBASE_API_KEY?: string;
  VITE_FIREBASE_AUTH_DOMAIN?: string;
  VITE_FIREBASE_PROJECT_ID?: string;
  VITE_FIREBASE_STORAGE_BUCKET?: string;
  VITE_FIREBASE_APP_ID?: string;
}

export const HOSTING_INIT_URL = '/__/firebase/init.json';
export const EMULATOR_PROJECT_ID = 'demo-voltshop';

/** Fills what a config may leave out; the default bucket of projects created since 2024-10-30. */
function complete(c: {
  apiKey: string;
  projectId: string;
  authDomain?: string;
  storageBucket?: string;
  appId?: string;
}): FirebaseWebConfig {
  return {
    apiKey: c.apiKey,
    projectId: c.projectId,
    authDomain: c.authDomain || `${c.projectId}.firebaseapp.com`,
    storageBucket: c.storageBucket || `${c.projectId}.firebasestorage.app`,
    ...(c.appId ? { appId: c.appId } : {}),
  };
}

export class FirebaseConfigError extends Error {}

/** The web config for this build (see the top of the file); throws FirebaseConfigError when there is none. */
export async function resolveFirebaseConfig(
  env: FirebaseBuildEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<FirebaseWebConfig> {
  if (env.VITE_FIREBASE_EMULATORS === 'true') {
    const projectId = env.VITE_FIREBASE_PROJECT_ID || EMULATOR_PROJECT_ID;
    if (!projectId.startsWith('demo-'))
      throw new FirebaseConfigError(`The emulator build must use a demo- project, not "${projectId}"`);
    return complete({
      apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
      projectId,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
    });
  }
  if (env.VITE_FIREBASE_API_KEY && env.VITE_FIREBASE_PROJECT_ID) {
    return complete({
      apiKey: env.VITE_FIREBASE_API_KEY,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
      appId: env.VITE_FIREBASE_APP_ID,
    });
  }
  let init: Partial<FirebaseWebConfig> | null = null;
  try {
    const res = await fetchImpl(HOSTING_INIT_URL, { headers: { Accept: 'application/json' } });
    if (res.ok && /json/.test(res.headers.get('content-type') ?? ''))
      init = (await res.json()) as Partial<FirebaseWebConfig>;
  } catch {
    init = null;
  }
  if (!init?.apiKey || !init.projectId) {
    throw new FirebaseConfigError(
      `No Firebase configuration: ${HOSTING_INIT_URL} did not answer one (it exists on Firebase Hosting only) and the build ` +
        'set no VITE_FIREBASE_API_KEY / VITE_FIREBASE_PROJECT_ID. Deploy with `npm run deploy`, or build with those variables.',
    );
  }
  return complete({ ...init, apiKey: init.apiKey, projectId: init.projectId });
}

/** The emulator suite's ports (firebase.json `emulators`), passed in by the emulator build (web/vite.config.ts). */
const emulatorPort = (value: string | undefined, fallback: number) => Number(value) || fallback;

let handles: FirebaseHandles | null = null;
let starting: Promise<FirebaseHandles> | null = null;

/** Initialises the SDK once (fetching the config when it comes from Hosting); the first call starts it. */
export function initFirebase(): Promise<FirebaseHandles> {
  starting ??= (async () => {
    const env = import.meta.env;
    const app = getApps().length ? getApp() : initializeApp(await resolveFirebaseConfig(env as FirebaseBuildEnv));
    const auth = getAuth(app);
    const db = getFirestore(app);
    const storage = getStorage(app);
    if (env.VITE_FIREBASE_EMULATORS === 'true') {
      const host = window.location.hostname;
      connectAuthEmulator(auth, `http://${host}:${emulatorPort(env.VITE_FIREBASE_AUTH_EMULATOR_PORT, 9099)}`, {
        disableWarnings: true,
      });
      connectFirestoreEmulator(db, host, emulatorPort(env.VITE_FIREBASE_FIRESTORE_EMULATOR_PORT, 8080));
      connectStorageEmulator(storage, host, emulatorPort(env.VITE_FIREBASE_STORAGE_EMULATOR_PORT, 9199));
    }
    handles = { app, auth, db, storage };
    return handles;
  })().catch((error: unknown) => {
    starting = null; // a later call tries again (e.g. init.json failed on a flaky connection)
    throw error;
  });
  return starting;
}

/** The SDK handles; only after initFirebase() resolved (client.tsx's loadFirebase() waits for it). */
export function firebase(): FirebaseHandles {
  if (!handles) throw new Error('Firebase is not initialised yet: use loadFirebase() from lib/firebase/client');
  return handles;
}
