// Live orders (Firebase build): the rules let an order's owner and admins read it. Only WHEN an order changed is
// taken from Firestore; its shape comes from the API (the server maps the document), so callers refetch once.
import { collection, doc, limit, onSnapshot, orderBy, query } from 'firebase/firestore';
import { firebase } from './app';
import { COLLECTIONS } from './mapping';

/** Calls back after each change of the order (not for the first snapshot: the page has just loaded it). */
export function watchOrderChanges(id: string, onChange: () => void): () => void {
  let first = true;
  return onSnapshot(
    doc(firebase().db, COLLECTIONS.orders, id),
    () => {
      if (!first) onChange();
      first = false;
    },
    () => undefined, // a lost listener leaves the API's answer on screen
  );
}

/** Admin: calls back when an order is placed or one of the newest changes. */
export function watchNewestOrders(onChange: () => void, newest = 20): () => void {
  let first = true;
  return onSnapshot(
    query(collection(firebase().db, COLLECTIONS.orders), orderBy('createdAt', 'desc'), limit(newest)),
    () => {
      if (!first) onChange();
      first = false;
    },
    () => undefined,
  );
}
