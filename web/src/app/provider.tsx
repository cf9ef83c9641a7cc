import type { ReactNode } from 'react';
import { configureApi } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';
import { followFirebaseSession } from '@/lib/session';

let wired = false;

/** Firebase mode, once: the HTTP client's token refresh, the SDK's session and the cart sync. */
export function wireAuth() {
  if (wired) return;
  wired = true;
  if (isFirebase) {
    configureApi({ refreshToken: async () => (await loadFirebase()).currentToken(true) });
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
