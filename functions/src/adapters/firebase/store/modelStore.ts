// The generic persistence of a model (domain/model.ts) on Firestore: one document per record (its key the document's
// id), in the model's collection (under the owner's document when the path names `{owner}`, else with the owner in a
// field), every write in a transaction whose reads make a concurrent change retry it. The in-transaction parts
// (ownedCollection, readOwned, writeOwnedChange, forgetOwned) are also used by the order unit of work and users.ts.
import {
  FieldPath,
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  assertPartialWrite,
  decideOwnedChange,
  docFieldOf,
  docFromRecord as plainDoc,
  rangeBounds,
  recordFromDoc as plainRecord,
  type AnyModel,
  type ModelChange,
  type ModelRecord,
} from '../../../domain/model.js';
import type {
  ChangeDecision,
  ListOptions,
  ModelStore,
  ModelTransaction,
  ModelTx,
  FieldValue,
  ModelQuery,
  UpdateDecision,
} from '../../../modules/module.js';
import type { QueuedMail } from '../../../ports.js';
import { mailRef, recordMail } from './mailOutbox.js';
import { isDocId, MAX_ATTEMPTS } from './mapping.js';

type Fields = Record<string, { kind: string; docField?: string; firestoreTimestamp?: boolean }>;

/** The document fields kept as Timestamps (ModelField.firestoreTimestamp). */
const timestampFields = (model: AnyModel) =>
  Object.entries(model.fields as Fields).flatMap(([name, f]) => (f.firestoreTimestamp ? [f.docField ?? name] : []));

/** A value compared with a field: a Timestamp for a field kept as one. */
function docValue(model: AnyModel, name: string, value: string | number): unknown {
  const f = (model.fields as Fields)[name];
  return f?.firestoreTimestamp && typeof value === 'string' ? Timestamp.fromDate(new Date(value)) : value;
}

/** The record from a document, its Timestamps read as ISO (domain/model.ts recordFromDoc). */
function recordFromDoc<M extends AnyModel>(model: M, id: string, data: Readonly<Record<string, unknown>>) {
  const read = { ...data };
  for (const name of timestampFields(model)) {
    const v = read[name];
    if (v instanceof Timestamp) read[name] = v.toDate().toISOString();
  }
  return plainRecord(model, id, read);
}

/** The document of a record, its Timestamp fields as Timestamps (domain/model.ts docFromRecord). */
function docFromRecord<M extends AnyModel>(model: M, record: ModelRecord<M>, owner?: string) {
  const doc = plainDoc(model, record, owner);
  // A partial model writes its own fields only, never the owner of a record it did not create.
  if (model.partial && model.owner?.docField) delete doc[model.owner.docField];
  for (const name of timestampFields(model))
    if (typeof doc[name] === 'string') doc[name] = Timestamp.fromDate(new Date(doc[name] as string));
  return doc;
}

/** Writes a record in `tx`: set whole, or a partial model's fields updated (the document must exist). */
function writeRecord<M extends AnyModel>(
  tx: Transaction,
  ref: DocumentReference,
  model: M,
  record: ModelRecord<M>,
  owner?: string,
) {
  if (model.partial) tx.update(ref, docFromRecord(model, record, owner));
  else tx.set(ref, docFromRecord(model, record, owner));
}

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

/** `in` takes 30 values at a time. */
const IN_LIMIT = 30;

/** ModelStore.query: the query (one per 30 values of a list), read by `read` (a plain get, or in a transaction),
 *  the answers merged in the order. */
