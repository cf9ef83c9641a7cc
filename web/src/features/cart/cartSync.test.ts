import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseShop, type FirebaseModule } from '@/lib/firebase/client';
import { setUserInfo, signOut } from '@/lib/session';
import { startCartSync } from './cartSync';
import { addToCart, cartStore, resetCart } from './store';

// The merge rule itself (mergeCarts) is tested once, in functions/src/domain/cart.test.ts; the sync's races in
// cartSync.race.test.ts, over both remotes.

type CartListener = (lines: { product: string; qty: number }[] | null, fromThisDevice: boolean) => void;

/** The lib/firebase calls the Firebase build's client uses, driven by the test. */
function fakeFirebase() {
  let onToken: (token: string | null, uid: string | null) => void = () => undefined;
  const listeners = new Set<CartListener>();
  const stopWatchingCart = vi.fn();
  return {
    watchIdToken: (listener: typeof onToken) => {
      onToken = listener;
      return () => undefined;
    },
    watchCart: vi.fn((_uid: string, listener: CartListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        stopWatchingCart();
      };
    }),
    saveCart: vi.fn(async () => undefined),
    listeners,
    stopWatchingCart,
    token: (token: string | null, uid: string | null) => onToken(token, uid),
    remoteCart: async (lines: { product: string; qty: number }[] | null) => {
      [...listeners].forEach((l) => l(lines, false));
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const lamp = { product: 'lamp', name: 'Volt Lamp', image: '/l.png', price: 5, countInStock: 9, qty: 5 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cart sync in the Firebase build', () => {
  afterEach(() => {
    signOut();
    resetCart();
  });

  it("syncs the signed-in user's cart: merges at sign-in, saves the merge, follows other devices, stops at sign-out", async () => {
    const fb = fakeFirebase();
    addToCart(lamp);
    setUserInfo({ _id: 'uid-alice', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 't' });
    const shop = createFirebaseShop(async () => fb as unknown as FirebaseModule);
    const stop = startCartSync(shop.cart!);
    await settle();

    fb.token('t', 'uid-someone-else');
    expect(fb.watchCart).not.toHaveBeenCalled();
    fb.token('t', 'uid-alice');
    await vi.dynamicImportSettled(); // the remote's chunk (lib/firebase/cartRemote.ts)
    await settle();
    expect(fb.watchCart).toHaveBeenCalledWith('uid-alice', expect.any(Function), expect.any(Function));

    await fb.remoteCart([{ product: 'lamp', qty: 2 }]);
    // At sign-in the larger quantity of the two carts is kept (domain/cart.ts mergeCarts), and written.
    expect(cartStore.get().cartItems).toEqual([lamp]);
    expect(fb.saveCart).toHaveBeenCalledWith('uid-alice', [{ product: 'lamp', qty: 5 }]);

    await fb.remoteCart([{ product: 'lamp', qty: 4 }]); // later: another device changed it
    expect(cartStore.get().cartItems).toEqual([{ ...lamp, qty: 4 }]);

    fb.token(null, null);
    expect(fb.listeners.size).toBe(0);
    expect(fb.stopWatchingCart).toHaveBeenCalled();
    stop();
  });
});
