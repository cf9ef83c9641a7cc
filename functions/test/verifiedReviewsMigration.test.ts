// Migration 25 (issue 29): reviews written before the verified-purchase mark are decided by the same rule
// (domain/reviewDecisions.ts verifiedPurchase) over the orders as they are when the migration runs.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../src/adapters/embedded/migrations.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const BEFORE = MIGRATIONS.filter((m) => m.version < 25);

async function insertProduct(db: Database, id: string) {
  await db.client.execute({
    sql: `INSERT INTO products (id, user_id, name, name_key, image, brand, category, description, price_cents,
            count_in_stock, created_at, updated_at)
          VALUES (?, 'admin', ?, ?, '/i.svg', 'B', 'C', 'D', 1000, 5, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    args: [id, `Product ${id}`, `product ${id}`],
  });
}

async function insertOrder(
  db: Database,
  order: { id: string; user: string; product: string; status: string; paidAt: string | null; refunds?: unknown[] },
) {
  await db.client.execute({
    sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
            shipping_cents, tax_cents, total_cents, currency, status, paid_at, expires_at, created_at, refunds_json)
          VALUES (?, ?, 'Ann', 'ann@example.com', '{"address":"a","city":"b","postalCode":"c","country":"d"}',
            'PayPal', 1000, 0, 150, 1150, 'USD', ?, ?, '2026-01-01T00:30:00.000Z', '2026-01-01T00:00:00.000Z', ?)`,
    args: [order.id, order.user, order.status, order.paidAt, JSON.stringify(order.refunds ?? [])],
  });
  await db.client.execute({
    sql: `INSERT INTO order_items (order_id, line, product_id, name, image, price_cents, qty)
          VALUES (?, 0, ?, 'Lamp', '/l.png', 1000, 1)`,
    args: [order.id, order.product],
  });
}

async function insertReview(db: Database, id: string, product: string, user: string) {
  await db.client.execute({
    sql: `INSERT INTO reviews (id, product_id, user_id, name, rating, comment, created_at)
          VALUES (?, ?, ?, 'Ann', 2, 'Meh', '2026-01-02T00:00:00.000Z')`,
    args: [id, product, user],
  });
}

describe('migration 25: verified purchase of the reviews written before it', () => {
  it('marks exactly the reviews whose authors have a paid, standing order of the product', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-m25-'));
    dirs.push(dir);
    const old = await Database.open(dir, BEFORE);
    for (const product of ['p1', 'p2']) await insertProduct(old, product);
    const paidAt = '2026-01-01T00:05:00.000Z';
    await insertOrder(old, { id: 'o1', user: 'paid', product: 'p1', status: 'paid', paidAt });
    await insertOrder(old, { id: 'o2', user: 'delivered', product: 'p1', status: 'delivered', paidAt });
    await insertOrder(old, { id: 'o3', user: 'unpaid', product: 'p1', status: 'awaiting_payment', paidAt: null });
    await insertOrder(old, { id: 'o4', user: 'other', product: 'p2', status: 'paid', paidAt });
    await insertOrder(old, { id: 'o5', user: 'cancelled', product: 'p1', status: 'cancelled', paidAt });
    const refund = { status: 'completed', amountCents: 1150, items: [{ product: 'p1', qty: 1 }] };
    await insertOrder(old, { id: 'o6', user: 'refunded', product: 'p1', status: 'paid', paidAt, refunds: [refund] });
    for (const user of ['paid', 'delivered', 'unpaid', 'other', 'cancelled', 'refunded', 'stranger'])
      await insertReview(old, `r-${user}`, 'p1', user);
    old.close();

    const db = await Database.open(dir);
    const rows = await db.client.execute('SELECT user_id, verified FROM reviews ORDER BY user_id');
    expect(Object.fromEntries(rows.rows.map((r) => [r.user_id, Number(r.verified)]))).toEqual({
      cancelled: 0,
      delivered: 1,
      other: 0,
      paid: 1,
      refunded: 0,
      stranger: 0,
      unpaid: 0,
    });
    const product = await db.client.execute("SELECT specs_json, images_json FROM products WHERE id = 'p1'");
    expect([product.rows[0]!.specs_json, product.rows[0]!.images_json]).toEqual(['[]', '[]']);
    db.close();
  });
});
