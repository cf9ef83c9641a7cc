// Issue 39's field tables (domain/model.ts): every capability module's model has exactly its columns and indexes in
// the embedded database (a migration made the table, or the database made it from the model when it opened: a model
// changed without a migration fails here), a new model's table and indexes need no migration, a record survives the
// row and the document mappings both ways, a row written before the table (the address book's JSON with its id and
// creation time inside) still reads, and a field without a place to be stored is refused when the model is defined.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { ifTableExists, MIGRATIONS } from '../src/adapters/embedded/migrations.js';
import type { Executor } from '../src/adapters/embedded/sql.js';
import { ADDRESS_MODEL, type SavedAddress } from '../src/domain/index.js';
import {
  createIndexSql,
  createTableSql,
  defineModel,
  docFromRecord,
  field,
  indexName,
  modelColumnSpecs,
  modelTableSql,
  recordFromDoc,
  recordFromRow,
  rowFromRecord,
  type AnyModel,
} from '../src/domain/model.js';
import { MODULE_MODELS, MODULES } from '../src/modules/index.js';
import { WISHLIST_MODEL } from '../src/modules/wishlist/model.js';
import { GIFT_CARD_MODEL } from '../src/modules/giftCards/giftCards.js';
import { CART_REMINDERS_COLLECTION, WISHLISTS_COLLECTION } from '../src/firestore/schema.js';
import { COLLECTIONS } from '../src/adapters/firebase/store/mapping.js';
import {
  CART_REMINDER_MODEL,
  ORDER_TIME_MODEL,
  REMINDED_ACCOUNT_MODEL,
  REMINDED_CART_MODEL,
} from '../src/modules/cartReminders/model.js';

/** A new capability's model: a table no migration makes, with a CHECK and two indexes (one named for its columns). */
const VOUCHER_MODEL = defineModel({
  name: 'voucher',
  table: 'vouchers',
  collection: 'vouchers',
  key: { field: 'id', column: 'id' },
  owner: { column: 'owner' },
  jsonColumn: 'data',
  indexes: [{ columns: ['owner', 'issued_at'] }, { columns: ['ref'], unique: true }],
  fields: {
    ref: field.text({ column: 'ref' }),
    cents: field.cents({ column: 'cents', check: 'cents >= 0' }),
    issuedAt: field.timestamp({ column: 'issued_at' }),
    label: field.text({ optional: true }),
  },
});

const saved: SavedAddress = {
  _id: 'a1',
  recipientName: 'Alice Liddell',
  address: '1 Rabbit Hole',
  city: 'Oxford',
  postalCode: 'OX1 1AA',
  country: 'GB',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: null,
};

