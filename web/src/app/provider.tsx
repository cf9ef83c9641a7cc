import { useEffect, useState, type ReactNode } from 'react';
import { configureApi } from '@/lib/api';
import { FIRESTORE_UNAVAILABLE, firestoreAvailable, isFirebase, loadFirebase } from '@/lib/backend';
import { followFirebaseSession, sessionStore } from '@/lib/session';

let wired = false;
/** Firebase mode: the SDK's start-up (config from Hosting, then the session), started once by wireAuth. */
let firebaseStartup: Promise<unknown> | null = null;

/** Firebase mode, once: the HTTP client's token refresh, the SDK's session and the cart sync. */
export function wireAuth() {
  if (wired) return;
  wired = true;
  if (isFirebase) {
    configureApi({ refreshToken: async () => (await loadFirebase()).currentToken(true) });
    // Firebase mode: the SDK keeps the token fresh and the cart in sync across devices.
    firebaseStartup = Promise.all([loadFirebase(), import('@/features/cart/firebaseCartSync')]).then(([fb, cart]) => {
      followFirebaseSession(fb);
      cart.startFirebaseCartSync(fb, { firestore: firestoreAvailable });
    });
    firebaseStartup.catch((error: unknown) => console.error('[firebase] the shop could not start Firebase:', error));
  } else {
    // Embedded backend: the signed-in cart is kept on the server and follows the account live. Its code (and
    // TanStack Query with it) loads once there is an account to follow, so a visitor's first page does without it.
    const start = () => void import('@/features/cart/serverCartSync').then((cart) => cart.startServerCartSync());
    if (sessionStore.get()) start();
    else {
      const unsubscribe = sessionStore.subscribe(() => {
        if (!sessionStore.get()) return;
        unsubscribe();
        start();
      });
    }
  }
}

/** The start-up failure of Firebase mode (e.g. no web config), said on every page rather than left to hang. */
function useFirebaseStartupError(): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    firebaseStartup?.catch((error: unknown) => {
      if (live) setMessage(error instanceof Error ? error.message : String(error));
    });
    return () => {
      live = false;
    };
  }, []);
  return message;
}

export function AppProvider({ children }: { children: ReactNode }) {
  wireAuth();
  const startupError = useFirebaseStartupError();
  return (
    <>
      {isFirebase && !firestoreAvailable && (
        <div role="status" className="alert alert-info rounded-0 mb-0">
          {FIRESTORE_UNAVAILABLE}
        </div>
      )}
      {startupError && (
        <div role="alert" className="alert alert-danger rounded-0 mb-0">
          Sign-in and carts are unavailable: {startupError}
        </div>
      )}
      {children}
    </>
  );
}
