import type { ReactNode } from 'react';
import { configureApi } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';
import { followFirebaseSession, getToken, signOut } from '@/lib/session';

let wired = false;

/** Wires the HTTP client to the signed-in user once: the bearer token, and sign-out on any 401. */
export function wireAuth() {
  if (wired) return;
  wired = true;
  configureApi({
    getToken,
    onUnauthorized: signOut,
    refreshToken: isFirebase ? async () => (await loadFirebase()).currentToken(true) : undefined,
  });
  if (isFirebase) {
    // Firebase mode: the SDK keeps the token fresh and the cart in sync across devices.
    void Promise.all([loadFirebase(), import('@/features/cart/firebaseCartSync')]).then(([fb, cart]) => {
      followFirebaseSession(fb);
      cart.startFirebaseCartSync(fb);
    });
  }
}

export function AppProvider({ children }: { children: ReactNode }) {
  wireAuth();
  return <>{children}</>;
}
