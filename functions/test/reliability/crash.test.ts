// Crash safety: the shop runs as a child process under a stream of orders and is killed with SIGKILL mid-stream
// (no shutdown, no flush), twice. After each kill the database must open cleanly (integrity check), every order
// the server acknowledged (201) must be there with its quantity, and stock + sold quantities must still add up
// to the starting stock. Orders in flight at the kill may or may not have committed; either way they add up.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productInput } from '../support/products.js';
import { shippingAddress } from '../support/shop.js';
import {
  call,
  login,
  NO_HOLD_LIMITS,
  sigkillOnce,
  startChild as startChild_,
  type ChildShop,
} from './support/childShop.js';
import { openDb } from './support/db.js';

const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-crash-'));
const START_STOCK = 400;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const startChild = () => startChild_(dataDir, children, NO_HOLD_LIMITS);

let productId = '';
const acknowledged = new Map<string, number>(); // order id -> qty

/** Orders from `workers` concurrent loops until the server dies; SIGKILLs it after `killAfter` acks (or 4 s). */
async function ordersUntilKilled(child: ChildShop, tokens: string[], killAfter: number) {
  let acksThisRound = 0;
  const { exited, kill, killed } = sigkillOnce(child);
  const deadline = setTimeout(kill, 4000);
  await Promise.all(
    Array.from({ length: 12 }, async (_, w) => {
      for (let i = 0; !killed() && i < 200; i++) {
        const qty = 1 + ((w + i) % 3);
        try {
          const res = await call(child.url, 'POST', '/api/orders', tokens[w % tokens.length], {
            orderItems: [{ product: productId, qty }],
            shippingAddress,
          });
          if (res.status === 201) {
            acknowledged.set(res.body._id, qty);
            if (++acksThisRound >= killAfter) kill();
          } else if (res.status !== 409) {
            throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
          }
        } catch (error) {
          if (!killed()) throw error; // connection errors are expected only once the server is killed
        }
      }
    }),
  );
  clearTimeout(deadline);
  kill();
  await exited;
  return acksThisRound;
}

async function checkDatabase() {
  const db = openDb(dataDir);
  try {
    expect((await db.execute('PRAGMA integrity_check')).rows[0]!.integrity_check).toBe('ok');
    const stock = Number(
      (await db.execute({ sql: 'SELECT count_in_stock AS s FROM products WHERE id = ?', args: [productId] })).rows[0].s,
    );
    const lines = await db.execute({
      sql: "SELECT o.id AS id, i.qty AS qty FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.product_id = ? AND o.status <> 'expired'",
      args: [productId],
    });
    const stored = new Map(lines.rows.map((r) => [String(r.id), Number(r.qty)]));
    const sold = [...stored.values()].reduce((a, b) => a + b, 0);
    expect(stock + sold, 'stock + sold = starting stock').toBe(START_STOCK);
    expect(stock).toBeGreaterThanOrEqual(0);
    for (const [id, qty] of acknowledged) expect(stored.get(id), `acknowledged order ${id}`).toBe(qty);
    const orphans = await db.execute(
      'SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)',
    );
    expect(Number(orphans.rows[0].n), 'no order without its lines').toBe(0);
    return { stock, orders: stored.size };
  } finally {
    db.close();
  }
}

describe('crash safety (SIGKILL under order load)', () => {
  it('keeps every acknowledged order and the stock arithmetic across two kills', async () => {
    let child = await startChild();
    const admin = await login(child.url, 'admin@voltshop.test', 'admin1234');
    productId = (await call(child.url, 'POST', '/api/products', admin)).body._id;
    const put = await call(
      child.url,
      'PUT',
      `/api/products/${productId}`,
      admin,
      productInput('Crash Test Cable', { price: 5, countInStock: START_STOCK }),
    );
    expect(put.status).toBe(200);
    const tokens = [
      await login(child.url, 'alice@voltshop.test', 'alice1234'),
      await login(child.url, 'bob@voltshop.test', 'bob1234'),
    ];

    for (const round of [1, 2]) {
      const acks = await ordersUntilKilled(child, tokens, 25 + round * 10);
      expect(acks, `round ${round}: some orders acknowledged before the kill`).toBeGreaterThan(0);
      const { stock } = await checkDatabase();
      // The restarted server opens the same files cleanly and serves the same stock.
      child = await startChild();
      const served = await call(child.url, 'GET', `/api/products/${productId}`);
      expect(served.body.countInStock).toBe(stock);
    }

    // Still writable after two crashes: one more order goes through and adds up.
    const res = await call(child.url, 'POST', '/api/orders', tokens[0], {
      orderItems: [{ product: productId, qty: 1 }],
      shippingAddress,
    });
    expect(res.status).toBe(201);
    acknowledged.set(res.body._id, 1);
    child.proc.kill('SIGKILL');
    await new Promise((r) => child.proc.once('exit', r));
    const final = await checkDatabase();
    expect(final.orders).toBeGreaterThanOrEqual(acknowledged.size);
  }, 120_000);
});
