// Issue 41: what the hearts and the wishlist page do, loaded on the first click (or, signed in, after the hearts
// rendered). A guest's list lives in localStorage only; an account's on the server (GET/PUT /api/wishlist), mirrored
// in localStorage for the hearts, kept current by the `wishlist` live topic (another device's save). At sign-in a
// guest's list is merged into the account's once (domain/wishlist.ts mergeWishlists: a union, the account's first).
import {
  dedupeWishlist,
  mergeWishlists,
  toggleWishlistItem,
  wishlistItemId,
  type Wishlist,
  type WishlistItem,
} from '@domain/wishlist';
import { call } from '@/lib/api';
import { wishlistGet, wishlistPut } from '@/lib/endpoints.gen';
import { watch } from '@/lib/live';
import { sessionStore } from '@/lib/session';
import { setLocalWishlist, wishlistStore } from './wishlistStore';

type Listener = (answer: Wishlist | null) => void;
const listeners = new Set<Listener>();

/** The page hears each new answer (a save here) or, with null, that it should read again (another device's save). */
export function subscribeWishlist(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const announce = (answer: Wishlist | null) => listeners.forEach((l) => l(answer));

const itemsOf = (w: { items: readonly WishlistItem[] }): WishlistItem[] =>
  dedupeWishlist(w.items.map((i) => (i.variant ? { product: i.product, variant: i.variant } : { product: i.product })));

let syncedFor: string | null = null;
let syncing: Promise<void> | null = null;
let stopLive: (() => void) | null = null;
/** Saves run one after the other, so the last click's list is the one kept. */
let writes: Promise<unknown> = Promise.resolve();

async function save(uid: string, items: WishlistItem[]): Promise<Wishlist> {
  const run = writes.then(() => call(wishlistPut, { body: { items } }));
  writes = run.catch(() => undefined);
  const answer = await run;
  if (sessionStore.get()?._id === uid) setLocalWishlist({ owner: uid, items: itemsOf(answer) });
  announce(answer);
  return answer;
}

async function refresh(uid: string): Promise<void> {
  const server = await call(wishlistGet, {});
  if (sessionStore.get()?._id === uid) setLocalWishlist({ owner: uid, items: itemsOf(server) });
  announce(server);
}

/** Signed in: once per account, merges a guest's list into the server's, reads it, and listens to other devices. */
export function ensureSynced(): Promise<void> {
  const user = sessionStore.get();
  if (!user) return Promise.resolve();
  if (syncedFor === user._id && syncing) return syncing;
  syncedFor = user._id;
  const uid = user._id;
  syncing = (async () => {
    const local = wishlistStore.get();
    const server = await call(wishlistGet, {});
    const serverItems = itemsOf(server);
    if (local.owner === null && local.items.length > 0) {
      const { items } = mergeWishlists(serverItems, local.items);
      if (items.length > serverItems.length) {
        await save(uid, items);
        return;
      }
    }
    if (sessionStore.get()?._id === uid) setLocalWishlist({ owner: uid, items: serverItems });
    announce(server);
  })();
  syncing.catch(() => {
    // Not synced (offline, the server restarting): the next heart or page visit tries again.
    syncedFor = null;
    syncing = null;
  });
  stopLive?.();
  stopLive = watch((live) =>
    live.watchWishlist(uid, {
      onChange: (stored) => {
        if (sessionStore.get()?._id !== uid) return;
        setLocalWishlist({ owner: uid, items: itemsOf(stored) });
        announce(null);
      },
      onResync: () => void refresh(uid).catch(() => undefined),
    }),
  );
  return syncing;
}

/** Signed out (or another account): stop listening; the hearts forget the account's list. */
export function forgetAccount(): void {
  stopLive?.();
  stopLive = null;
  syncedFor = null;
  syncing = null;
  if (wishlistStore.get().owner !== null) setLocalWishlist({ owner: null, items: [] });
}

/** The heart's click: a guest's list changes here; an account's shows at once and is saved (refused past 100). */
export async function toggleWish(item: WishlistItem): Promise<void> {
  const user = sessionStore.get();
  if (!user) {
    const local = wishlistStore.get();
    setLocalWishlist({ owner: null, items: toggleWishlistItem(local.owner === null ? local.items : [], item) });
    return;
  }
  await ensureSynced();
  const next = toggleWishlistItem(wishlistStore.get().items, item);
  await saveShown(user._id, next);
}

/** The page's "Remove" (and "Move to cart"): the list without the item. */
export async function removeWish(item: WishlistItem): Promise<Wishlist | null> {
  const user = sessionStore.get();
  if (!user) return null;
  await ensureSynced();
  const id = wishlistItemId(item);
  const next = wishlistStore.get().items.filter((i) => wishlistItemId(i) !== id);
  return saveShown(user._id, next);
}

/** Shows the new list at once, saves it; when refused, shows the server's again and says why. */
async function saveShown(uid: string, next: WishlistItem[]): Promise<Wishlist> {
  setLocalWishlist({ owner: uid, items: next });
  try {
    return await save(uid, next);
  } catch (error) {
    await refresh(uid).catch(() => undefined);
    throw error;
  }
}

/** The wishlist page's read: after the sign-in merge, the list with each product as it is now. */
export async function loadWishlist(): Promise<Wishlist> {
  await ensureSynced();
  return call(wishlistGet, {});
}
