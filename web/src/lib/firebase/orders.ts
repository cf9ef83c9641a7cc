// Live orders (Firebase build): the rules let an order's owner and admins read it; a guest follows its order's
// public status document instead (watchOrderStatus). The owner's order page follows
// its document and maps each change itself (mapping.ts orderFromDoc: the API's own mapping), so a change costs one
// document read and no call to the function. The admin's lists take only WHEN orders changed from here and ask the
// API (their answers hold what no document read gives them, e.g. the admin's notes).
import type { Order } from '@domain';
import { collection, doc, limit, onSnapshot, orderBy, query } from 'firebase/firestore';
import type { OrderRecord } from '@domain/orders';
import { firebase } from './app';
import { COLLECTIONS, ORDER_STATUS_COLLECTION, orderFromDoc } from './mapping';

/** Calls back with the order at once and after each change; null when the document is gone or cannot be read as an
 *  order (the page then asks the API). A lost listener (the rules, a sign-out) leaves the API's answer on screen. */
export function watchOrder(id: string, onChange: (order: Order | null) => void): () => void {
  return onSnapshot(
    doc(firebase().db, COLLECTIONS.orders, id),
    (snap) => onChange(orderFromDoc(snap.id, snap.data() as Partial<OrderRecord> | undefined)),
    () => undefined,
  );
}

/** The id of a guest order's status document: the SHA-256 of its guest token, hex (as the function names it,
 *  functions/src/adapters/firebase/store/orderStatus.ts). */
export async function orderStatusIdOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A guest's order page (no account, so orders/{id} is not readable): calls back after each change of the order, as
 *  its public status document (orderStatus/{hash of the token}, firestore.rules: get only) says; not for the first
 *  snapshot (the page has just loaded the order). Missing (an account took the order, or an order from before
 *  issue 37): nothing is heard. */
export function watchOrderStatus(token: string, onChange: () => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void orderStatusIdOf(token).then((id) => {
    if (stopped) return;
    let seen: unknown;
    let first = true;
    stop = onSnapshot(
      doc(firebase().db, ORDER_STATUS_COLLECTION, id),
      (snap) => {
        const revision = snap.get('revision') as unknown;
        if (!first && revision !== seen) onChange();
        first = false;
        seen = revision;
      },
      () => undefined, // a lost listener leaves the API's answer on screen
    );
  });
  return () => {
    stopped = true;
    stop?.();
  };
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
