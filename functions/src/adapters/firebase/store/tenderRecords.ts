// Issue 39: the records an order's tenders pay from (a gift card), read and written in the order's transaction by
// the order unit of work (unitOfWork.ts): a concurrent order on the same card makes the transaction retry, so two
// orders never both spend the same balance (on Google's emulator and Firestore; the community emulator has no
// isolation, functions/test/contract's gap list).
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { docFromRecord, recordFromDoc, type AnyModel, type ModelRecord } from '../../../domain/model.js';
import type { OrderChangeSet } from '../../../ports.js';
import { isDocId } from './mapping.js';

/** A record by its key (a model kept in a top-level collection), read in `tx`; null when absent (or not a document id). */
export async function readRecordIn<M extends AnyModel>(
  tx: Transaction,
  db: Firestore,
  model: M,
  key: string,
): Promise<ModelRecord<M> | null> {
  if (!isDocId(key)) return null;
  const snap = await tx.get(db.collection(model.collection).doc(key));
  return snap.exists ? recordFromDoc(model, snap.id, snap.data()!) : null;
}

/** Writes a change set's records whole (after the commit's reads). */
export function writeRecordsIn(tx: Transaction, db: Firestore, records: OrderChangeSet['records']): void {
  for (const { model, record, owner } of records ?? []) {
    const key = String(record[model.key.field]);
    tx.set(db.collection(model.collection).doc(key), docFromRecord(model, record as ModelRecord<AnyModel>, owner));
  }
}
