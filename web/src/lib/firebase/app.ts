// The one place the Firebase web SDK is initialised. Every Firebase call of the web app lives in this folder.
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

const env = import.meta.env;

/** Web app config from the build environment (VITE_FIREBASE_*); a demo- project works with the emulators. */
export function firebaseConfig() {
  const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-voltshop';
  return {
    apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || `${projectId}.appspot.com`,
    appId: env.VITE_FIREBASE_APP_ID || undefined,
  };
}

let handles: FirebaseHandles | null = null;

export function firebase(): FirebaseHandles {
  if (handles) return handles;
  const app = getApps().length ? getApp() : initializeApp(firebaseConfig());
  const auth = getAuth(app);
  const db = getFirestore(app);
  const storage = getStorage(app);
  if (env.VITE_FIREBASE_EMULATORS === 'true') {
    // The emulator suite's default ports (firebase.json).
    const host = window.location.hostname;
    connectAuthEmulator(auth, `http://${host}:9099`, { disableWarnings: true });
    connectFirestoreEmulator(db, host, 8080);
    connectStorageEmulator(storage, host, 9199);
  }
  handles = { app, auth, db, storage };
  return handles;
}
