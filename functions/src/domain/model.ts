// An aggregate's field table (issue 39, "Capability modules"; the productFields.ts pattern made general): each field
// once, with its kind, its embedded column (or none: kept in the model's JSON column) and its Firestore field. From
// it derive the record's TypeScript type (ModelRecord), the embedded row <-> record mapping and the Firestore document
// <-> record mapping below, which the two generic stores (adapters/embedded/modelStore.ts,
// adapters/firebase/store/modelStore.ts) use, so an aggregate is no longer persisted twice by hand.
import { conflict } from './errors.js';

/**
 * text and timestamp: strings; count and cents: whole numbers (money in integer cents); flag: a boolean (0/1 in an
 * embedded column); json: a small structured value (JSON text in an embedded column, as it is in Firestore).
 */
export type ModelFieldKind = 'text' | 'timestamp' | 'count' | 'cents' | 'flag' | 'json';

export interface ModelField<T = unknown, Optional extends boolean = boolean> {
  readonly kind: ModelFieldKind;
  /** Its own column in the embedded table; absent: kept in the model's JSON column. */
  readonly column?: string;
  /** Its field in the Firestore document; absent: the field's own name. */
  readonly docField?: string;
  /** May be absent from the record (stored: a NULL column, a missing key or document field). */
  readonly optional: Optional;
  /** May be null (stored as null). */
  readonly nullable: boolean;
  /** An SQL CHECK on its column, in the table's CREATE TABLE (createTableSql). */
  readonly check?: string;
  /** A timestamp Firestore keeps as a Timestamp (the web writes the server's time: carts/{uid}.updatedAt); the
   *  record reads it as ISO, as the embedded column keeps it. */
  readonly firestoreTimestamp?: boolean;
  /** The value's type, for ModelRecord only (never set). */
  readonly valueType?: T;
}

interface FieldOptions {
  column?: string;
  docField?: string;
  optional?: boolean;
  nullable?: boolean;
  check?: string;
  firestoreTimestamp?: boolean;
}

type Valued<T, O> = O extends { nullable: true } ? T | null : T;
type OptionalOf<O> = O extends { optional: true } ? true : false;

function fieldOf<T>(kind: ModelFieldKind) {
  return <const O extends FieldOptions = Record<never, never>>(options?: O) =>
    ({
      kind,
      ...(options?.column ? { column: options.column } : {}),
      ...(options?.docField ? { docField: options.docField } : {}),
      ...(options?.check ? { check: options.check } : {}),
      ...(options?.firestoreTimestamp ? { firestoreTimestamp: true } : {}),
      optional: options?.optional ?? false,
      nullable: options?.nullable ?? false,
    }) as ModelField<Valued<T, O>, OptionalOf<O>>;
}

/** The field builders of a model's table: `field.text()`, `field.timestamp({ nullable: true })`, ... */
export const field = {
  text: /* @__PURE__ */ fieldOf<string>('text'),
  timestamp: /* @__PURE__ */ fieldOf<string>('timestamp'),
  count: /* @__PURE__ */ fieldOf<number>('count'),
  cents: /* @__PURE__ */ fieldOf<number>('cents'),
  flag: /* @__PURE__ */ fieldOf<boolean>('flag'),
  /** A structured value of type T (required; JSON text in its embedded column). */
  json: <T>(options?: Omit<FieldOptions, 'optional' | 'nullable'>) =>
    fieldOf<T>('json')(options) as ModelField<T, false>,
};

type Fields = Record<string, ModelField>;

/** An index of the model's embedded table, on its columns in order; its name by default `<table>_by_<columns>`. */
export interface ModelIndex {
  columns: readonly string[];
  name?: string;
  unique?: boolean;
}

