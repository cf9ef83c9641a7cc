// Benchmark: the paged order lists at 50,000 orders (issue 13, "bounded answers"): p50/p95 of the first and the last
// page of the admin's list (GET /api/orders?pageNumber=) and of one customer's (GET /api/orders/myorders?pageNumber=),
// over real HTTP against the child-process server. Orders are inserted straight into the database (one SQL statement).
// Usage: npx tsx bench/orderLists.ts [--quick] [--json out.json]   (BENCH_ORDERS=50000; BENCH_ORDER_REQUESTS=100)
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { EmbeddedAuth } from '../functions/src/adapters/embedded/auth.js';
import { Database } from '../functions/src/adapters/embedded/db.js';
import { LIST_PAGE_SIZE } from '../functions/src/domain/listQuery.js';
import { QUICK, jsonTarget, ms, percentile, removeDir, startShop, table, tempDir } from './lib/common.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
/** Every 10th order is the benchmark customer's ("mine"). */
const MINE_EVERY = 10;
const REQUESTS = Number(process.env.BENCH_ORDER_REQUESTS ?? (QUICK ? 30 : 100));
const TARGET_MS = 25;

async function seed(db: Database, customerId: string, adminId: string) {
  const now = new Date().toISOString();
  await db.write(async (tx) => {
    for (const [id, name, admin] of [
      [customerId, 'Bench Customer', 0],
      [adminId, 'Bench Admin', 1],
    ] as const) {
      await tx.execute({
        sql: `INSERT INTO users (id, name, email, email_key, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, '!', ?, ?)`,
        args: [id, name, `${id}@bench.test`, `${id}@bench.test`, admin, now],
      });
    }
    await tx.execute({
      sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
              shipping_cents, tax_cents, total_cents, currency, status, expires_at, created_at)
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
            SELECT printf('%024x', i), CASE WHEN i % ?2 = 0 THEN ?3 ELSE 'other-' || (i % 997) END, 'Customer',
                   'c' || (i % 997) || '@bench.test',
                   '{"address":"1 Main St","city":"Springfield","postalCode":"12345","country":"USA"}', 'PayPal',
                   1000, 0, 150, 1150, 'USD',
                   CASE i % 4 WHEN 0 THEN 'awaiting_payment' WHEN 1 THEN 'paid' WHEN 2 THEN 'delivered' ELSE 'expired' END,
                   strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i, 'unixepoch'),
                   strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i, 'unixepoch')
            FROM n`,
      args: [BigInt(ORDERS), BigInt(MINE_EVERY), customerId],
    });
    await tx.execute(`INSERT INTO order_items (order_id, line, product_id, name, image, price_cents, qty)
                      SELECT id, 0, 'bench-product', 'Bench Thing', '/images/sample.svg', 1000, 1 FROM orders`);
  });
}

export async function runOrderLists() {
  const dataDir = tempDir('order-lists');
  const jwtSecret = randomBytes(32).toString('base64url');
  const customerId = 'bench-customer-0000000001';
  const adminId = 'bench-admin-0000000000001';
  const db = await Database.open(dataDir);
  const t0 = performance.now();
  await seed(db, customerId, adminId);
  const seedSeconds = (performance.now() - t0) / 1000;
  const signer = new EmbeddedAuth(db, new TextEncoder().encode(jwtSecret));
  const [customer, admin] = [await signer.issueToken(customerId), await signer.issueToken(adminId)];
  db.close();

  const shop = await startShop({ dataDir, env: { JWT_SECRET: jwtSecret } });
  try {
    const adminPages = Math.ceil(ORDERS / LIST_PAGE_SIZE);
    const minePages = Math.ceil(ORDERS / MINE_EVERY / LIST_PAGE_SIZE);
    const cases = [
      { name: 'admin, first page', path: '/api/orders?pageNumber=1', token: admin },
      { name: `admin, last page (${adminPages})`, path: `/api/orders?pageNumber=${adminPages}`, token: admin },
      { name: 'admin, paid, last page', path: `/api/orders?pageNumber=${adminPages / 4}&status=paid`, token: admin },
      { name: 'mine, first page', path: '/api/orders/myorders?pageNumber=1', token: customer },
      { name: `mine, last page (${minePages})`, path: `/api/orders/myorders?pageNumber=${minePages}`, token: customer },
    ];
    const rows = [];
    for (const c of cases) {
      const get = async () => {
        const res = await fetch(shop.url + c.path, { headers: { Authorization: `Bearer ${c.token}` } });
        const body = (await res.json()) as { orders?: unknown[] };
        if (res.status !== 200 || body.orders?.length !== LIST_PAGE_SIZE)
          throw new Error(`${c.path}: ${res.status}, ${body.orders?.length} orders`);
      };
      for (let i = 0; i < 10; i++) await get(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now();
        await get();
        times.push(performance.now() - s);
      }
      rows.push({ name: c.name, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    return {
      orders: ORDERS,
      requests: REQUESTS,
      seedSeconds,
      targetMs: TARGET_MS,
      rows,
      met: rows.every((r) => r.p95 <= TARGET_MS),
    };
  } finally {
    await shop.stop();
    removeDir(dataDir);
  }
}

export type OrderListsResult = Awaited<ReturnType<typeof runOrderLists>>;

export function orderListsMarkdown(r: OrderListsResult): string {
  return table(
    ['List page (50 orders each)', 'p50', 'p95', `≤ ${r.targetMs} ms`],
    r.rows.map((x) => [x.name, ms(x.p50), ms(x.p95), x.p95 <= r.targetMs ? '✅' : '❌']),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runOrderLists();
  console.log(orderListsMarkdown(r));
  console.log(`Seeded ${r.orders} orders in ${r.seedSeconds.toFixed(1)} s; ${r.requests} requests per row.`);
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(r, null, 2));
}
