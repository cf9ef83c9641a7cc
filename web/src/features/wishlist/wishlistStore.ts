// Issue 41: the hearts' state, one small store kept in localStorage (`wishlist`): a guest's list, or the signed-in
// account's as last synced (wishlistSync.ts keeps it current and merges a guest's list into the account's at
// sign-in). `owner` tells which: null for a guest's. Loaded with the hearts' lazy chunk, never the first bundle.
import type { WishlistItem } from '@domain/wishlist';
import { readJSON, writeJSON } from '@/lib/storage';
import { createStore } from '@/lib/store';

export const WISHLIST_KEY = 'wishlist';

export interface LocalWishlist {
  /** The account the items are the mirror of; null: a guest's own list. */
  owner: string | null;
  items: WishlistItem[];
}

const isItem = (i: unknown) =>
  !!i &&
  typeof (i as WishlistItem).product === 'string' &&
  ((i as WishlistItem).variant === undefined || typeof (i as WishlistItem).variant === 'string');

const isLocalWishlist = (v: unknown) => {
  const w = v as Partial<LocalWishlist> | null;
  return !!w && (w.owner === null || typeof w.owner === 'string') && Array.isArray(w.items) && w.items.every(isItem);
};

const read = () => readJSON<LocalWishlist>(WISHLIST_KEY, { owner: null, items: [] }, isLocalWishlist);

export const wishlistStore = createStore<LocalWishlist>(read());

export function setLocalWishlist(next: LocalWishlist): void {
  writeJSON(WISHLIST_KEY, next);
  wishlistStore.set(next);
}

// Another tab's change (a heart there, a sign-in's merge) shows here too.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === WISHLIST_KEY) wishlistStore.set(read());
  });