export interface ModelDefinition<F extends Fields = Fields, Key extends string = string> {
  /** The aggregate's name (errors, docs). */
  name: string;
  /** The embedded table. */
  table: string;
  /** The Firestore collection: `giftCards`, or `users/{owner}/addresses` for records kept under their owner. */
  collection: string;
  /** The record's id: its field in the record (the document's id in Firestore) and its embedded column. */
  key: { field: Key; column: string };
  /** Records listed by an owner (an account): its embedded column, and its Firestore field unless the collection
   *  path names `{owner}`. */
  owner?: { column: string; docField?: string };
  /** The embedded column holding, as one JSON object, the fields that have no column of their own. */
  jsonColumn?: string;
  /** Counted limit: at most `max` records per owner, enforced by the generic stores in the writing transaction. */
  perOwner?: { max: number; message: string };
  /** The model names some fields of records another store creates and deletes (an account's preference, a cart
   *  the web writes, an order's time): the generic stores read them and update those fields in place, and refuse
   *  to create or delete such a record. */
  partial?: boolean;
  /** The embedded table's indexes (the key's and the table's UNIQUE constraints aside): created where missing when
   *  the database opens (adapters/embedded/db.ts), with the table of a model that is not partial. */
  indexes?: readonly ModelIndex[];
  fields: F;
}

/** A model's definition, its types kept (the record's type derives from it). */
export function defineModel<const D extends ModelDefinition>(definition: D): D {
  for (const [name, f] of Object.entries(definition.fields))
    if (!f.column && !definition.jsonColumn)
      throw new Error(`${definition.name}.${name}: no column and the model has no JSON column`);
  const columns = modelColumns(definition);
  for (const index of definition.indexes ?? [])
    for (const column of index.columns)
      if (!columns.includes(column))
        throw new Error(`${definition.name}: index ${indexName(definition, index)} names ${column}, not a column`);
  return definition;
}

/** The key of a record kept one per account (a cart, a wishlist, store credit): the account's id, which is also how
 *  the account's deletion finds it (a model without `owner`). */
export const ACCOUNT_KEY = { field: 'userId', column: 'user_id' } as const;

/** The aggregates other stores create and delete whose fields partial models read (ModelDefinition.partial): each
 *  one's embedded table, Firestore collection, key and owner, declared once for every partial view of it. */
export const SHARED_AGGREGATES = {
  /** The accounts (the users store's). */
  account: { table: 'users', collection: 'users', key: { field: 'id', column: 'id' } },
  /** A signed-in cart (the carts store's row; on Firebase the web's document). */
  cart: { table: 'carts', collection: 'carts', key: ACCOUNT_KEY },
  /** The orders, each its customer's. */
  order: {
    table: 'orders',
    collection: 'orders',
    key: { field: 'id', column: 'id' },
    owner: { column: 'user_id', docField: 'userId' },
  },
} as const;

/** A partial model (ModelDefinition.partial): the shared aggregate it views, its name and the few fields it reads. */
export function definePartialModel<
  const A extends keyof typeof SHARED_AGGREGATES,
  const D extends Pick<ModelDefinition, 'name' | 'fields'>,
