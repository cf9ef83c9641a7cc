// The signed-in shopper's cart follows them across tabs and devices: one algorithm over the account's stored cart
// as the shop's client offers it (lib/shop: a CartRemote with load, save and watch; GET/PUT /api/cart and live cart
// events on the embedded server, carts/{uid} in Firestore). Visitors' carts stay in the browser.
//
// Cart rules, so that no edit is lost: merged once at sign-in (domain/cart.ts mergeCarts) and the merge written when
// it differs from the stored cart; another tab's or device's change is applied only when this device has no edit
// waiting to be written (else this device's write follows and wins, so both end the same); an edit made while a
// stored cart is being applied wins over it. A failed write or a remote that stopped is told (cartSyncErrorStore).
import { mergeCarts, type CartLine } from '@domain/cart';
import { watch } from '@/lib/live';
import type { CartRemote, ShopClient } from '@/lib/shop';
import { linesOf, stockOfItems, toCartItems } from './cartLines';
import { addToCart, cartStore } from './store';
import { cartSyncErrorStore } from './syncStatus';

/** How long the cart waits after an edit before writing it (a burst of edits is one write). */
export const CART_SAVE_DELAY_MS = 400;
export const CART_SYNC_FAILED =
  'Your cart could not be saved to your account, so your other devices may not show these changes. They are kept on this device; we will try again with your next change.';

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) =>
  a.length === b.length &&
  a.every((l, i) => l.product === b[i]!.product && l.variant === b[i]!.variant && l.qty === b[i]!.qty);

/** Keeps this device's cart and the account's (`remote`) in step until the returned function is called. */
export function syncAccountCart(remote: CartRemote): () => void {
  let stopped = false;
  let loaded = false;
  let applying = false;
  /** Bumped by every edit made on this device. */
  let localEdits = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastItems = cartStore.get().cartItems;

  const failed = (what: string) => (error: unknown) => {
    console.error(`[cart] ${what}`, error);
    cartSyncErrorStore.set(CART_SYNC_FAILED);
  };

  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    remote
      .save(linesOf(cartStore.get().cartItems))
      .then(() => cartSyncErrorStore.set(null), failed('saving the cart to the account failed'));
  };

  /** Puts `lines` (or, at sign-in, their merge with this device's cart) in the cart; false when an edit here came
   *  meanwhile (that edit is being written and wins). */
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

  /** Another tab's or device's cart: applied when no edit here waits to be written (one that does follows and wins). */
  const follow = (lines: readonly CartLine[]) => {
    if (loaded && timer === undefined) void apply(lines, false);
  };

  const stopLocal = cartStore.subscribe(() => {
    const items = cartStore.get().cartItems;
    if (applying || items === lastItems) return; // a stored cart being applied, or not an item change
    lastItems = items;
    localEdits++;
    if (!loaded) return; // the sign-in merge takes it in and writes it
    clearTimeout(timer);
    timer = setTimeout(save, CART_SAVE_DELAY_MS);
  });

  const stopRemote = remote.watch({
    onChange: follow,
    onResync: () => {
      if (loaded && timer === undefined) remote.load().then(follow, () => undefined);
    },
    onError: failed('the account cart stopped syncing'),
  });

  void (async () => {
    try {
      const stored = await remote.load();
      for (let attempt = 0; attempt < 3 && !stopped; attempt++) if (await apply(stored, true)) break;
      if (stopped) return;
      loaded = true;
      if (!sameLines(linesOf(cartStore.get().cartItems), stored)) save();
    } catch (error) {
      failed('the account cart could not be loaded')(error);
      loaded = true; // this device's edits are still written
    }
  })();

  return () => {
    stopped = true;
    clearTimeout(timer);
    stopLocal();
    stopRemote();
  };
}

/** Follows the account the shop's client says may be synced: syncs its cart, stops when there is none (the cart
 *  stays on this device). */
export function startCartSync(cart: NonNullable<ShopClient['cart']>): () => void {
  let uid: string | null = null;
  let stop: (() => void) | null = null;
  const stopFollowing = cart.followAccount((next) => {
    if (next === uid) return;
    stop?.();
    stop = null;
    uid = next;
    if (!uid) return;
    let cancelled = false;
    let stopSync: (() => void) | null = null;
    stop = () => {
      cancelled = true;
      stopSync?.();
    };
    cart.remote(uid, watch).then(
      (remote) => {
        if (!cancelled) stopSync = syncAccountCart(remote);
      },
      (error: unknown) => {
        console.error('[cart] the account cart could not be loaded', error);
        cartSyncErrorStore.set(CART_SYNC_FAILED);
      },
    );
  });
  return () => {
    stopFollowing();
    stop?.();
  };
}
