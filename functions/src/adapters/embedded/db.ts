import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { modelTableSql, type AnyModel } from '../../domain/model.js';
import { MODULE_MODELS } from '../../modules/index.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import { Connection, type Transaction } from './sql.js';

/** WAL pages between automatic checkpoints (see open). */
export const WAL_CHECKPOINT_PAGES = 10_000;

/**
 * The embedded database: one SQLite file (through libsql) under the data directory.
 * Readers run concurrently (WAL); writers are queued one at a time in this process, so a
 * transaction's checks (e.g. stock) and its writes can never interleave with another's.
 */
export class Database {
  private queue: Promise<unknown> = Promise.resolve();
  private started = 0;

  /** How many write transactions have begun so far (every write of this process goes through `write`): the order
   *  unit of work tells by it whether anything but its own placements wrote since its last commit (unitOfWork.ts). */
  get writesStarted(): number {
    return this.started;
  }

  /**
   * `client` reads (its own connection: a read never waits for a write transaction, and sees only committed
   * data); `writer` runs the write transactions, one at a time, on its one connection, which is set to
   * synchronous = NORMAL once (see open). Both keep their prepared statements (sql.ts).
   */
  private constructor(
    readonly client: Connection,
    private readonly writer: Connection,
  ) {}

  /**
   * Opens (creating if needed) the database of `dataDir`, applies `migrations`, then makes the tables and indexes of
   * `models` that are missing (ensureModelTables): by default the capability modules' (modules/index.ts
   * MODULE_MODELS), none when a test passes fewer migrations (a database as an older version left it).
   */
  static async open(
    dataDir: string,
    migrations: Migration[] = MIGRATIONS,
    models: readonly AnyModel[] = migrations === MIGRATIONS ? MODULE_MODELS : [],
  ): Promise<Database> {
    mkdirSync(dataDir, { recursive: true });
    // `timeout`: the busy timeout (a read waits for a checkpoint rather than failing at once).
    const client = new Connection(join(dataDir, 'voltshop.db'), { timeout: 5000 });
    await client.execute('PRAGMA journal_mode = WAL'); // persistent: stored in the file, so every connection is in WAL
    // Writes get a connection of their own: `synchronous` is per connection and cannot be set inside a transaction,
    // so only a connection that is always the writer's can keep NORMAL. NORMAL in WAL mode: a killed process loses
    // nothing that was committed, only a power cut may lose the last commits; and a commit costs no fsync (FULL's
    // fsync per commit blocked the event loop ~0.5 ms per order: docs/benchmarks.md).
    const writer = new Connection(join(dataDir, 'voltshop.db'), { timeout: 5000 });
    await writer.execute('PRAGMA synchronous = NORMAL');
    // Checkpoints every 10,000 WAL pages (~40 MB) rather than SQLite's 1,000: an order writes ~26 pages, most of them
    // the same hot pages (indexes' newest leaves, the products'), which a checkpoint copies once however often they
    // were written since the last; and each checkpoint costs two fsyncs on the event loop (docs/benchmarks.md, sale).
    await writer.execute(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    const db = new Database(client, writer);
    await db.migrate(migrations);
    await db.ensureModelTables(models);
    return db;
  }

  /** Runs `fn` in a write transaction, after every write queued before it. Rolls back on any throw. */
  write<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const run = async () => {
      this.started++;
      const tx = await this.writer.transaction('write');
      try {
        const result = await fn(tx);
        await tx.commit();
        return result;
      } catch (error) {
        await tx.rollback().catch(() => undefined);
        throw error;
      } finally {
        tx.close();
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Applies the versioned migrations not applied yet, each in its own transaction. */
  private async migrate(migrations: Migration[]): Promise<void> {
    await this.client.execute(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    const done = new Set(
      (await this.client.execute('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)),
    );
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await this.write(async (tx) => {
        for (const step of migration.statements) await (typeof step === 'string' ? tx.execute(step) : step(tx));
        await tx.execute({
          sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
          args: [migration.version, new Date().toISOString()],
        });
      });
    }
  }

  /** After the numbered migrations: each model's table and declared indexes, made from the model where missing (a
   *  new capability's tables need no migration), in one transaction. An existing table is left as it is (IF NOT
   *  EXISTS): a change to its columns is a numbered migration, which test/modelFields.test.ts holds the models to. */
  private async ensureModelTables(models: readonly AnyModel[]): Promise<void> {
    const statements = models.flatMap(modelTableSql);
    if (statements.length === 0) return;
    await this.write(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
  }

  close(): void {
    this.writer.close();
    this.client.close();
  }
}
