// Live orders (Firebase build): the rules let an order's owner and admins read it. The owner's order page follows
// its document and maps each change itself (mapping.ts orderFromDoc: the API's own mapping), so a change costs one
// document read and no call to the function. The admin's lists take only WHEN orders changed from here and ask the
// API (their answers hold what no document read gives them, e.g. the admin's notes).
import type { Order } from '@domain';
import { collection, doc, limit, onSnapshot, orderBy, query } from 'firebase/firestore';
import type { OrderRecord } from '@domain/orders';
import { firebase } from './app';
import { COLLECTIONS, orderFromDoc } from './mapping';

/** Calls back with the order at once and after each change; null when the document is gone or cannot be read as an
 *  order (the page then asks the API). A lost listener (the rules, a sign-out) leaves the API's answer on screen. */
export function watchOrder(id: string, onChange: (order: Order | null) => void): () => void {
  return onSnapshot(
    doc(firebase().db, COLLECTIONS.orders, id),
    (snap) => onChange(orderFromDoc(snap.id, snap.data() as Partial<OrderRecord> | undefined)),
    () => undefined,
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
