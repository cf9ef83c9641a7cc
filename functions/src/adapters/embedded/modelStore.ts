// The generic persistence of a model (domain/model.ts) on the embedded database: the SQL comes from the field table
// (its table, key, owner and columns, the JSON column's fields by json_extract), every write in a write transaction.
// The in-transaction parts (loadOwned, changeStatements, forgetOwned) are also used by the order unit of work (the
// address book an order keeps its address in) and by users.ts (an account's deletion).
import {
  assertPartialWrite,
  decideOwnedChange,
  columnOf,
  rangeBounds,
  modelColumns,
  recordFromRow,
  rowFromRecord,
  type AnyModel,
  type ModelChange,
  type ModelRecord,
} from '../../domain/model.js';
import type {
  ChangeDecision,
  ListOptions,
  ModelStore,
  ModelTransaction,
  ModelTx,
  ModelQuery,
  UpdateDecision,
} from '../../modules/module.js';
import type { QueuedMail } from '../../ports.js';
import type { FieldValue } from '../../modules/module.js';
import type { Database } from './db.js';
import { recordMailStatement } from './mailOutbox.js';
import { newId } from './mapping.js';
import type { Executor, InStatement } from './sql.js';

const selectFrom = (model: AnyModel) => `SELECT ${modelColumns(model).join(', ')} FROM ${model.table}`;

function ownerColumn(model: AnyModel): string {
  if (!model.owner) throw new Error(`${model.name}: the model has no owner`);
  return model.owner.column;
}

/** The SQL that orders by a field: its column, or its place in the JSON column. */
function orderTerm(model: AnyModel, name: string): string {
  if (!(name in model.fields)) throw new Error(`${model.name}: no field ${name} to order by`);
  const column = columnOf(model, name);
  return column ?? `json_extract(${model.jsonColumn}, '$.${name}')`;
}

/** The records of `owners` (one query: a batch of orders' customers), by owner; an owner without any is absent. */
export async function loadOwned<M extends AnyModel>(
  tx: Executor,
  model: M,
  owners: string[],
): Promise<Map<string, ModelRecord<M>[]>> {
  const column = ownerColumn(model);
  const rs = await tx.execute({
    sql: `${selectFrom(model)} WHERE ${column} IN (SELECT value FROM json_each(?)) ORDER BY ${model.key.column}`,
    args: [JSON.stringify(owners)],
  });
  const byOwner = new Map<string, ModelRecord<M>[]>();
  for (const row of rs.rows) {
    const owner = String(row[column]);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), recordFromRow(model, row)]);
  }
  return byOwner;
}

