import type { ReactNode } from 'react';
import { sessionStore } from '@/lib/session';
import { shop } from '@/lib/shop';

let wired = false;

/** Once per page: the shop's client started (Firebase: the SDK, its session and token refresh), and the account
 *  cart sync. */
export function wireAuth() {
  if (wired) return;
  wired = true;
  void shop.start();
  const cart = shop.cart;
  if (!cart) return; // the cart stays on this device (the emulators without Firestore)
  // The signed-in cart follows the account. Its code (and TanStack Query with it) loads once there is an account
  // to follow, so a visitor's first page does without it.
  const start = () => void import('@/features/cart/cartSync').then((sync) => sync.startCartSync(cart));
  if (sessionStore.get()) start();
  else {
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.get()) return;
      unsubscribe();
      start();
    });
  }
}

export function AppProvider({ children }: { children: ReactNode }) {
  wireAuth();
  // What the backend says on every page (Firebase: a start-up failure, Firestore off in the emulators).
  const Status = shop.Status;
  return (
    <>
      {Status && <Status />}
      {children}
    </>
  );
}
