// Firebase mode: whether the signed-in shopper's cart reached their account (carts/{uid}). A failed write leaves
// this device's cart and the account's apart, so the shopper is told (CartPage) instead of finding out later.
import { createStore, useStore } from '@/lib/store';

/** The last cart sync failure, in words for the shopper; null when the last write went through. */
export const cartSyncErrorStore = createStore<string | null>(null);

export const useCartSyncError = () => useStore(cartSyncErrorStore);