>(aggregate: A, definition: D) {
  const model = { ...definition, ...SHARED_AGGREGATES[aggregate], partial: true as const };
  defineModel(model);
  return model;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModel = ModelDefinition<any, string>;

type ValueOf<F> = F extends ModelField<infer T> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The record a model describes: its key (a string) and each field, the optional ones optional. */
export type ModelRecord<M extends AnyModel> = Simplify<
  { [K in M['key']['field']]: string } & {
    [K in keyof M['fields'] as M['fields'][K] extends ModelField<unknown, false> ? K : never]: ValueOf<M['fields'][K]>;
  } & {
    [K in keyof M['fields'] as M['fields'][K] extends ModelField<unknown, false> ? never : K]?: ValueOf<M['fields'][K]>;
  }
>;

/** What a decision answers for an owner's records: the record to insert or replace (null: none), the ids to delete. */
export interface ModelChange<R> {
  put: R | null;
  remove: string[];
}

/** The owner's records after a change (a batch keeps its view of them with it). */
export function applyModelChange<R>(model: AnyModel, records: readonly R[], { put, remove }: ModelChange<R>): R[] {
  const id = (r: R) => (r as Record<string, unknown>)[model.key.field];
  const kept = records.filter((r) => !remove.includes(id(r) as string) && (!put || id(r) !== id(put)));
  return put ? [...kept, put] : kept;
}

/** The owner's change as `decide` answers it, refused when it would pass the counted limit (what both generic
 *  stores run inside their transaction). */
export function decideOwnedChange<R>(
  model: AnyModel,
  records: R[],
  decide: (records: R[], newId: string) => ModelChange<R>,
  newId: string,
): ModelChange<R> {
  const change = decide(records, newId);
  assertWithinOwnerLimit(model, records, change);
  return change;
}

/** The counted limit (ModelDefinition.perOwner): refuses a change that would leave the owner more than the most. */
export function assertWithinOwnerLimit<R>(model: AnyModel, records: readonly R[], change: ModelChange<R>): void {
  if (!model.perOwner || !change.put) return;
  if (applyModelChange(model, records, change).length > model.perOwner.max) throw conflict(model.perOwner.message);
}

const entries = (model: AnyModel) => Object.entries(model.fields as Fields);

/** The record from stored values (`read(name)`: a column's or a document field's value); a missing optional field
 *  stays absent, a missing nullable one reads null. */
function recordFrom(model: AnyModel, id: string, read: (name: string, f: ModelField) => unknown): object {
  const record: Record<string, unknown> = { [model.key.field]: id };
  for (const [name, f] of entries(model)) {
    const stored = read(name, f);
    if (stored === undefined || stored === null) {
      if (f.nullable) record[name] = null;
      else if (!f.optional) throw new Error(`${model.name} ${id}: no ${name}`);
      continue;
    }
    record[name] =
      f.kind === 'flag' ? Boolean(stored) : f.kind === 'count' || f.kind === 'cents' ? Number(stored) : stored;
  }
  return record;
}

/** The embedded columns of a model's table, in order: the key, the owner, the fields' own columns, the JSON one. */
export function modelColumns(model: AnyModel): string[] {
  return modelColumnSpecs(model).map((c) => c.name);
}

/** An embedded column as a model's table declares it. */
export interface ModelColumn {
  name: string;
  type: 'TEXT' | 'INTEGER';
  notNull: boolean;
  check?: string;
  /** The record's key: the primary key. */
  key?: true;
}

const SQL_TYPES: Record<ModelFieldKind, ModelColumn['type']> = {
  text: 'TEXT',
  timestamp: 'TEXT',
  count: 'INTEGER',
  cents: 'INTEGER',
  flag: 'INTEGER',
  json: 'TEXT',
};

/** Each embedded column of a model's table as its CREATE TABLE declares it: the key (the primary key), the owner,
 *  the fields' own columns (NOT NULL unless optional or nullable; a field's CHECK), the JSON one. */
export function modelColumnSpecs(model: AnyModel): ModelColumn[] {
  const text = (name: string): ModelColumn => ({ name, type: 'TEXT', notNull: true });
  return [
    { name: model.key.column, type: 'TEXT', notNull: false, key: true },
    ...(model.owner ? [text(model.owner.column)] : []),
    ...entries(model).flatMap(([, f]): ModelColumn[] =>
      f.column
        ? [
            {
              name: f.column,
              type: SQL_TYPES[f.kind],
              notNull: !(f.optional || f.nullable),
              ...(f.check ? { check: f.check } : {}),
            },
          ]
        : [],
    ),
    ...(model.jsonColumn ? [text(model.jsonColumn)] : []),
  ];
}

/** The model's table, made when missing (the database opens: adapters/embedded/db.ts ensureModelTables). Migration
 *  41 holds this text (without IF NOT EXISTS) from when a new model's table still took a migration. */
export function createTableSql(model: AnyModel): string {
  const columns = modelColumnSpecs(model).map(
    (c) =>
      `${c.name} ${c.type}${c.key ? ' PRIMARY KEY' : ''}${c.notNull ? ' NOT NULL' : ''}${c.check ? ` CHECK (${c.check})` : ''}`,
  );
  return `CREATE TABLE IF NOT EXISTS ${model.table} (\n  ${columns.join(',\n  ')}\n)`;
}

/** An index's name: its own, else `<table>_by_<its columns>`. */
export const indexName = (model: AnyModel, index: ModelIndex) =>
  index.name ?? `${model.table}_by_${index.columns.join('_')}`;

/** The model's declared indexes, each made when missing. */
export function createIndexSql(model: AnyModel): string[] {
  return (model.indexes ?? []).map(
    (index) =>
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${indexName(model, index)} ON ${model.table} (${index.columns.join(', ')})`,
  );
}

/** What makes a model's table and indexes where they are missing (nothing for a partial model: its table is
 *  another store's). An existing table is left as it is: a change to its columns takes a numbered migration. */
export function modelTableSql(model: AnyModel): string[] {
  return model.partial ? [] : [createTableSql(model), ...createIndexSql(model)];
}

/** An embedded row (by column) as the record. */
export function recordFromRow<M extends AnyModel>(model: M, row: Readonly<Record<string, unknown>>): ModelRecord<M> {
  const packed = model.jsonColumn ? (JSON.parse(String(row[model.jsonColumn] ?? '{}')) as Record<string, unknown>) : {};
  return recordFrom(model, String(row[model.key.column]), (name, f) => {
    if (!f.column) return packed[name];
    const stored = row[f.column];
    return f.kind === 'json' && typeof stored === 'string' ? JSON.parse(stored) : stored;
  }) as ModelRecord<M>;
}

type Cell = string | number | null;

/** The record as an embedded row, by column (the owner's column too when the model has owners). */
export function rowFromRecord<M extends AnyModel>(
  model: M,
  record: ModelRecord<M>,
  owner?: string,
): Record<string, Cell> {
  const values = record as Record<string, unknown>;
  const row: Record<string, Cell> = { [model.key.column]: String(values[model.key.field]) };
  if (model.owner) row[model.owner.column] = owner ?? null;
  const packed: Record<string, unknown> = {};
  for (const [name, f] of entries(model)) {
    const value = values[name];
    if (!f.column) {
      if (value !== undefined) packed[name] = value;
      continue;
    }
    row[f.column] =
      value === undefined || value === null
        ? null
        : f.kind === 'json'
          ? JSON.stringify(value)
          : f.kind === 'flag'
            ? value
              ? 1
              : 0
            : (value as Cell);
  }
  if (model.jsonColumn) row[model.jsonColumn] = JSON.stringify(packed);
  return row;
}

/** A Firestore document (its id and data) as the record. */
export function recordFromDoc<M extends AnyModel>(
  model: M,
  id: string,
  data: Readonly<Record<string, unknown>>,
): ModelRecord<M> {
  return recordFrom(model, id, (name, f) => data[f.docField ?? name]) as ModelRecord<M>;
}

/** The record as a Firestore document's data (the key is the document's id; an absent optional field is left out). */
export function docFromRecord<M extends AnyModel>(
  model: M,
  record: ModelRecord<M>,
  owner?: string,
): Record<string, unknown> {
  const values = record as Record<string, unknown>;
  const doc: Record<string, unknown> = {};
  if (model.owner?.docField) doc[model.owner.docField] = owner ?? null;
  for (const [name, f] of entries(model)) if (values[name] !== undefined) doc[f.docField ?? name] = values[name];
  return doc;
}

/** The embedded column or Firestore field of a field (an ordering). */
export const columnOf = (model: AnyModel, name: string) => (model.fields as Fields)[name]?.column;
export const docFieldOf = (model: AnyModel, name: string) => (model.fields as Fields)[name]?.docField ?? name;

/** A partial model's record is created and deleted by its own store only (ModelDefinition.partial). */
export function assertPartialWrite(model: AnyModel, exists: boolean, write: 'put' | 'delete'): void {
  if (!model.partial) return;
  if (write === 'delete') throw new Error(`${model.name}: a partial record is never deleted here`);
  if (!exists) throw new Error(`${model.name}: a partial record is never created here`);
}

/** The bounds of a range query in its order: [operator, value] for each bound given. */
export function rangeBounds(query: {
  after?: string | number;
  from?: string | number;
  until?: string | number;
}): ['>' | '>=' | '<=', string | number][] {
  return [
    ...(query.after !== undefined ? [['>', query.after] as const] : []),
    ...(query.from !== undefined ? [['>=', query.from] as const] : []),
    ...(query.until !== undefined ? [['<=', query.until] as const] : []),
  ].map(([op, value]) => [op, value]);
}
