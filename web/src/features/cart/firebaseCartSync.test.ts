import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { startFirebaseCartSync } from './firebaseCartSync';
import { addToCart, cartStore, resetCart } from './store';

// The merge rule itself (mergeCarts) is tested once, in functions/src/domain/cart.test.ts.

type CartListener = (lines: { product: string; qty: number }[] | null, fromThisDevice: boolean) => void;

/** The lib/firebase calls the sync uses, driven by the test. */
function fakeFirebase() {
  let onToken: (token: string | null, uid: string | null) => void = () => undefined;
  let onCart: CartListener = () => undefined;
  const stopWatchingCart = vi.fn();
  return {
    watchIdToken: (listener: typeof onToken) => {
      onToken = listener;
      return () => undefined;
    },
    watchCart: vi.fn((_uid: string, listener: CartListener) => {
      onCart = listener;
      return stopWatchingCart;
    }),
    saveCart: vi.fn(async () => undefined),
    stopWatchingCart,
    token: (token: string | null, uid: string | null) => onToken(token, uid),
    // The sync's listener is async: its promise is awaited here so the test sees the applied cart.
    remoteCart: async (lines: { product: string; qty: number }[] | null) =>
      (onCart as unknown as (l: typeof lines, f: boolean) => Promise<void>)(lines, false),
  };
}

const lamp = { product: 'lamp', name: 'Volt Lamp', image: '/l.png', price: 5, countInStock: 9, qty: 2 };

describe('Firebase cart sync', () => {
  afterEach(() => {
    signOut();
    resetCart();
  });

  it("syncs the signed-in user's cart: merges at sign-in, saves the merge, follows other devices, stops at sign-out", async () => {
    const fb = fakeFirebase();
    addToCart(lamp);
    setUserInfo({ _id: 'uid-alice', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 't' });
    const stop = startFirebaseCartSync(fb);

    fb.token('t', 'uid-someone-else');
    expect(fb.watchCart).not.toHaveBeenCalled();
    fb.token('t', 'uid-alice');
    expect(fb.watchCart).toHaveBeenCalledWith('uid-alice', expect.any(Function), expect.any(Function));

    await fb.remoteCart([{ product: 'lamp', qty: 5 }]);
    // At sign-in the larger quantity of the two carts is kept (domain/cart.ts mergeCarts).
    expect(cartStore.get().cartItems).toEqual([{ ...lamp, qty: 5 }]);
    expect(fb.saveCart).toHaveBeenCalledWith('uid-alice', [{ ...lamp, qty: 5 }]);

    await fb.remoteCart([{ product: 'lamp', qty: 4 }]); // later: another device changed it
    expect(cartStore.get().cartItems).toEqual([{ ...lamp, qty: 4 }]);

    fb.token(null, null);
    expect(fb.stopWatchingCart).toHaveBeenCalled();
    stop();
  });
});