/** The upsert of one record (owned: only over a row of the same owner); a partial model's: its columns updated. */
export function putStatement<M extends AnyModel>(model: M, record: ModelRecord<M>, owner?: string): InStatement {
  const row = rowFromRecord(model, record, owner);
  if (model.partial) {
    const { [model.key.column]: key, ...fields } = row;
    if (model.owner) delete fields[model.owner.column];
    return {
      sql: `UPDATE ${model.table} SET ${Object.keys(fields)
        .map((c) => `${c} = ?`)
        .join(', ')} WHERE ${model.key.column} = ?`,
      args: [...Object.values(fields), key ?? null],
    };
  }
  const columns = Object.keys(row);
  const updates = columns.filter((c) => c !== model.key.column).map((c) => `${c} = excluded.${c}`);
  const sameOwner = model.owner ? ` WHERE ${model.table}.${model.owner.column} = excluded.${model.owner.column}` : '';
  return {
    sql: `INSERT INTO ${model.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
          ON CONFLICT (${model.key.column}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}${sameOwner}` : 'NOTHING'}`,
    args: Object.values(row),
  };
}

/** The writes of a decided change of an owner's records. */
export function changeStatements<M extends AnyModel>(
  model: M,
  owner: string,
  { put, remove }: ModelChange<ModelRecord<M>>,
): InStatement[] {
  const column = ownerColumn(model);
  return [
    ...remove.map((id) => ({
      sql: `DELETE FROM ${model.table} WHERE ${model.key.column} = ? AND ${column} = ?`,
      args: [id, owner],
    })),
    ...(put ? [putStatement(model, put, owner)] : []),
  ];
}

/** Deletes every record of an owner (a model without owners: the record keyed by it, e.g. an account's wishlist). */
export async function forgetOwned(tx: Executor, model: AnyModel, owner: string): Promise<void> {
  const column = model.owner ? model.owner.column : model.key.column;
  await tx.execute({ sql: `DELETE FROM ${model.table} WHERE ${column} = ?`, args: [owner] });
}

/** The SQL column a query compares or orders by (its own column: the query uses its index). */
function rangeColumn(model: AnyModel, name: string): string {
  const column = columnOf(model, name);
  if (!column) throw new Error(`${model.name}: ${name} has no column of its own to query by`);
  return column;
}

/** A field's value as its column holds it (a flag: 1 or 0). */
const cellOf = (value: FieldValue) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** ModelStore.query's SQL, on the client or in a transaction. */
async function queryIn<M extends AnyModel>(
  tx: Executor,
  m: M,
  { where = {}, by, owner, cursor, limit, ...bounds }: ModelQuery,
): Promise<ModelRecord<M>[]> {
  const terms: string[] = [];
  const args: (string | number)[] = [];
  for (const [name, value] of Object.entries(where)) {
    const column = rangeColumn(m, name);
    if (Array.isArray(value)) {
      terms.push(`${column} IN (SELECT value FROM json_each(?))`);
      args.push(JSON.stringify(value.map((v: FieldValue) => cellOf(v))));
    } else {
      terms.push(`${column} = ?`);
      args.push(cellOf(value as FieldValue));
    }
  }
  const column = by ? rangeColumn(m, by) : m.key.column;
  for (const [op, value] of rangeBounds(bounds)) {
    terms.push(`${column} ${op} ?`);
    args.push(value);
  }
  if (owner !== undefined) {
    terms.push(`${ownerColumn(m)} = ?`);
    args.push(owner);
  }
  if (cursor) {
    terms.push(`(${column}, ${m.key.column}) > (?, ?)`);
    args.push(cursor.value, cursor.key);
  }
  if (limit) args.push(limit);
  const rs = await tx.execute({
    sql: `${selectFrom(m)}${terms.length ? ` WHERE ${terms.join(' AND ')}` : ''}
          ORDER BY ${column}${column === m.key.column ? '' : `, ${m.key.column}`}${limit ? ' LIMIT ?' : ''}`,
    args,
  });
  return rs.rows.map((row) => recordFromRow(m, row));
}

/** One record by its key (and owner), read with `tx` (also the order unit of work's tender records). */
export async function getIn<M extends AnyModel>(tx: Executor, model: M, key: string, owner?: string) {
  const byOwner = owner !== undefined && model.owner ? ` AND ${model.owner.column} = ?` : '';
  const rs = await tx.execute({
    sql: `${selectFrom(model)} WHERE ${model.key.column} = ?${byOwner}`,
    args: byOwner ? [key, owner!] : [key],
  });
  return rs.rows[0] ? recordFromRow(model, rs.rows[0]) : null;
}

export class SqlModelStore<M extends AnyModel> implements ModelStore<ModelRecord<M>> {
  constructor(
    private readonly db: Database,
    private readonly model: M,
  ) {}

  get(key: string, owner?: string): Promise<ModelRecord<M> | null> {
    return getIn(this.db.client, this.model, key, owner);
  }

  async list(owner: string, { orderBy, direction = 'asc', limit }: ListOptions = {}): Promise<ModelRecord<M>[]> {
    const m = this.model;
    const order = orderBy ? `${orderTerm(m, orderBy)} ${direction === 'desc' ? 'DESC' : 'ASC'}, ` : '';
    const rs = await this.db.client.execute({
      sql: `${selectFrom(m)} WHERE ${ownerColumn(m)} = ? ORDER BY ${order}${m.key.column}${limit ? ' LIMIT ?' : ''}`,
      args: limit ? [owner, limit] : [owner],
    });
    return rs.rows.map((row) => recordFromRow(m, row));
  }

  query(query: ModelQuery): Promise<ModelRecord<M>[]> {
    return queryIn(this.db.client, this.model, query);
  }

  /** Load -> decide -> save, in one write transaction (write transactions run one at a time). */
  change(owner: string, decide: ChangeDecision<ModelRecord<M>>): Promise<ModelChange<ModelRecord<M>>> {
    return this.db.write(async (tx) => {
      const records = (await loadOwned(tx, this.model, [owner])).get(owner) ?? [];
      const change = decideOwnedChange(this.model, records, decide, newId());
      await tx.batch(changeStatements(this.model, owner, change));
      return change;
    });
  }

  update(key: string, decide: UpdateDecision<ModelRecord<M>>, owner?: string): Promise<ModelRecord<M> | null> {
    const m = this.model;
    return this.db.write(async (tx) => {
      const row = (await tx.execute({ sql: `${selectFrom(m)} WHERE ${m.key.column} = ?`, args: [key] })).rows[0];
      // Another owner's record: as if absent to this owner, and never overwritten.
      if (row && owner !== undefined && m.owner && String(row[m.owner.column]) !== owner) return null;
      const current = row ? recordFromRow(m, row) : null;
      const next = decide(current);
      if (next) assertPartialWrite(m, current !== null, 'put');
      else if (current) assertPartialWrite(m, true, 'delete');
      if (next) await tx.execute(putStatement(m, next, owner));
      else if (current) await tx.execute({ sql: `DELETE FROM ${m.table} WHERE ${m.key.column} = ?`, args: [key] });
      return next;
    });
  }

  forgetOwner(owner: string): Promise<void> {
    return this.db.write((tx) => forgetOwned(tx, this.model, owner));
  }
}

/** The embedded backend's generic stores (modules/module.ts ModelStores). */
export const sqlModelStores =
  (db: Database) =>
  <N extends AnyModel>(model: N): ModelStore<ModelRecord<N>> =>
    new SqlModelStore(db, model);

/** The embedded backend's transaction across models (modules/module.ts ModelTransaction): one write transaction
 *  (they run one at a time), the writes sent in one batch at its end; `onRecorded` wakes the outbox worker once a
 *  transaction that recorded mail committed. */
export const sqlModelTransaction =
  (db: Database, onRecorded: () => void = () => undefined): ModelTransaction =>
  async (work) => {
    let mailed = false;
    const result = await db.write(async (tx) => {
      const writes: InStatement[] = [];
      const mails: [QueuedMail, Date][] = [];
      const modelTx: ModelTx = {
        get: (model, key) => getIn(tx, model, key),
        query: (model, query) => queryIn(tx, model, query),
        put: (model, record, owner) => void writes.push(putStatement(model, record, owner)),
        remove: (model, key) => {
          assertPartialWrite(model, true, 'delete');
          writes.push({ sql: `DELETE FROM ${model.table} WHERE ${model.key.column} = ?`, args: [key] });
        },
        mail: (message, now) => void mails.push([message, now]),
      };
      const answer = await work(modelTx);
      writes.push(...mails.map(([message, now]) => recordMailStatement(message, now)));
      if (writes.length) await tx.batch(writes);
      mailed = mails.length > 0;
      return answer;
    });
    if (mailed) onRecorded();
    return result;
  };
