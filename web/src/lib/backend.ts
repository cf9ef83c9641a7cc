// Which backend this build talks to, fixed at build time (VITE_BACKEND=firebase npm run build -w web).
// Vite replaces import.meta.env at build time, so in the default (embedded) build every `if (isFirebase)`
// branch and the Firebase SDK it would import are dropped from the bundle.
import type * as FirebaseSdk from './firebase';

export const isFirebase = import.meta.env.VITE_BACKEND === 'firebase';

/** Loads the Firebase side of the web app (only ever called when isFirebase). */
export const loadFirebase = () =>
  // The condition is a build-time constant: the embedded build has no Firebase chunk at all.
  import.meta.env.VITE_BACKEND === 'firebase'
    ? import('./firebase')
    : Promise.reject(new Error('This build does not use Firebase (VITE_BACKEND is not "firebase")'));

/** The lib/firebase module as loadFirebase answers it (a type only: nothing of it enters the embedded build). */
export type FirebaseModule = typeof FirebaseSdk;
