// orderStatus/{sha256(guest token)}: a guest order's live status (firestore/schema.ts OrderStatusDoc; issue 37),
// written in the transaction of every change of a guest order (orders.ts), so the guest's page hears each change
// as an owner's page hears orders/{id}. An account's order has none; an order an account took loses it.
import { createHash } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { OrderRecord } from '../../../domain/orders.js';
import { ORDER_STATUS_COLLECTION, orderStatusDoc } from '../../../firestore/schema.js';
import { toOrder } from './mapping.js';

/** The document id for a guest token: its SHA-256, hex (the web computes the same with SubtleCrypto). */
export const orderStatusId = (guestToken: string) => createHash('sha256').update(guestToken).digest('hex');

/** Writes the order's status document in `tx` when it is a guest's order (a write: after the transaction's reads);
 *  deletes it once an account took the order (no guest email any more). */
export function writeOrderStatus(tx: Transaction, db: Firestore, id: string, record: OrderRecord): void {
  if (!record.guestToken) return;
  const ref = db.collection(ORDER_STATUS_COLLECTION).doc(orderStatusId(record.guestToken));
  if (!record.guestEmail) {
    tx.delete(ref);
    return;
  }
  const order = toOrder(id, record);
  const revision = createHash('sha256').update(JSON.stringify(order)).digest('hex').slice(0, 20);
  tx.set(ref, orderStatusDoc(order, revision));
}
