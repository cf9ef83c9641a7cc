// Issue 41: the signed-in customer's wishlist document (wishlists/{uid}, written only by the API), followed so that
// another device's save shows here as the embedded build's `wishlist` live frame does (firestore.rules: the owner
// may get it, nobody writes it).
import type { StoredWishlist } from '@domain/wishlist';
import { WISHLISTS_COLLECTION, type WishlistDoc } from '@firestore/schema';
import { doc, onSnapshot } from 'firebase/firestore';
import { firebase } from './app';

/** Calls back with the stored list (an empty one when none is stored) and on every change. */
export function watchWishlist(
  uid: string,
  onChange: (wishlist: StoredWishlist) => void,
  onError: (error: Error) => void = () => undefined,
): () => void {
  return onSnapshot(
    doc(firebase().db, WISHLISTS_COLLECTION, uid),
    (snap) => {
      const data = snap.data() as WishlistDoc | undefined;
      onChange({
        items: (data?.items ?? []).map((i) =>
          i.variant ? { product: i.product, variant: i.variant } : { product: i.product },
        ),
        updatedAt: data?.updatedAt ?? null,
      });
    },
    onError,
  );
}