/** The CHECK expressions of a CREATE TABLE, in order. */
function checksOf(sql: string): string[] {
  const checks: string[] = [];
  for (let at = sql.search(/CHECK\s*\(/i); at >= 0;) {
    let i = sql.indexOf('(', at) + 1;
    const start = i;
    for (let depth = 1; depth > 0; i++) depth += sql[i] === '(' ? 1 : sql[i] === ')' ? -1 : 0;
    checks.push(sql.slice(start, i - 1).trim());
    const next = sql.slice(i).search(/CHECK\s*\(/i);
    at = next < 0 ? -1 : i + next;
  }
  return checks;
}

/** A table as the database has it, in the terms of a model: each column (`name TYPE`, `NOT NULL`, or `key` for the
 *  column that is its primary key alone or has a unique index of its own), the CHECKs, the indexes made by CREATE
 *  INDEX (a primary key's and a UNIQUE constraint's are the table's). */
async function tableAsStored(db: Executor, table: string, keyColumn?: string) {
  const info = (await db.execute(`PRAGMA table_info(${table})`)).rows;
  const indexes = await Promise.all(
    (await db.execute(`PRAGMA index_list(${table})`)).rows.map(async (index) => ({
      name: String(index.name),
      unique: Number(index.unique) === 1,
      made: String(index.origin) === 'c',
      columns: (await db.execute(`PRAGMA index_info(${String(index.name)})`)).rows.map((r) => String(r.name)),
    })),
  );
  const pk = info.filter((r) => Number(r.pk) > 0).map((r) => String(r.name));
  const isKey = (column: string) =>
    column === keyColumn &&
    ((pk.length === 1 && pk[0] === column) ||
      indexes.some((i) => i.unique && i.columns.length === 1 && i.columns[0] === column));
  const sql = (
    await db.execute({ sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", args: [table] })
  ).rows[0]?.sql;
  return {
    exists: sql !== undefined,
    columns: info.map((r) => String(r.name)),
    described: info.map(
      (r) =>
        `${String(r.name)} ${String(r.type)}${Number(r.notnull) ? ' NOT NULL' : ''}${isKey(String(r.name)) ? ' key' : ''}`,
    ),
    checks: checksOf(String(sql ?? '')),
    indexes: indexes
      .filter((i) => i.made)
      .map((i) => `${i.name}${i.unique ? ' UNIQUE' : ''} (${i.columns.join(', ')})`)
      .sort(),
  };
}

/** The table as its model declares it, in the same terms (the key's NOT NULL aside: SQLite's TEXT PRIMARY KEY). */
function tableAsModelled(model: AnyModel) {
  const described = (columns: ReturnType<typeof modelColumnSpecs>) =>
    columns.map((c) => `${c.name} ${c.type}${c.notNull && !c.key ? ' NOT NULL' : ''}${c.key ? ' key' : ''}`);
  const columns = modelColumnSpecs(model);
  return {
    described,
    columns,
    checks: columns.flatMap((c) => (c.check ? [c.check] : [])),
    indexes: (model.indexes ?? []).map(
      (i) => `${indexName(model, i)}${i.unique ? ' UNIQUE' : ''} (${i.columns.join(', ')})`,
    ),
  };
}

/** The differences between a model and its table, each a line (none: they agree). */
async function differences(db: Executor, model: AnyModel): Promise<string[]> {
  const stored = await tableAsStored(db, model.table, model.key.column);
  if (!stored.exists) return [`no table ${model.table}`];
  const modelled = tableAsModelled(model);
  // The key's NOT NULL aside (SQLite's TEXT PRIMARY KEY takes NULL); a partial model's columns by name and type
  // only (the store that owns the table may be stricter than the few fields the model reads).
  const terms = (line: string) =>
    model.partial
      ? line.split(' ').slice(0, 2).join(' ')
      : line.endsWith(' key')
        ? line.replace(' NOT NULL', '')
        : line;
  const have = stored.described.map(terms);
  const want = modelled.described(modelled.columns).map(terms);
  const lines = [
    ...want.filter((c) => !have.includes(c)).map((c) => `the model has ${c}, the table does not`),
    // A partial model names a few of a table another store owns: only its columns are compared.
    ...(model.partial
      ? []
      : have.filter((c) => !want.includes(c)).map((c) => `the table has ${c}, the model does not`)),
  ];
  if (model.partial) return lines;
  const sorted = (list: string[]) => [...list].sort();
  if (sorted(stored.checks).join(' | ') !== sorted(modelled.checks).join(' | '))
    lines.push(`CHECKs: the table has [${stored.checks.join(' | ')}], the model [${modelled.checks.join(' | ')}]`);
  if (sorted(stored.indexes).join(' | ') !== sorted(modelled.indexes).join(' | '))
    lines.push(`indexes: the table has [${stored.indexes.join(' | ')}], the model [${modelled.indexes.join(' | ')}]`);
  return lines;
}

const DRIFT =
  'differs from its model. A changed model of an existing table takes a numbered migration ' +
  '(adapters/embedded/migrations.ts: ALTER TABLE ...; on a table a model made, inside ifTableExists): ' +
  'the database made the table when the model was older, and IF NOT EXISTS leaves it so';

describe('model field tables, defined once', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-models-'));
    db = await Database.open(dir);
  });
  afterAll(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const models = MODULES.flatMap((m) => m.models.map((model) => [model.name, model] as const));
  it.each(models)(
    'the embedded table of the %s model has exactly its columns (type, NOT NULL, key), CHECKs and indexes',
    async (_name, model) => {
      expect(await differences(db.client, model), `${model.name}: the table ${model.table} ${DRIFT}`).toEqual([]);
    },
  );

  it('finds a model changed without a migration: a column, NOT NULL, a CHECK, an index', async () => {
    const changed: AnyModel = {
      ...GIFT_CARD_MODEL,
      indexes: [],
      fields: {
        ...GIFT_CARD_MODEL.fields,
        initialCents: field.cents({ column: 'initial_cents', check: 'initial_cents > 0' }),
        expiresAt: field.timestamp({ column: 'expires_at' }),
        note: field.text({ column: 'note', optional: true }),
      },
    };
    expect(await differences(db.client, changed)).toEqual([
      'the model has expires_at TEXT NOT NULL, the table does not',
      'the model has note TEXT, the table does not',
      'the table has expires_at TEXT, the model does not',
      'CHECKs: the table has [balance_cents >= 0], the model [balance_cents >= 0 | initial_cents > 0]',
      'indexes: the table has [gift_cards_by_owner (owner, created_at)], the model []',
    ]);
  });

  it('leaves the tables the migrations made as they made them (IF NOT EXISTS)', async () => {
    const rs = await db.client.execute("SELECT sql FROM sqlite_master WHERE name = 'gift_cards'");
    expect(String(rs.rows[0]?.sql)).toMatch(/^CREATE TABLE gift_cards \(/);
  });

  it("makes a new model's table and indexes when the database opens, with no migration, once", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'voltshop-models-new-'));
    try {
      const first = await Database.open(dir2, MIGRATIONS, [...MODULE_MODELS, VOUCHER_MODEL]);
      expect(await differences(first.client, VOUCHER_MODEL)).toEqual([]);
      expect((await tableAsStored(first.client, 'vouchers')).indexes).toEqual([
        'vouchers_by_owner_issued_at (owner, issued_at)',
        'vouchers_by_ref UNIQUE (ref)',
      ]);
      await first.write((tx) =>
        tx.execute(
          "INSERT INTO vouchers (id, owner, ref, cents, issued_at, data) VALUES ('v1', 'o', 'R1', 5, 't', '{}')",
        ),
      );
      await expect(
        first.write((tx) =>
          tx.execute(
            "INSERT INTO vouchers (id, owner, ref, cents, issued_at, data) VALUES ('v2', 'o', 'R2', -1, 't', '{}')",
          ),
        ),
      ).rejects.toThrow(/CHECK/);
      first.close();
      const again = await Database.open(dir2, MIGRATIONS, [...MODULE_MODELS, VOUCHER_MODEL]);
      expect((await again.client.execute('SELECT id FROM vouchers')).rows.map((r) => r.id)).toEqual(['v1']);
      again.close();
    } finally {
      await rm(dir2, { recursive: true, force: true });
    }
  });

  it('makes no model table for a database opened with fewer migrations (a later migration may create it)', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'voltshop-models-old-'));
    try {
      const old = await Database.open(
        dir2,
        MIGRATIONS.filter((m) => m.version < 41),
      );
      expect((await tableAsStored(old.client, 'gift_cards')).exists).toBe(false);
      old.close();
      const now = await Database.open(dir2);
      expect(await differences(now.client, GIFT_CARD_MODEL)).toEqual([]);
      now.close();
    } finally {
      await rm(dir2, { recursive: true, force: true });
    }
  });

  it('changes a table a model made by a migration inside ifTableExists: old databases and new ones agree', async () => {
    const changed = defineModel({
      ...VOUCHER_MODEL,
      fields: { ...VOUCHER_MODEL.fields, note: field.text({ column: 'note', nullable: true }) },
    });
    const alter = {
      version: 10_000,
      name: 'voucher notes',
      statements: [ifTableExists('vouchers', 'ALTER TABLE vouchers ADD COLUMN note TEXT')],
    };
    const olderDir = mkdtempSync(join(tmpdir(), 'voltshop-models-older-'));
    const freshDir = mkdtempSync(join(tmpdir(), 'voltshop-models-fresh-'));
    try {
      (await Database.open(olderDir, MIGRATIONS, [VOUCHER_MODEL])).close();
      const older = await Database.open(olderDir, [...MIGRATIONS, alter], [changed]);
      const fresh = await Database.open(freshDir, [...MIGRATIONS, alter], [changed]);
      expect(await differences(older.client, changed)).toEqual([]);
      expect(await differences(fresh.client, changed)).toEqual([]);
      older.close();
      fresh.close();
    } finally {
      await rm(olderDir, { recursive: true, force: true });
      await rm(freshDir, { recursive: true, force: true });
    }
  });

  it("holds the SQL of the modules' tables as their models make them (a change: a numbered migration too)", () => {
    // A table a model made has no migration to compare with: a change here needs, beside the new snapshot, a
    // migration for the databases that already have the table (ifTableExists).
    expect(MODULE_MODELS.flatMap(modelTableSql).join(';\n\n')).toMatchSnapshot(
      'a changed model: databases that have its table need a numbered migration (ifTableExists), then vitest -u',
    );
  });

  it('a saved address survives the row and the document mappings; absent optional fields stay absent', () => {
    const row = rowFromRecord(ADDRESS_MODEL, saved, 'alice');
    expect(row).toMatchObject({ id: 'a1', user_id: 'alice', created_at: saved.createdAt });
    expect(JSON.parse(String(row.data))).not.toHaveProperty('phone');
    expect(recordFromRow(ADDRESS_MODEL, row)).toEqual(saved);
    const doc = docFromRecord(ADDRESS_MODEL, saved);
    expect(doc).not.toHaveProperty('_id');
    expect(doc).toMatchObject({ lastUsedAt: null, city: 'Oxford' });
    expect(recordFromDoc(ADDRESS_MODEL, 'a1', doc)).toEqual(saved);
  });

  it('names the collections the Firebase web build reads as firestore/schema.ts does', () => {
    expect(WISHLIST_MODEL.collection).toBe(WISHLISTS_COLLECTION);
    // The cart reminders' models read and write the collections the hand-written stores did.
    expect(CART_REMINDER_MODEL.collection).toBe(CART_REMINDERS_COLLECTION);
    expect(REMINDED_CART_MODEL.collection).toBe(COLLECTIONS.carts);
    expect(REMINDED_ACCOUNT_MODEL.collection).toBe(COLLECTIONS.users);
    expect(ORDER_TIME_MODEL.collection).toBe(COLLECTIONS.orders);
  });

  it('reads a book row written by the hand-written store before (its whole record as JSON)', () => {
    const row = { id: 'a1', user_id: 'alice', data: JSON.stringify(saved), created_at: saved.createdAt };
    expect(recordFromRow(ADDRESS_MODEL, row)).toEqual(saved);
  });

  it('refuses a field with nowhere to be stored, and writes a new table with its checks', () => {
    expect(() =>
      defineModel({
        name: 'broken',
        table: 'broken',
        collection: 'broken',
        key: { field: 'id', column: 'id' },
        fields: { title: field.text() },
      }),
    ).toThrow(/no column/);
    const sql = createTableSql(
      defineModel({
        name: 'card',
        table: 'gift_cards',
        collection: 'giftCards',
        key: { field: 'code', column: 'code' },
        fields: { balanceCents: field.cents({ column: 'balance_cents', check: 'balance_cents >= 0' }) },
      }),
    );
    expect(sql).toContain('CREATE TABLE IF NOT EXISTS gift_cards (');
    expect(sql).toContain('balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0)');
    expect(createIndexSql(VOUCHER_MODEL)).toEqual([
      'CREATE INDEX IF NOT EXISTS vouchers_by_owner_issued_at ON vouchers (owner, issued_at)',
      'CREATE UNIQUE INDEX IF NOT EXISTS vouchers_by_ref ON vouchers (ref)',
    ]);
    expect(() => defineModel({ ...VOUCHER_MODEL, name: 'broken', indexes: [{ columns: ['owner', 'label'] }] })).toThrow(
      /broken: index vouchers_by_owner_label names label, not a column/,
    );
    // A partial model's table is another store's: nothing made from it.
    expect(modelTableSql({ ...VOUCHER_MODEL, partial: true })).toEqual([]);
  });

  it('refuses a stored record that lacks a required field (never a silent empty value)', () => {
    const { city: _city, ...doc } = docFromRecord(ADDRESS_MODEL, saved);
    expect(() => recordFromDoc(ADDRESS_MODEL, 'a1', doc)).toThrow(/no city/);
  });
});
