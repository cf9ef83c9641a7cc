// Issue 39's field tables (domain/model.ts): every capability module's model has its columns in the embedded
// database (the migrations made the tables), a record survives the row and the document mappings both ways, a row
// written before the table (the address book's JSON with its id and creation time inside) still reads, and a field
// without a place to be stored is refused when the model is defined.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { ADDRESS_MODEL, type SavedAddress } from '../src/domain/index.js';
import {
  createTableSql,
  defineModel,
  docFromRecord,
  field,
  modelColumns,
  recordFromDoc,
  recordFromRow,
  rowFromRecord,
} from '../src/domain/model.js';
import { MODULES } from '../src/modules/index.js';
import { WISHLIST_MODEL } from '../src/modules/wishlist/model.js';
import { CART_REMINDERS_COLLECTION, WISHLISTS_COLLECTION } from '../src/firestore/schema.js';
import { COLLECTIONS } from '../src/adapters/firebase/store/mapping.js';
import {
  CART_REMINDER_MODEL,
  ORDER_TIME_MODEL,
  REMINDED_ACCOUNT_MODEL,
  REMINDED_CART_MODEL,
} from '../src/modules/cartReminders/model.js';

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
  it.each(models)('the embedded table of the %s model has every column of its field table', async (_name, model) => {
    const rs = await db.client.execute(`PRAGMA table_info(${model.table})`);
    const columns = new Set(rs.rows.map((r) => String(r.name)));
    expect(modelColumns(model).filter((column) => !columns.has(column))).toEqual([]);
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
    expect(sql).toContain('balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0)');
  });

  it('refuses a stored record that lacks a required field (never a silent empty value)', () => {
    const { city: _city, ...doc } = docFromRecord(ADDRESS_MODEL, saved);
    expect(() => recordFromDoc(ADDRESS_MODEL, 'a1', doc)).toThrow(/no city/);
  });
});
