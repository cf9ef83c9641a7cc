// The signed-in shopper's cart, kept in Firestore at carts/{uid} so it follows them across devices.
// Only product ids and quantities are stored (the rules validate that shape); names and prices come from the API.
import { doc, onSnapshot, serverTimestamp, setDoc } from 'firebase/firestore';
import { firebase } from './app';
import { cartDocOf, cartLinesFromDoc, COLLECTIONS, type CartLine } from './mapping';

export type { CartLine };

export function saveCart(uid: string, items: CartLine[]): Promise<void> {
  return setDoc(doc(firebase().db, COLLECTIONS.carts, uid), cartDocOf(items, serverTimestamp()));
}

/** Calls back with the stored cart (null when there is none yet) and again whenever another device changes it. */
export function watchCart(uid: string, onChange: (items: CartLine[] | null, fromThisDevice: boolean) => void): () => void {
  return onSnapshot(
    doc(firebase().db, COLLECTIONS.carts, uid),
    (snap) => onChange(cartLinesFromDoc(snap.data()), snap.metadata.hasPendingWrites),
    () => undefined,
  );
}
