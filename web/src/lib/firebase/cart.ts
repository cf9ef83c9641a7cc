// The signed-in shopper's cart, kept in Firestore at carts/{uid} so it follows them across devices.
// Only product ids and quantities are stored (the rules validate that shape); names and prices come from the API.
import { doc, onSnapshot, serverTimestamp, setDoc } from 'firebase/firestore';
import { firebase } from './app';

export interface CartLine {
  product: string;
  qty: number;
}

export function saveCart(uid: string, items: CartLine[]): Promise<void> {
  return setDoc(doc(firebase().db, 'carts', uid), {
    items: items.slice(0, 50).map((i) => ({ product: i.product, qty: i.qty })),
    updatedAt: serverTimestamp(),
  });
}

/** Calls back with the stored cart (null when there is none yet) and again whenever another device changes it. */
export function watchCart(uid: string, onChange: (items: CartLine[] | null, fromThisDevice: boolean) => void): () => void {
  return onSnapshot(
    doc(firebase().db, 'carts', uid),
    (snap) => {
      const data = snap.data();
      const items = Array.isArray(data?.items) ? (data.items as CartLine[]) : null;
      onChange(items, snap.metadata.hasPendingWrites);
    },
    () => undefined,
  );
}
