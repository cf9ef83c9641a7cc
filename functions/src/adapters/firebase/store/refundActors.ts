// Who made each refund, apart from the order (issue 36). The order's owner may read orders/{id} (firestore.rules), so
// the document names the shop as every refund's actor (SHOP_REFUND_ACTOR, as customerView answers customers) and the
// real one, an admin's uid and name, lives in orders/{id}/refundActors/{refundId} `{ by: {_id, name} }`, which the
// rules deny every client (as orders/{id}/orderNotes). Written in the transaction that writes the refund (its
// reservation, and any later money-back change of an order whose document still holds actors: those move here);
// read back into the order for the domain's decisions and the API's answers, where customerView hides it again.
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { SHOP_REFUND_ACTOR, type RefundRecord } from '../../../domain/index.js';
import { COLLECTIONS } from './mapping.js';

type Actor = { _id: string; name: string };
/** refund id → who made it. */
export type RefundActors = ReadonlyMap<string, Actor>;

export const refundActorsOf = (order: DocumentReference) => order.collection(COLLECTIONS.refundActors);

/** The order's refund actors: read only when it has refunds (nothing to read otherwise), in `tx` when given. */
export async function readRefundActors(
  order: DocumentReference,
  refunds: readonly { id: string }[] | undefined,
  tx?: Transaction,
): Promise<RefundActors> {
  if (!refunds?.length) return new Map();
  const col = refundActorsOf(order);
  const snap = tx ? await tx.get(col) : await col.get();
  return new Map(snap.docs.map((d) => [d.id, d.get('by') as Actor]));
}

/** The order with each refund's real actor where one is kept apart; a refund whose document still holds its actor
 *  (written before issue 36, not yet moved) keeps it. */
export function withRefundActors<T extends { refunds?: readonly { id: string; by: Actor }[] }>(
  order: T,
  actors: RefundActors,
): T {
  const { refunds } = order;
  if (actors.size === 0 || !refunds?.length) return order;
  return { ...order, refunds: refunds.map((r) => (actors.has(r.id) ? { ...r, by: actors.get(r.id)! } : r)) };
}

const isShop = (by: Actor) => by._id === SHOP_REFUND_ACTOR._id;

/** The refunds as the order document stores them: the shop as every actor. */
export const refundsForDocument = (refunds: readonly RefundRecord[]): RefundRecord[] =>
  refunds.map((r) => ({ ...r, by: { ...SHOP_REFUND_ACTOR } }));

/** Writes the actors of `refunds` not yet kept (or kept otherwise) under the order; its reads done (`known`). */
export function writeRefundActors(
  tx: Transaction,
  order: DocumentReference,
  refunds: readonly RefundRecord[],
  known: RefundActors,
): void {
  for (const r of refunds) {
    if (isShop(r.by)) continue;
    const kept = known.get(r.id);
    if (kept && kept._id === r.by._id && kept.name === r.by.name) continue;
    tx.set(refundActorsOf(order).doc(r.id), { by: { _id: r.by._id, name: r.by.name } });
  }
}
