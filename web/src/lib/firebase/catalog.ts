// Live catalogue: product documents from Firestore (public read), so stock and prices update while a shopper looks.
import { doc, onSnapshot } from 'firebase/firestore';
import { firebase } from './app';
import { COLLECTIONS, liveProductFromDoc, type LiveProductFields } from './mapping';

export type { LiveProductFields };

/** Calls back with the product's live stock, price and rating whenever they change. */
export function watchProduct(id: string, onChange: (fields: LiveProductFields) => void): () => void {
  return onSnapshot(
    doc(firebase().db, COLLECTIONS.products, id),
    (snap) => {
      const fields = liveProductFromDoc(id, snap.data());
      if (fields) onChange(fields);
    },
    () => undefined, // a lost listener just leaves the last answer of the API on screen
  );
}
