// Migration 30 (issue 38): each order line's tax share. The orders placed before get theirs by the ledger's allocation
// (domain/ledger.ts ledgerLines), so their recorded shares equal what a new order records and the reads compute.
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

const BEFORE = MIGRATIONS.filter((m) => m.version < 30);

describe('migration 30: line tax shares', () => {
  it("fills older lines' tax_cents with the ledger's allocation; the order answers each line's tax", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-m30-'));
    dirs.push(dir);
    const old = await Database.open(dir, BEFORE);
    const id = 'a'.repeat(24);
    // 2 × $29.99 + $5.00 = $64.98, a $6.50 code on every line (none recorded per line: placed before issue 36),
    // 15% tax of $58.48 = $8.77, shipping $10: total $77.25.
    await old.client.execute({
      sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
              shipping_cents, tax_cents, total_cents, currency, status, expires_at, created_at, discount_cents)
            VALUES (?, 'u1', 'Ann', 'ann@example.com', '{"address":"a","city":"b","postalCode":"c","country":"d"}',
              'PayPal', 6498, 1000, 877, 7725, 'USD', 'paid', NULL, '2026-01-01T00:00:00.000Z', 650)`,
      args: [id],
    });
    await old.client.execute({
      sql: `INSERT INTO order_items (order_id, line, product_id, name, image, price_cents, qty)
            VALUES (?, 0, 'p1', 'Lamp', '/l.png', 2999, 2), (?, 1, 'p2', 'Bulb', '/b.png', 500, 1)`,
      args: [id, id],
    });
    old.close();

    const db = await Database.open(dir);
    const rows = await db.client.execute({
      sql: 'SELECT tax_cents FROM order_items WHERE order_id = ? ORDER BY line',
      args: [id],
    });
    const taxes = rows.rows.map((r) => Number(r.tax_cents));
    expect(taxes.reduce((a, b) => a + b, 0)).toBe(877);
    // Discount by value: 5,998 -> 600, 500 -> 50; tax over 5,398 and 450: 809.5 -> 810, 67.5 -> 67 (ties: the first).
    expect(taxes).toEqual([810, 67]);
    const store = createSqlStore(db);
    const order = await store.orders.get(id);
    expect(order?.orderItems.map((i) => i.tax)).toEqual([8.1, 0.67]);
    await store.close();
  });
});
