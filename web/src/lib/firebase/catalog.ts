// Live catalogue: product documents from Firestore (public read), so stock and prices update while a shopper looks.
import { doc, onSnapshot } from 'firebase/firestore';
import { firebase } from './app';

export interface LiveProductFields {
  countInStock: number;
  price: number;
  rating: number;
  numReviews: number;
}

/** Calls back with the product's live stock, price and rating whenever they change. */
export function watchProduct(id: string, onChange: (fields: LiveProductFields) => void): () => void {
  return onSnapshot(
    doc(firebase().db, 'products', id),
    (snap) => {
      const d = snap.data();
      if (!d) return;
      onChange({
        countInStock: Number(d.countInStock ?? 0),
        // The Firestore adapter stores money in integer cents (priceCents); dollars are what the UI shows.
        price: typeof d.priceCents === 'number' ? d.priceCents / 100 : Number(d.price ?? 0),
        rating: Number(d.rating ?? 0),
        numReviews: Number(d.numReviews ?? 0),
      });
    },
    () => undefined, // a lost listener just leaves the last answer of the API on screen
  );
}
