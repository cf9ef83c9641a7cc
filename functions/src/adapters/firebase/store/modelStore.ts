// The generic persistence of a model (domain/model.ts) on Firestore: one document per record (its key the document's
// id), in the model's collection (under the owner's document when the path names `{owner}`, else with the owner in a
// field), every write in a transaction whose reads make a concurrent change retry it. The in-transaction parts
// (ownedCollection, readOwned, writeOwnedChange, forgetOwned) are also used by the order unit of work and users.ts.
import type { CollectionReference, Firestore, Query, QuerySnapshot, Transaction } from 'firebase-admin/firestore';
import {
  decideOwnedChange,
  docFieldOf,
  docFromRecord,
  recordFromDoc,
  type AnyModel,
  type ModelChange,
  type ModelRecord,
} from '../../../domain/model.js';
import type { ChangeDecision, ListOptions, ModelStore, UpdateDecision } from '../../../modules/module.js';
import { isDocId, MAX_ATTEMPTS } from './mapping.js';

const OWNER = '{owner}';

/** The owner is the parent document (the path names `{owner}`), or a field of each document. */
const ownerInPath = (model: AnyModel) => model.collection.includes(OWNER);

/** The collection holding `owner`'s records (a model kept under its owner needs the owner). */
export function ownedCollection(db: Firestore, model: AnyModel, owner?: string): CollectionReference {
  if (!ownerInPath(model)) return db.collection(model.collection);
  if (owner === undefined) throw new Error(`${model.name}: its records are kept under their owner`);
  return db.collection(model.collection.replace(OWNER, owner));
}

function ownerQuery(model: AnyModel, col: CollectionReference, owner: string): Query {
  if (ownerInPath(model)) return col;
  if (!model.owner?.docField) throw new Error(`${model.name}: the model has no owner field`);
  return col.where(model.owner.docField, '==', owner);
}

const recordsOf = <M extends AnyModel>(model: M, snap: QuerySnapshot) =>
  snap.docs.map((d) => recordFromDoc(model, d.id, d.data()));

/** The owner's records read in `tx` (so a concurrent change of them makes `tx` retry). */
export async function readOwned<M extends AnyModel>(
  tx: Transaction,
  db: Firestore,
  model: M,
  owner: string,
): Promise<ModelRecord<M>[]> {
  return recordsOf(model, await tx.get(ownerQuery(model, ownedCollection(db, model, owner), owner)));
}

/** Writes a decided change of the owner's records in `tx`. */
export function writeOwnedChange<M extends AnyModel>(
  tx: Transaction,
  db: Firestore,
  model: M,
  owner: string,
  { put, remove }: ModelChange<ModelRecord<M>>,
): void {
  const col = ownedCollection(db, model, owner);
  for (const id of remove) tx.delete(col.doc(id));
  if (put) tx.set(col.doc(String((put as Record<string, unknown>)[model.key.field])), docFromRecord(model, put, owner));
}

/** Deletes every record of an owner (subcollections outlive their parent document otherwise); a model without
 *  owners: the record keyed by it (e.g. an account's wishlist). */
export async function forgetOwned(db: Firestore, model: AnyModel, owner: string): Promise<void> {
  if (!isDocId(owner)) return;
  if (!model.owner && !ownerInPath(model)) {
    await db.collection(model.collection).doc(owner).delete();
    return;
  }
  const snap = await ownerQuery(model, ownedCollection(db, model, owner), owner)
    .select()
    .get();
  if (snap.empty) return;
  const batch = db.batch();
  for (const d of snap.docs) batch.delete(d.ref);
  await batch.commit();
}

export class FirestoreModelStore<M extends AnyModel> implements ModelStore<ModelRecord<M>> {
  constructor(
    private readonly db: Firestore,
    private readonly model: M,
  ) {}

  private run<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(fn, { maxAttempts: MAX_ATTEMPTS });
  }

  async get(key: string, owner?: string): Promise<ModelRecord<M> | null> {
    if (!isDocId(key) || (owner !== undefined && !isDocId(owner))) return null;
    const snap = await ownedCollection(this.db, this.model, owner).doc(key).get();
    if (!snap.exists) return null;
    const record = recordFromDoc(this.model, snap.id, snap.data()!);
    const field = this.model.owner?.docField;
    return owner !== undefined && field && snap.get(field) !== owner ? null : record;
  }

  async list(owner: string, { orderBy, direction = 'asc', limit }: ListOptions = {}): Promise<ModelRecord<M>[]> {
    if (!isDocId(owner)) return [];
    let query = ownerQuery(this.model, ownedCollection(this.db, this.model, owner), owner);
    if (orderBy) {
      if (!(orderBy in this.model.fields)) throw new Error(`${this.model.name}: no field ${orderBy} to order by`);
      query = query.orderBy(docFieldOf(this.model, orderBy), direction);
    }
    if (limit) query = query.limit(limit);
    return recordsOf(this.model, await query.get());
  }

  /** Load -> decide -> save, in one transaction (the owner's records read in it, so a concurrent write retries). */
  change(owner: string, decide: ChangeDecision<ModelRecord<M>>): Promise<ModelChange<ModelRecord<M>>> {
    const col = ownedCollection(this.db, this.model, owner);
    return this.run(async (tx) => {
      const records = await readOwned(tx, this.db, this.model, owner);
      const change = decideOwnedChange(this.model, records, decide, col.doc().id);
      writeOwnedChange(tx, this.db, this.model, owner, change);
      return change;
    });
  }

  update(key: string, decide: UpdateDecision<ModelRecord<M>>, owner?: string): Promise<ModelRecord<M> | null> {
    if (!isDocId(key) || (owner !== undefined && !isDocId(owner))) return Promise.resolve(null); // names no document
    const ref = ownedCollection(this.db, this.model, owner).doc(key);
    return this.run(async (tx) => {
      const snap = await tx.get(ref);
      const field = this.model.owner?.docField;
      const theirs = snap.exists && owner !== undefined && field !== undefined && snap.get(field) !== owner;
      if (theirs) return null; // another owner's record: as if absent, never overwritten
      const next = decide(snap.exists ? recordFromDoc(this.model, snap.id, snap.data()!) : null);
      if (next) tx.set(ref, docFromRecord(this.model, next, owner));
      else if (snap.exists) tx.delete(ref);
      return next;
    });
  }

  forgetOwner(owner: string): Promise<void> {
    return forgetOwned(this.db, this.model, owner);
  }
}

/** The Firestore backend's generic stores (modules/module.ts ModelStores). */
export const firestoreModelStores =
  (db: Firestore) =>
  <N extends AnyModel>(model: N): ModelStore<ModelRecord<N>> =>
    new FirestoreModelStore(db, model);
