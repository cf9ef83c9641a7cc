// Issue 13, "unbounded lists": tens of thousands of orders, inserted straight into the embedded database (one SQL
// statement, not HTTP), then every page of every list walked through the store: each page holds the right orders
// in the right order, none twice, none missing, with the right counts. Correctness only: speed is the bench's
// (bench/orderLists.ts). Before the fix, loading more than 32,766 orders at once failed on SQLite's variable limit.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import type { OrderListQuery, OrderStatus } from '../src/domain/index.js';
import type { Store } from '../src/ports.js';

const ORDERS = 40_000;
const CUSTOMERS = 400;
const STATUSES: OrderStatus[] = ['awaiting_payment', 'paid', 'delivered', 'expired'];
const BASE = Date.parse('2026-01-01T00:00:00.000Z');

/** The i-th inserted order, as the SQL below builds it (three orders share each second: ties broken by id). */
function expectedOrder(i: number) {
  const customer = i % CUSTOMERS;
  return {
    id: i.toString(16).padStart(24, '0'),
    userId: `cust-${customer}`,
    name: customer % 10 === 0 ? `Heavy Buyer${customer}` : `Customer ${customer}`,
    status: STATUSES[i % 4]!,
    createdAt: new Date(BASE + Math.floor(i / 3) * 1000).toISOString(),
  };
}

/** Inserts ORDERS orders, each with one line, in one transaction. */
async function insertOrders(db: Database) {
  await db.write(async (tx) => {
    await tx.execute({
      sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
              shipping_cents, tax_cents, total_cents, currency, status, expires_at, created_at)
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
            SELECT printf('%024x', i), 'cust-' || (i % ?2),
                   CASE WHEN (i % ?2) % 10 = 0 THEN 'Heavy Buyer' || (i % ?2) ELSE 'Customer ' || (i % ?2) END,
                   'c' || (i % ?2) || '@example.com',
                   '{"address":"1 Main St","city":"Springfield","postalCode":"12345","country":"USA"}', 'PayPal',
                   1000 + i, 0, 150, 1150 + i, 'USD',
                   CASE i % 4 WHEN 0 THEN 'awaiting_payment' WHEN 1 THEN 'paid' WHEN 2 THEN 'delivered' ELSE 'expired' END,
                   strftime('%Y-%m-%dT%H:%M:%fZ', ?3 / 1000 + i / 3, 'unixepoch'),
                   strftime('%Y-%m-%dT%H:%M:%fZ', ?3 / 1000 + i / 3, 'unixepoch')
            FROM n`,
      // Integers as BigInt: a JS number binds as REAL and 'cust-' || (i % 400.0) would read 'cust-7.0'.
      args: [BigInt(ORDERS), BigInt(CUSTOMERS), BigInt(BASE)],
    });
    await tx.execute(
      `INSERT INTO order_items (order_id, line, product_id, name, image, price_cents, qty)
       SELECT id, 0, 'product-' || (items_cents % 7), 'Thing', '/images/sample.svg', items_cents, 1 FROM orders`,
    );
  });
}

let dir: string;
let store: Store;
const all = Array.from({ length: ORDERS }, (_, i) => expectedOrder(i));
const newestFirst = [...all].sort((a, b) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'voltshop-orders-load-'));
  const db = await Database.open(dir);
  store = createSqlStore(db);
  await insertOrders(db);
}, 120_000);

afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Walks every page of the query and checks it against `expected` (already in the asked order). */
async function walk(query: Omit<OrderListQuery, 'page' | 'pageSize'>, expected: ReturnType<typeof expectedOrder>[]) {
  const pageSize = 50;
  const pages = Math.max(1, Math.ceil(expected.length / pageSize));
  const seen: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const answer = await store.orders.list({ ...query, page, pageSize });
    expect(answer.total).toBe(expected.length);
    expect(answer.pages).toBe(pages);
    expect(answer.page).toBe(page);
    const want = expected.slice((page - 1) * pageSize, page * pageSize);
    const got = answer.orders.map((o) => o._id);
    // Cheap per page; the whole list is compared once below (a failure there names the first wrong id).
    expect(got.length, `page ${page} size`).toBe(want.length);
    seen.push(...got);
    const first = answer.orders[0];
    if (first) {
      const wantFirst = want[0]!;
      expect(first).toMatchObject({ user: { _id: wantFirst.userId, name: wantFirst.name }, status: wantFirst.status });
      expect(first.orderItems).toHaveLength(1);
    }
  }
  expect(new Set(seen).size, 'no order twice').toBe(seen.length);
  expect(seen).toEqual(expected.map((o) => o.id));
  const past = await store.orders.list({ ...query, page: pages + 1, pageSize });
  expect(past.orders).toEqual([]);
}

describe(`order lists with ${ORDERS.toLocaleString('en-US')} orders`, () => {
  it('admin list, newest first: every page right, no dupes, no gaps', { timeout: 300_000 }, async () => {
    await walk({ search: '', sort: 'newest' }, newestFirst);
  });

  it('admin list, oldest first', { timeout: 300_000 }, async () => {
    await walk({ search: '', sort: 'oldest' }, [...newestFirst].reverse());
  });

  it('admin list filtered by status and by customer search', { timeout: 300_000 }, async () => {
    await walk(
      { search: '', sort: 'newest', status: 'delivered' },
      newestFirst.filter((o) => o.status === 'delivered'),
    );
    // "heavy" matches the word "Heavy" of every tenth customer's name (4,000 orders).
    await walk(
      { search: 'heavy', sort: 'newest', status: 'paid' },
      newestFirst.filter((o) => o.name.startsWith('Heavy') && o.status === 'paid'),
    );
    await walk(
      { search: 'c7@example', sort: 'oldest' },
      [...newestFirst].reverse().filter((o) => o.userId === 'cust-7'),
    );
  });

  it("one customer's orders (my orders)", { timeout: 300_000 }, async () => {
    await walk(
      { userId: 'cust-20', search: '', sort: 'newest' },
      newestFirst.filter((o) => o.userId === 'cust-20'),
    );
  });

  it('loads a page and a single order without binding a variable per order', async () => {
    // The page's lines come with one argument whatever the page size: a page larger than SQLite's variable limit works.
    const huge = await store.orders.list({ search: '', sort: 'newest', page: 1, pageSize: 33_000 });
    expect(huge.orders).toHaveLength(33_000);
    expect(huge.orders.every((o) => o.orderItems.length === 1)).toBe(true);
  });
});
