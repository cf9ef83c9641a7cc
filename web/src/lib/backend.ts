// Which backend this build talks to, fixed at build time (VITE_BACKEND=firebase npm run build -w web).
// Vite replaces import.meta.env at build time, so in the default (embedded) build every `if (isFirebase)`
// branch and the Firebase SDK it would import are dropped from the bundle.
import type * as FirebaseSdk from './firebase';

export const isFirebase = import.meta.env.VITE_BACKEND === 'firebase';

/**
 * Loads the Firebase side of the web app (only ever called when isFirebase), once the SDK is initialised with
 * this site's config (lib/firebase/app.ts). Rejects with a FirebaseConfigError when there is no config.
 */
export const loadFirebase = () =>
  // The condition is a build-time constant: the embedded build has no Firebase chunk at all.
  import.meta.env.VITE_BACKEND === 'firebase'
    ? import('./firebase').then(async (fb) => {
        await fb.initFirebase();
        return fb;
      })
    : Promise.reject(new Error('This build does not use Firebase (VITE_BACKEND is not "firebase")'));

/**
 * The emulator build (`npm run emulators`): the Storage emulator's origin, whose image URLs products may use.
 * Empty in every other build (a deployed shop accepts only paths and https images).
 */
export function emulatorImageOrigins(): string[] {
  if (!isFirebase || import.meta.env.VITE_FIREBASE_EMULATORS !== 'true') return [];
  return [`http://${window.location.hostname}:${Number(import.meta.env.VITE_FIREBASE_STORAGE_EMULATOR_PORT) || 9199}`];
}

/**
 * False only in the emulator build started without a Firestore emulator (`npm run emulators` where Java 21 is
 * missing): the app then reads nothing from Firestore and says so, instead of waiting for a server that never comes.
 */
export const firestoreAvailable = !(
  import.meta.env.VITE_FIREBASE_EMULATORS === 'true' && import.meta.env.VITE_FIREBASE_FIRESTORE === 'off'
);

export const FIRESTORE_UNAVAILABLE =
  'The Firestore emulator is not running here (it needs Java 21): the catalogue comes from the API, and live stock and cart sync across devices are off.';

/** The lib/firebase module as loadFirebase answers it (a type only: nothing of it enters the embedded build). */
export type FirebaseModule = typeof FirebaseSdk;
