// Migration 15 (issue 28): cancels are stored as status 'cancelled'. The orders table is rebuilt (SQLite changes a
// CHECK only so) while order_items references it with ON DELETE CASCADE: no line may be lost on the way.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../src/adapters/embedded/migrations.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const BEFORE = MIGRATIONS.filter((m) => m.version < 15);

async function insertOrder(db: Database, id: string, status: string, cancelledAt: string | null) {
  await db.client.execute({
    sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
            shipping_cents, tax_cents, total_cents, currency, status, expires_at, created_at, cancelled_at)
          VALUES (?, 'u1', 'Ann', 'ann@example.com', '{"address":"a","city":"b","postalCode":"c","country":"d"}',
            'PayPal', 1000, 0, 150, 1150, 'USD', ?, '2026-01-01T00:30:00.000Z', '2026-01-01T00:00:00.000Z', ?)`,
    args: [id, status, cancelledAt],
  });
  await db.client.execute({
    sql: `INSERT INTO order_items (order_id, line, product_id, name, image, price_cents, qty)
          VALUES (?, 0, 'p1', 'Lamp', '/l.png', 1000, 1)`,
    args: [id],
  });
}

describe('migration 15: cancelled orders', () => {
  it("turns 'expired' + cancelled_at into 'cancelled', keeps every line, the indexes and the cascade", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-m16-'));
    dirs.push(dir);
    const old = await Database.open(dir, BEFORE);
    await insertOrder(old, 'a'.repeat(24), 'expired', '2026-01-01T00:10:00.000Z');
    await insertOrder(old, 'b'.repeat(24), 'expired', null);
    await insertOrder(old, 'c'.repeat(24), 'awaiting_payment', null);
    old.close();

    const db = await Database.open(dir);
    const rows = await db.client.execute('SELECT id, status FROM orders ORDER BY id');
    expect(rows.rows.map((r) => [r.id, r.status])).toEqual([
      ['a'.repeat(24), 'cancelled'],
      ['b'.repeat(24), 'expired'],
      ['c'.repeat(24), 'awaiting_payment'],
    ]);
    const lines = await db.client.execute('SELECT count(*) AS n FROM order_items');
    expect(Number(lines.rows[0]!.n)).toBe(3);
    const indexes = await db.client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    expect(indexes.rows.map((r) => r.name)).toEqual([
      'orders_by_client', // migration 29 (the client address's hold key, issue 36)
      'orders_by_date', // (orders_by_expiry: dropped by migration 45, test/orderIndexes.test.ts)
      'orders_by_guest_address', // migration 20 (guest orders)
      'orders_by_status',
      'orders_by_user',
      'orders_by_user_status',
      'orders_waiting', // migration 31 (requests waiting for the shop, issue 38)
    ]);
    // The lines still belong to the orders table (the reference followed the rename).
    const fk = await db.client.execute('SELECT "table" FROM pragma_foreign_key_list(\'order_items\')');
    expect(fk.rows.map((r) => r.table)).toEqual(['orders']);
    // The new status is accepted, an unknown one still refused.
    await expect(db.client.execute("UPDATE orders SET status = 'nonsense'")).rejects.toThrow(/CHECK/);

    const store = createSqlStore(db);
    expect(await store.orders.get('a'.repeat(24))).toMatchObject({
      status: 'cancelled',
      isCancelled: true,
      isPaid: false,
      orderItems: [expect.objectContaining({ name: 'Lamp' })],
      refunds: [],
      paymentStatus: 'unpaid',
    });
    await store.close();
  });
});
