// Embedded backend: the signed-in shopper's cart is kept on the server (GET/PUT /api/cart) so it follows them across
// tabs and devices; live cart events (lib/live) bring other devices' changes. Visitors' carts stay in the browser.
// Same rules as the Firebase sync (firebaseCartSync.ts): merged once at sign-in by domain/cart.ts mergeCarts; this
// device's edit waiting to be written wins over another device's change; a failed write is told (cartSyncErrorStore).
import { mergeCarts, type CartLine, type StoredCart } from '@domain/cart';
import { api } from '@/lib/api';
import { watch } from '@/lib/live';
import { sessionStore } from '@/lib/session';
import { linesOf, stockOfItems, toCartItems } from './cartLines';
import { CART_SAVE_DELAY_MS, CART_SYNC_FAILED } from './firebaseCartSync';
import { addToCart, cartStore } from './store';
import { cartSyncErrorStore } from './syncStatus';

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) =>
  a.length === b.length && a.every((l, i) => l.product === b[i]!.product && l.qty === b[i]!.qty);

function syncAccountCart(uid: string): () => void {
  let stopped = false;
  let loaded = false;
  let applying = false;
  let localEdits = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastItems = cartStore.get().cartItems;

  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    api<StoredCart>('/api/cart', { method: 'PUT', body: { items: linesOf(cartStore.get().cartItems) } }).then(
      () => cartSyncErrorStore.set(null),
      (error: unknown) => {
        console.error('[cart] saving the cart to the account failed', error);
        cartSyncErrorStore.set(CART_SYNC_FAILED);
      },
    );
  };

  /** Puts `wanted` (or its merge with this device's cart) in the cart; false when an edit here came meanwhile. */
  const apply = async (lines: readonly CartLine[], merge: boolean): Promise<boolean> => {
    const editsBefore = localEdits;
    const local = cartStore.get().cartItems;
    const wanted = merge ? mergeCarts(lines, linesOf(local), stockOfItems(local)) : [...lines];
    if (sameLines(wanted, linesOf(local))) return true;
    const items = await toCartItems(wanted, local);
    if (stopped || localEdits !== editsBefore) return false;
    applying = true;
    cartStore.set((s) => ({ ...s, cartItems: [] }));
    items.forEach(addToCart); // also saves to browser storage
    lastItems = cartStore.get().cartItems;
    applying = false;
    return true;
  };

  const load = async () => {
    try {
      const stored = await api<StoredCart>('/api/cart');
      for (let attempt = 0; attempt < 3 && !stopped; attempt++) if (await apply(stored.items, true)) break;
      if (stopped) return;
      loaded = true;
      if (!sameLines(linesOf(cartStore.get().cartItems), stored.items)) save();
    } catch (error) {
      console.error('[cart] the account cart could not be loaded', error);
      cartSyncErrorStore.set(CART_SYNC_FAILED);
      loaded = true; // this device's edits are still written
    }
  };
  void load();

  const stopLocal = cartStore.subscribe(() => {
    const items = cartStore.get().cartItems;
    if (applying || items === lastItems) return;
    lastItems = items;
    localEdits++;
    if (!loaded) return; // the sign-in merge takes it in and saves
    clearTimeout(timer);
    timer = setTimeout(save, CART_SAVE_DELAY_MS);
  });

  const stopLive = watch((live) =>
    live.watchCart(uid, {
      onChange: (lines) => {
        // An edit here waits to be written: it follows and wins. Own echoes equal the cart here: nothing to do.
        if (loaded && timer === undefined) void apply(lines, false);
      },
      onResync: () => {
        if (loaded && timer === undefined)
          void api<StoredCart>('/api/cart').then(
            (stored) => apply(stored.items, false),
            () => undefined,
          );
      },
    }),
  );

  return () => {
    stopped = true;
    clearTimeout(timer);
    stopLocal();
    stopLive();
  };
}

/** Follows the session: syncs the signed-in account's cart, stops at sign-out (the cart stays on this device). */
export function startServerCartSync(): () => void {
  let uid: string | null = null;
  let stop: (() => void) | null = null;
  const follow = () => {
    const user = sessionStore.get();
    if ((user?._id ?? null) === uid) return;
    stop?.();
    stop = null;
    uid = user?._id ?? null;
    if (uid) stop = syncAccountCart(uid);
  };
  follow();
  const unsubscribe = sessionStore.subscribe(follow);
  return () => {
    unsubscribe();
    stop?.();
  };
}
