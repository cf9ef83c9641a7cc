// Firebase mode: the signed-in shopper's cart is kept in Firestore (lib/firebase/cart.ts) in step with this device's,
// so it follows them across devices. Receives the lib/firebase module as a parameter (loaded only in that build).
import { mergeCarts } from '@domain/cart';
import type { FirebaseModule } from '@/lib/backend';
import { sessionStore } from '@/lib/session';
import { stockOfItems, toCartItems } from './cartLines';
import { addToCart, cartStore } from './store';
import { cartSyncErrorStore } from './syncStatus';

/** How long the cart waits after an edit before writing it (a burst of edits is one write). */
export const CART_SAVE_DELAY_MS = 400;
export const CART_SYNC_FAILED =
  'Your cart could not be saved to your account, so your other devices may not show these changes. They are kept on this device; we will try again with your next change.';

/**
 * Keeps the signed-in user's cart in Firestore (carts/{uid}) in step with this device's, while the SDK's signed-in
 * user is the session's user; stops when the SDK signs out (lib/session.ts followFirebaseSession signs out here).
 *
 * Cart rules, so that no edit is lost: this page's own writes and their echoes are ignored (lib/firebase/cart.ts
 * marks them); another device's change is applied only when this device has no edit waiting to be written (else
 * this device's write follows and wins, so both end the same); an edit made while another device's cart is being
 * loaded wins over it. A failed write is shown to the shopper (cartSyncErrorStore).
 */
export function startFirebaseCartSync(
  fb: Pick<FirebaseModule, 'watchIdToken' | 'watchCart' | 'saveCart'>,
  options: { firestore?: boolean } = {},
): () => void {
  // Off only where no Firestore runs (the emulators without Java 21): the cart then stays on this device.
  if (options.firestore === false) return () => undefined;
  let stopCart: (() => void) | null = null;
  let stopLocal: (() => void) | null = null;
  let applyingRemote = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopSync = () => {
    clearTimeout(timer);
    timer = undefined;
    stopCart?.();
    stopLocal?.();
    stopCart = stopLocal = null;
  };

  const startSync = (uid: string) => {
    let first = true;
    /** Bumped by every edit made on this device. */
    let localEdits = 0;
    let lastItems = cartStore.get().cartItems;

    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      fb.saveCart(uid, cartStore.get().cartItems).then(
        () => cartSyncErrorStore.set(null),
        (error: unknown) => {
          console.error('[cart] saving the cart to the account failed', error);
          cartSyncErrorStore.set(CART_SYNC_FAILED);
        },
      );
    };

    stopCart = fb.watchCart(
      uid,
      async (lines, fromThisDevice) => {
        if (fromThisDevice) return; // this page's write, or the server's echo of it: the cart here is as new or newer
        const isFirst = first;
        first = false;
        if (!isFirst && timer !== undefined) return; // an edit here waits to be written: it follows and wins
        const editsBefore = localEdits;
        const local = cartStore.get().cartItems;
        // At sign-in: the one merge rule of both builds (domain/cart.ts mergeCarts).
        const wanted = isFirst ? mergeCarts(lines ?? [], local, stockOfItems(local)) : (lines ?? []);
        const items = await toCartItems(wanted, local);
        if (localEdits !== editsBefore) return; // edited meanwhile: that edit is being written and wins
        applyingRemote = true;
        cartStore.set((s) => ({ ...s, cartItems: [] }));
        items.forEach(addToCart); // also saves to browser storage
        lastItems = cartStore.get().cartItems;
        applyingRemote = false;
        if (isFirst) save();
      },
      (error) => {
        console.error('[cart] the account cart stopped syncing', error);
        cartSyncErrorStore.set(CART_SYNC_FAILED);
      },
    );
    stopLocal = cartStore.subscribe(() => {
      const items = cartStore.get().cartItems;
      if (applyingRemote || items === lastItems) return; // a remote cart being applied, or not an item change
      lastItems = items;
      localEdits++;
      clearTimeout(timer);
      timer = setTimeout(save, CART_SAVE_DELAY_MS);
    });
  };

  const stopToken = fb.watchIdToken((token, uid) => {
    const user = sessionStore.get();
    if (token && uid && user && user._id === uid) {
      if (!stopCart) startSync(uid);
    } else if (!token) {
      stopSync();
    }
  });
  return () => {
    stopToken();
    stopSync();
  };
}
