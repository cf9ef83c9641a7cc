// What a capability module is (issue 39, docs/architecture.md "Capability modules"), and the one generic persistence
// port each backend implements for any model (domain/model.ts): embedded adapters/embedded/modelStore.ts, Firestore
// adapters/firebase/store/modelStore.ts. A module's store is written once over ModelStore; the backends only build a
// ModelStore per model the module lists.
import type { Router } from 'express';
import type { AnyModel, ModelChange, ModelRecord } from '../domain/model.js';
import type { MailDefinition } from '../mail/templates/index.js';
import type { Clock, EventPublisher, Ports, QueuedMail } from '../ports.js';

export interface ListOptions {
  /** A field with its own embedded column (or any field on Firestore, the JSON column's by json_extract). */
  orderBy?: string;
  direction?: 'asc' | 'desc';
  limit?: number;
}

/** A value a record's field is compared with (a flag: true or false). */
export type FieldValue = string | number | boolean;

/** Records with fields equal to values (or among values), in the ascending order of one field (then their key)
 *  within bounds on it: a sweep's window, the records since a day, an owner's first record from a time, the waiting
 *  alerts of an item oldest first. Every field named has its own embedded column. */
export interface ModelQuery {
  /** Fields equal to a value, or (a list) to one of its values. */
  where?: Record<string, FieldValue | readonly FieldValue[]>;
  /** The field the bounds are on and the records are ordered by; absent: by the key. */
  by?: string;
  /** Greater than. */
  after?: string | number;
  /** At least. */
  from?: string | number;
  /** At most. */
  until?: string | number;
  /** Only this owner's records. */
  owner?: string;
  /** Paging: only the records after this one in the order (its field's value and its key). */
  cursor?: { value: string | number; key: string };
  limit?: number;
}

/** What `change` asks: the owner's records and a new id -> the change to write. */
export type ChangeDecision<R> = (records: R[], newId: string) => ModelChange<R>;
/** What `update` asks: the record (null: none) -> the record to write (null: delete it, or keep none). */
export type UpdateDecision<R> = (current: R | null) => R | null;

/** One model's records on one backend. Every write runs in that backend's transaction. */
export interface ModelStore<R> {
  /** The record by its key (and its owner, for a model kept under its owner); null when absent. */
  get(key: string, owner?: string): Promise<R | null>;
  /** An owner's records, ordered and limited as asked (by the key without an order). */
  list(owner: string, options?: ListOptions): Promise<R[]>;
  /** Records by fields' values and a range of one field, across owners unless one is named (ModelQuery). */
  query(query: ModelQuery): Promise<R[]>;
  /** Load -> decide -> save for an owner's records, in one transaction (a concurrent change of them retries or
   *  waits): `decide` gets the records and a new id; the counted limit (perOwner) is checked again before writing. */
  change(owner: string, decide: ChangeDecision<R>): Promise<ModelChange<R>>;
  /** One record read, decided and written in one transaction: `decide` answers the new record, or null to delete
   *  it (or keep none). Answers what it wrote. */
  update(key: string, decide: UpdateDecision<R>, owner?: string): Promise<R | null>;
  /** Deletes every record of an owner (an account's deletion); for a model without owners, the record keyed by it. */
  forgetOwner(owner: string): Promise<void>;
}

/** One transaction over records of several models and the mail outbox: what a decision needs that spans
 *  aggregates (a cart, its account and its reminder). Writes wait until `work` ends (Firestore reads come before
 *  writes), so a read sees the records as they were when the transaction began. */
export interface ModelTx {
  get<M extends AnyModel>(model: M, key: string): Promise<ModelRecord<M> | null>;
  /** Records as ModelStore.query answers them, read in the transaction (a queue's head to notify once). */
  query<M extends AnyModel>(model: M, query: ModelQuery): Promise<ModelRecord<M>[]>;
  /** Inserts or replaces the record (a partial model's: updates its fields, the record must exist). */
  put<M extends AnyModel>(model: M, record: ModelRecord<M>, owner?: string): void;
  /** Records the message in the outbox with the writes (at most once per key: a recorded key is left as it is). */
  mail(message: QueuedMail, now: Date): void;
  /** Deletes the record (none: nothing). */
  remove(model: AnyModel, key: string): void;
}

/** Runs `work` in one of the backend's transactions (retried by Firestore when a record it read changes). */
export type ModelTransaction = <T>(work: (tx: ModelTx) => Promise<T>) => Promise<T>;

/** What a module's store may use beside its generic stores. */
export interface ModuleDeps {
  clock: Clock;
  /** Publishes committed writes' events (domain/events.ts). */
  events: EventPublisher;
  /** A transaction across models, with mail (each backend's modelStore.ts). */
  transaction: ModelTransaction;
}

/** Builds a backend's ModelStore for a model. */
export type ModelStores = <M extends AnyModel>(model: M) => ModelStore<ModelRecord<M>>;

/** A module's mail templates by name, each with the data its messages are recorded with (`Data[name]`). */
export type ModuleMails<Data extends object = Record<string, never>> = { [T in keyof Data]: MailDefinition<Data[T]> };

/** A capability: its name (its key in the Store), its models, its store written once over the generic stores, and
 *  its routes (registered from the endpoint table, mounted by app.ts at `mountPath` under /api). */
export interface CapabilityModule<Name extends string = string, S = unknown, Mails extends object = object> {
  name: Name;
  models: readonly AnyModel[];
  /** The records of these models owned by an account (by their owner, or keyed by the account's id) go with it
   *  (users.forget, users.remove). */
  ownedByAccount: readonly AnyModel[];
  store(models: ModelStores, deps: ModuleDeps): S;
  routes?: { mountPath: string; router(ports: Ports): Router };
  /** Its mail templates (ModuleMails), rendered and listed with the shop's own (mail/templates/index.ts TEMPLATES):
   *  its store records them through the outbox (ModuleDeps.transaction's `mail`). */
  mails?: Mails;
}

/** A module's declaration, its name, store type and mails' types kept. */
export const defineModule = <const Name extends string, S, Mails extends object = Record<never, never>>(
  m: CapabilityModule<Name, S, Mails>,
) => m;
