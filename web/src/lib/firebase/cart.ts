// The signed-in shopper's cart, kept in Firestore at carts/{uid} so it follows them across devices.
// Only product ids and quantities are stored (the rules validate that shape); names and prices come from the API.
//
// Each write carries this page's random `writer` id. The server's acknowledgement of a write comes back as a
// snapshot without pending writes (serverTimestamp() resolves), which is NOT another device's change: the writer id
// tells them apart, so the session never "applies" its own older write over edits made since.
import { doc, onSnapshot, serverTimestamp, setDoc } from 'firebase/firestore';
import { firebase } from './app';
import { cartDocOf, cartLinesFromDoc, COLLECTIONS, type CartLine } from './mapping';

export type { CartLine };

/** This page's id on its cart writes (a new one per page load: two tabs are two writers). */
export const CART_WRITER_ID = globalThis.crypto.randomUUID();

export function saveCart(uid: string, items: CartLine[]): Promise<void> {
  return setDoc(doc(firebase().db, COLLECTIONS.carts, uid), {
    ...cartDocOf(items, serverTimestamp()),
    writer: CART_WRITER_ID,
  });
}

/** Did this page write this snapshot (still pending, or its acknowledgement)? */
export function isOwnCartWrite(data: { writer?: unknown } | undefined, hasPendingWrites: boolean): boolean {
  return hasPendingWrites || data?.writer === CART_WRITER_ID;
}

/**
 * Calls back with the stored cart (null when there is none yet) and on every change; `fromThisDevice` is true
 * for this page's own writes. `onError` hears a listener that stopped (e.g. the rules refused the read).
 */
export function watchCart(
  uid: string,
  onChange: (items: CartLine[] | null, fromThisDevice: boolean) => void,
  onError: (error: Error) => void = () => undefined,
): () => void {
  return onSnapshot(
    doc(firebase().db, COLLECTIONS.carts, uid),
    (snap) => {
      const data = snap.data();
      onChange(cartLinesFromDoc(data), isOwnCartWrite(data, snap.metadata.hasPendingWrites));
    },
    onError,
  );
}
