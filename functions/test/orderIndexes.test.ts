// Issue 42, migration 45: the orders table keeps only the indexes its queries use (each one is a page written by every
// placed order). Each order query of the embedded store is run as the store runs it, and its plan asked of SQLite:
// each finds the orders by the index meant for it, never among every order of a status or the whole table.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InArgs, InStatement, Transaction } from '../src/adapters/embedded/sql.js';
import { View } from '../src/adapters/embedded/placementView.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { SqlOrderQueries } from '../src/adapters/embedded/orders.js';

let dir: string;
let db: Database;
/** The statements over the orders table the store ran since the last take(). */
let seen: { sql: string; args: unknown[] }[] = [];

/** Makes `reader` note the statements over the orders it runs (in `seen`). */
function noting(reader: Pick<Transaction, 'execute'>) {
  const execute = reader.execute.bind(reader);
  reader.execute = (stmt: InStatement, args?: InArgs) => {
    const sql = typeof stmt === 'string' ? stmt : stmt.sql;
    const bound = typeof stmt === 'string' ? (args ?? []) : (stmt.args ?? []);
    if (/\bFROM orders\b/.test(sql) && !sql.startsWith('EXPLAIN')) seen.push({ sql, args: bound as unknown[] });
    return execute(stmt, args);
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'voltshop-order-indexes-'));
  db = await Database.open(dir);
  noting(db.client);
});

afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** The plan of each order statement the store ran for `work`: SQLite's EXPLAIN QUERY PLAN details of the orders. */
async function plansOf(work: () => Promise<unknown>): Promise<string[]> {
  seen = [];
  await work();
  const plans: string[] = [];
  for (const { sql, args } of seen) {
    const plan = await db.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
    plans.push(...plan.rows.map((r) => String(r.detail)).filter((d) => /^(SEARCH|SCAN) (orders|o)\b/.test(d)));
  }
  return plans;
}

describe('the order queries after migration 45 (an index fewer)', () => {
  const orders = () => new SqlOrderQueries(db);
  const page = { search: '', sort: 'newest' as const, page: 1, pageSize: 50 };
  const now = new Date('2026-12-03T12:00:00Z');

  it('the indexes are those the queries use', async () => {
    const rs = await db.client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    expect(rs.rows.map((r) => r.name)).toEqual([
      'orders_by_client',
      'orders_by_date',
      'orders_by_guest_address',
      'orders_by_status',
      'orders_by_user',
      'orders_by_user_status',
      'orders_waiting',
    ]);
  });

  it('the holds due to expire and to be reminded are found among the unpaid orders (orders_by_status)', async () => {
    for (const work of [() => orders().dueForExpiry(now), () => orders().dueForReminder(now)]) {
      const plans = await plansOf(work);
      expect(plans).toEqual([expect.stringMatching(/^SEARCH orders USING INDEX orders_by_status \(status=\?\)/)]);
    }
  });

  it("one customer's orders are found among that customer's, in date order or of one status", async () => {
    const all = await plansOf(() => orders().list({ ...page, userId: 'u1' }));
    expect(all.length).toBeGreaterThan(0);
    for (const plan of all)
      expect(plan).toMatch(/^SEARCH orders USING (COVERING )?INDEX orders_by_user \(user_id=\?\)/);
    const paid = await plansOf(() => orders().list({ ...page, userId: 'u1', status: 'paid' }));
    expect(paid.length).toBeGreaterThan(0);
    for (const plan of paid)
      expect(plan).toMatch(/^SEARCH orders USING (COVERING )?INDEX orders_by_user_status \(user_id=\? AND status=\?\)/);
  });

  it("a placement reads the customer's, the guest address's and the client address's unpaid orders by their keys", async () => {
    const plans = await plansOf(() =>
      db.write(async (tx) => {
        noting(tx);
        const reads = { productIds: [], customerId: 'u1', addressKey: 'a1', clientKey: 'c1', addressBookOf: null };
        await new View().load(tx, [reads]);
      }),
    );
    expect(plans).toEqual([
      expect.stringMatching(/^SEARCH o USING INDEX orders_by_user_status \(user_id=\? AND status=\?\)/),
      expect.stringMatching(/^SEARCH o USING INDEX orders_by_guest_address \(guest_address_key=\? AND status=\?\)/),
      expect.stringMatching(/^SEARCH o USING INDEX orders_by_client \(client_key=\? AND status=\?\)/),
    ]);
  });

  it("the admin's list of one status reads that status's orders in order (orders_by_status)", async () => {
    const plans = await plansOf(() => orders().list({ ...page, status: 'paid' }));
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans)
      expect(plan).toMatch(/^SEARCH orders USING (COVERING )?INDEX orders_by_status \(status=\?\)/);
  });
});
