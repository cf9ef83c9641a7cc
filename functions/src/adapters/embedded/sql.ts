// The embedded store's connections to its SQLite file: libsql's native binding (`libsql`, the engine @libsql/client
// runs on for `file:` URLs), with each connection's prepared statements kept and reused.
//
// Why not @libsql/client itself: it prepared every statement anew on every call, asked each one twice for its
// columns and built each row value by value with Object.defineProperty. With ~13 statements per placed order that
// was a third of an order's server CPU (docs/benchmarks.md, sale). The shapes stay those of @libsql/client
// (`execute({ sql, args })`, `batch`, `transaction`, rows by column name, `rowsAffected`), so the store code and its
// tests did not change. Only the parts the store uses are here.
import { createRequire } from 'node:module';
import type LibsqlDatabase from 'libsql';

// libsql is a CommonJS module (a native binding): loaded with require so that it resolves the same in the API's
// ESM build, in tsx and in vitest.
const Libsql = createRequire(import.meta.url)('libsql') as typeof LibsqlDatabase;
type NativeDatabase = InstanceType<typeof LibsqlDatabase>;
type NativeStatement = ReturnType<NativeDatabase['prepare']>;

export type Value = null | string | number | bigint | ArrayBuffer;
export type InValue = Value | boolean | Uint8Array | Date;
export type InArgs = InValue[] | Record<string, InValue>;
export type InStatement = { sql: string; args?: InArgs } | string;
/** A row by column name (the first column of a name wins, as in @libsql/client). */
export type Row = Record<string, Value>;

export interface ResultSet {
  columns: string[];
  rows: Row[];
  /** Rows changed by an INSERT, UPDATE or DELETE; 0 for a statement that answers rows. */
  rowsAffected: number;
  lastInsertRowid: bigint | undefined;
}

/** What reads need: `db.client`, and a transaction. */
export interface Executor {
  execute(stmt: InStatement, args?: InArgs): Promise<ResultSet>;
}

export interface Transaction extends Executor {
  /** The statements one after the other, in this transaction; stops at the first that fails. */
  batch(stmts: InStatement[]): Promise<ResultSet[]>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** Rolls back what is still open (a no-op after commit or rollback). */
  close(): void;
  readonly closed: boolean;
}

export interface Client extends Executor {
  /** Begins a transaction on this connection (`write`: BEGIN IMMEDIATE, `read`: BEGIN DEFERRED). */
  transaction(mode?: 'write' | 'read' | 'deferred'): Promise<Transaction>;
  close(): void;
}

/** Prepared statements kept per SQL text. Bounded: SQL built with a variable number of placeholders makes new
 *  texts; when full, the oldest half is dropped (a dropped statement is only prepared again). */
const MAX_STATEMENTS = 400;

interface Prepared {
  stmt: NativeStatement;
  /** Column names when the statement answers rows; null for a write without RETURNING. */
  columns: string[] | null;
}

function toNative(value: InValue): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
  return value;
}

function nativeArgs(args: InArgs | undefined): object {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(toNative);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args))
    named[name[0] === '@' || name[0] === '$' || name[0] === ':' ? name.slice(1) : name] = toNative(value);
  return named;
}

function fromNative(value: unknown): Value {
  if (value instanceof Buffer) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value as Value;
}

/** One native connection and its statement cache. Every call is synchronous underneath. */
export class Connection implements Client {
  private readonly native: NativeDatabase;
  private readonly statements = new Map<string, Prepared>();

  constructor(path: string, options: { timeout?: number } = {}) {
    this.native = new Libsql(path, { timeout: options.timeout });
  }

  private prepared(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (prepared) return prepared;
    const stmt = this.native.prepare(sql);
    const columns = stmt.reader ? stmt.columns().map((c) => c.name) : null;
    if (columns) stmt.raw(true);
    prepared = { stmt, columns };
    if (this.statements.size >= MAX_STATEMENTS) {
      let drop = MAX_STATEMENTS / 2;
      for (const key of this.statements.keys()) {
        this.statements.delete(key);
        if (--drop === 0) break;
      }
    }
    this.statements.set(sql, prepared);
    return prepared;
  }

  /** Runs one statement now (synchronously). */
  run(stmt: InStatement, args?: InArgs): ResultSet {
    const sql = typeof stmt === 'string' ? stmt : stmt.sql;
    const bound = nativeArgs(typeof stmt === 'string' ? args : stmt.args);
    const { stmt: native, columns } = this.prepared(sql);
    if (!columns) {
      const info = native.run(bound);
      return { columns: [], rows: [], rowsAffected: info.changes, lastInsertRowid: BigInt(info.lastInsertRowid) };
    }
    const raw = native.all(bound) as unknown[][];
    const rows = raw.map((values) => {
      const row: Row = {};
      for (let i = 0; i < columns.length; i++) if (!(columns[i]! in row)) row[columns[i]!] = fromNative(values[i]);
      return row;
    });
    return { columns, rows, rowsAffected: 0, lastInsertRowid: undefined };
  }

  async execute(stmt: InStatement, args?: InArgs): Promise<ResultSet> {
    return this.run(stmt, args);
  }

  get inTransaction(): boolean {
    return this.native.inTransaction;
  }

  async transaction(mode: 'write' | 'read' | 'deferred' = 'write'): Promise<Transaction> {
    this.run(mode === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN DEFERRED');
    return new ConnectionTransaction(this);
  }

  close(): void {
    this.statements.clear();
    if (this.native.open) this.native.close();
  }
}

class ConnectionTransaction implements Transaction {
  private settled = false;

  constructor(private readonly connection: Connection) {}

  get closed(): boolean {
    return this.settled || !this.connection.inTransaction;
  }

  private live(): Connection {
    if (this.closed) throw new Error('The transaction is closed');
    return this.connection;
  }

  async execute(stmt: InStatement, args?: InArgs): Promise<ResultSet> {
    return this.live().run(stmt, args);
  }

  async batch(stmts: InStatement[]): Promise<ResultSet[]> {
    const connection = this.live();
    return stmts.map((stmt) => connection.run(stmt));
  }

  async commit(): Promise<void> {
    const connection = this.live();
    this.settled = true;
    connection.run('COMMIT');
  }

  async rollback(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    if (this.connection.inTransaction) this.connection.run('ROLLBACK');
  }

  close(): void {
    if (this.settled) return;
    this.settled = true;
    if (this.connection.inTransaction) this.connection.run('ROLLBACK');
  }
}