async function queryWith<M extends AnyModel>(
  read: (query: Query) => Promise<QuerySnapshot>,
  db: Firestore,
  m: M,
  { where = {}, by, owner, cursor, limit, ...bounds }: ModelQuery,
): Promise<ModelRecord<M>[]> {
  const fieldOf = (name: string) => {
    if (!(name in m.fields)) throw new Error(`${m.name}: no field ${name} to query by`);
    return docFieldOf(m, name);
  };
  if (owner !== undefined && !isDocId(owner)) return [];
  let base: Query =
    owner !== undefined ? ownerQuery(m, ownedCollection(db, m, owner), owner) : db.collection(m.collection);
  let list: [string, readonly FieldValue[]] | null = null;
  for (const [name, value] of Object.entries(where)) {
    if (!Array.isArray(value)) base = base.where(fieldOf(name), '==', value);
    else if (list) throw new Error(`${m.name}: one list of values per query`);
    else list = [fieldOf(name), value as readonly FieldValue[]];
  }
  const field = by ? fieldOf(by) : null;
  for (const [op, value] of rangeBounds(bounds)) base = base.where(field!, op, docValue(m, by!, value));
  if (field) base = base.orderBy(field, 'asc');
  base = base.orderBy(FieldPath.documentId(), 'asc');
  if (cursor) base = field ? base.startAfter(docValue(m, by!, cursor.value), cursor.key) : base.startAfter(cursor.key);
  if (limit) base = base.limit(limit);
  const queries: Query[] = [];
  if (!list) queries.push(base);
  else
    for (let i = 0; i < list[1].length; i += IN_LIMIT)
      queries.push(base.where(list[0], 'in', list[1].slice(i, i + IN_LIMIT)));
  if (queries.length === 0) return [];
  const records = (await Promise.all(queries.map(read))).flatMap((snap) => recordsOf(m, snap));
  if (queries.length === 1) return records;
  const keyOf = (r: ModelRecord<M>) => String((r as Record<string, unknown>)[m.key.field]);
  const valueOf = (r: ModelRecord<M>) => (by ? ((r as Record<string, unknown>)[by] as string | number) : keyOf(r));
  records.sort((a, b) => (valueOf(a) < valueOf(b) ? -1 : valueOf(a) > valueOf(b) ? 1 : keyOf(a) < keyOf(b) ? -1 : 1));
  return limit ? records.slice(0, limit) : records;
}

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
  if (put) writeRecord(tx, col.doc(String((put as Record<string, unknown>)[model.key.field])), model, put, owner);
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

  query(query: ModelQuery): Promise<ModelRecord<M>[]> {
    return queryWith((q) => q.get(), this.db, this.model, query);
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
      if (next) assertPartialWrite(this.model, snap.exists, 'put');
      else if (snap.exists) assertPartialWrite(this.model, true, 'delete');
      if (next) writeRecord(tx, ref, this.model, next, owner);
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

/** The Firestore backend's transaction across models (modules/module.ts ModelTransaction): the reads in one
 *  transaction, the writes (and the outbox's, after reading whether each key is recorded) when `work` ends. */
export const firestoreModelTransaction =
  (db: Firestore): ModelTransaction =>
  (work) =>
    db.runTransaction(
      async (tx) => {
        const writes: [DocumentReference, AnyModel, ModelRecord<AnyModel>, string | undefined][] = [];
        const mails: [QueuedMail, Date][] = [];
        const removals: DocumentReference[] = [];
        const modelTx: ModelTx = {
          get: async (model, key) => {
            if (!isDocId(key)) return null;
            const snap = await tx.get(ownedCollection(db, model).doc(key));
            return snap.exists ? recordFromDoc(model, snap.id, snap.data()!) : null;
          },
          query: (model, query) => queryWith((q) => tx.get(q), db, model, query),
          remove: (model, key) => {
            assertPartialWrite(model, true, 'delete');
            if (isDocId(key)) removals.push(ownedCollection(db, model).doc(key));
          },
          put: (model, record, owner) => {
            const key = String((record as Record<string, unknown>)[model.key.field]);
            writes.push([ownedCollection(db, model, owner).doc(key), model, record, owner]);
          },
          mail: (message, now) => void mails.push([message, now]),
        };
        const answer = await work(modelTx);
        const recorded = mails.length ? await tx.getAll(...mails.map(([m]) => mailRef(db, m.key))) : [];
        for (const [ref, model, record, owner] of writes) writeRecord(tx, ref, model, record, owner);
        for (const ref of removals) tx.delete(ref);
        mails.forEach(([message, now], i) => recordMail(tx, db, message, now, recorded[i]!.exists));
        return answer;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
