// Group commit of the embedded store (issue 15, adapters/embedded/unitOfWork.ts): under a 500-way spike on stock
// 100 nothing is oversold, every order is all-or-nothing, what was sold is exactly what the stock lost, orders
// really share transactions, a failure inside one order's savepoint refuses only that order, and every order the
// server acknowledged survives a SIGKILL in the middle of the spike.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import {
  DEFAULT_HOLD_LIMITS,
  DomainError,
  holdUntil,
  type Order,
  type ProductUpdateInput,
} from '../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../src/ports.js';
import { call, login, NO_HOLD_LIMITS, sigkillOnce, startChild } from './reliability/support/childShop.js';
import { openDb } from './reliability/support/db.js';
import { productInput } from './support/products.js';
import { shippingAddress } from './support/shop.js';
import { allOrders } from './contract/store.contract.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const product = (name: string, countInStock: number): ProductUpdateInput => productInput(name, { countInStock });
const command = (customer: number, lines: PlaceOrderCommand['lines']): PlaceOrderCommand => ({
  user: { _id: `customer-${customer}`, name: `Customer ${customer}`, email: `c${customer}@example.com` },
  lines,
  shippingAddress,
  paymentMethod: 'PayPal',
  now,
  expiresAt: holdUntil(now, 30),
  holdLimits: DEFAULT_HOLD_LIMITS,
});

describe('group commit (embedded store)', () => {
  let dir: string;
  let db: Database;
  let store: Store;
  let writes: number;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-group-'));
    db = await Database.open(dir);
    store = createSqlStore(db);
    writes = 0;
    const write = db.write.bind(db);
    db.write = (fn) => {
      writes++;
      return write(fn);
    };
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('500 simultaneous orders on stock 100: no oversell, all-or-nothing, sold = stock taken, few transactions', async () => {
    const hot = await store.products.create(product('Sale Console', 100), 'owner');
    const side = await store.products.create(product('Sale Controller', 60), 'owner');
    writes = 0;
    // Every 5th order also takes a controller (fewer than needed): such an order is refused as a whole.
    const commands = Array.from({ length: 500 }, (_, i) =>
      command(
        i,
        i % 5 === 0
          ? [
              { product: hot._id, qty: 1 + (i % 2) },
              { product: side._id, qty: 2 },
            ]
          : [{ product: hot._id, qty: 1 + (i % 3) }],
      ),
    );
    const results = await Promise.allSettled(commands.map((c) => store.orders.place(c)));

    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason, String(r.reason)).toMatchObject({ kind: 'conflict' });
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(500);

    const stored = await allOrders(store);
    expect(new Set(stored.map((o) => o._id))).toEqual(new Set(placed.map((o) => o._id)));
    const byId = new Map(stored.map((o) => [o._id, o]));
    for (const [i, r] of results.entries()) {
      if (r.status !== 'fulfilled') continue;
      // Exactly the lines asked, each priced: the order is whole.
      expect(byId.get(r.value._id)!.orderItems.map((l) => [l.product, l.qty])).toEqual(
        commands[i]!.lines.map((l) => [l.product, l.qty]),
      );
      expect(byId.get(r.value._id)).toEqual(r.value);
    }
    const soldOf = (id: string) =>
      stored.flatMap((o: Order) => o.orderItems).reduce((n, l) => n + (l.product === id ? l.qty : 0), 0);
    const [hotNow, sideNow] = [(await store.products.get(hot._id))!, (await store.products.get(side._id))!];
    expect(hotNow.countInStock).toBeGreaterThanOrEqual(0);
    expect(sideNow.countInStock).toBeGreaterThanOrEqual(0);
    expect(soldOf(hot._id) + hotNow.countInStock).toBe(100);
    expect(soldOf(side._id) + sideNow.countInStock).toBe(60);
    // The spike sells out: an order refused for stock was refused because there was none left for it.
    expect(hotNow.countInStock).toBeLessThan(3);
    // Orders shared transactions: far fewer than one write per order.
    expect(writes).toBeLessThanOrEqual(10);
  });

  it('two orders of one customer in one batch see each other under the hold limits', async () => {
    const p = await store.products.create(product('Limited', 100), 'owner');
    writes = 0;
    const results = await Promise.allSettled([
      store.orders.place(command(1, [{ product: p._id, qty: 3 }])),
      store.orders.place(command(1, [{ product: p._id, qty: 3 }])),
    ]);
    expect(writes).toBe(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect((await store.products.get(p._id))!.countInStock).toBe(97);
  });

  it('orders that arrive in one turn of the event loop, each from its own callback (as a burst over HTTP), share one transaction', async () => {
    const p = await store.products.create(product('Burst Lamp', 100), 'owner');
    writes = 0;
    // Each callback runs its order's path to the queue and drains its promises before the next callback, as the HTTP
    // server does for each request of a burst read in one poll of the sockets. Immediates, not timers: timers of 0 ms
    // set a millisecond apart (a loaded machine) may fire in different turns, immediates set in one turn run in one.
    const placed = await Promise.all(
      Array.from(
        { length: 5 },
        (_, i) =>
          new Promise<Order>((resolve, reject) =>
            setImmediate(() => store.orders.place(command(i, [{ product: p._id, qty: 1 }])).then(resolve, reject)),
          ),
      ),
    );
    expect(placed).toHaveLength(5);
    expect(writes).toBe(1);
    expect((await store.products.get(p._id))!.countInStock).toBe(95);
  });

  it('a failure inside one order (after it took stock) undoes that order only; the batch commits', async () => {
    const p = await store.products.create(product('Poisoned Batch', 100), 'owner');
    // A database error on the 7th unit line, raised after the order's stock update ran in its savepoint.
    await db.client.execute(
      "CREATE TRIGGER poison BEFORE INSERT ON order_items WHEN NEW.qty = 7 BEGIN SELECT RAISE(ABORT, 'poisoned line'); END",
    );
    writes = 0;
    const loose = { ...DEFAULT_HOLD_LIMITS, maxUnitsPerProduct: 10 };
    const results = await Promise.allSettled(
      [1, 7, 2, 4].map((qty, i) => store.orders.place({ ...command(i, [{ product: p._id, qty }]), holdLimits: loose })),
    );
    expect(writes).toBe(1); // one batch
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toContain('poisoned line');
    // 1 + 2 + 4 taken; the poisoned order's 7 went back with its savepoint, and it left no order behind.
    expect((await store.products.get(p._id))!.countInStock).toBe(93);
    expect(await allOrders(store)).toHaveLength(3);
  });

  it('an order alone in its batch (no savepoint) that fails after taking stock leaves nothing behind', async () => {
    const p = await store.products.create(product('Poisoned Single', 100), 'owner');
    await db.client.execute(
      "CREATE TRIGGER poison BEFORE INSERT ON order_items WHEN NEW.qty = 7 BEGIN SELECT RAISE(ABORT, 'poisoned line'); END",
    );
    const loose = { ...DEFAULT_HOLD_LIMITS, maxUnitsPerProduct: 10 };
    writes = 0;
    await expect(
      store.orders.place({ ...command(1, [{ product: p._id, qty: 7 }]), holdLimits: loose }),
    ).rejects.toThrow('poisoned line');
    expect(writes).toBe(1);
    const count = async (sql: string) => Number((await db.client.execute(sql)).rows[0]!.n);
    // Its stock, its history, its order, its email and its remembered address all went with the transaction.
    expect((await store.products.get(p._id))!.countInStock).toBe(100);
    expect(await count("SELECT count(*) AS n FROM stock_history WHERE cause = 'order'")).toBe(0);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM user_addresses')).toBe(0);
    // The next order, alone too, goes through.
    const placed = await store.orders.place({ ...command(1, [{ product: p._id, qty: 2 }]), holdLimits: loose });
    expect((await store.products.get(p._id))!.countInStock).toBe(98);
    expect(await allOrders(store)).toEqual([placed]);
  });
});

describe('group commit: acknowledged orders survive SIGKILL mid-spike', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-group-kill-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('every 201 is on disk with its stock taken; stock + sold = 100', async () => {
    const child = await startChild(dataDir, children, NO_HOLD_LIMITS);
    const admin = await login(child.url, 'admin@voltshop.test', 'admin1234');
    const productId = (await call(child.url, 'POST', '/api/products', admin)).body._id as string;
    const put = await call(child.url, 'PUT', `/api/products/${productId}`, admin, product('Spike Phone', 100));
    expect(put.status).toBe(200);
    const tokens = [
      await login(child.url, 'alice@voltshop.test', 'alice1234'),
      await login(child.url, 'bob@voltshop.test', 'bob1234'),
    ];

    const acknowledged = new Map<string, number>();
    const { exited, kill, killed } = sigkillOnce(child);
    await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
        const qty = 1 + (i % 2);
        try {
          const res = await call(child.url, 'POST', '/api/orders', tokens[i % 2], {
            orderItems: [{ product: productId, qty }],
            shippingAddress,
          });
          if (res.status === 201) {
            acknowledged.set(res.body._id, qty);
            if (acknowledged.size >= 20) kill(); // mid-spike: most orders are still waiting or in flight
          } else expect(res.status).toBe(409);
        } catch (error) {
          if (!killed()) throw error; // connection errors only once the server is killed
        }
      }),
    );
    kill();
    await exited;
    expect(acknowledged.size).toBeGreaterThanOrEqual(20);

    const db = openDb(dataDir);
    try {
      expect((await db.execute('PRAGMA integrity_check')).rows[0]!.integrity_check).toBe('ok');
      const stock = Number(
        (await db.execute({ sql: 'SELECT count_in_stock AS s FROM products WHERE id = ?', args: [productId] })).rows[0]!
          .s,
      );
      const lines = await db.execute({
        sql: 'SELECT o.id AS id, i.qty AS qty FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.product_id = ?',
        args: [productId],
      });
      const stored = new Map(lines.rows.map((r) => [String(r.id), Number(r.qty)]));
      for (const [id, qty] of acknowledged) expect(stored.get(id), `acknowledged order ${id}`).toBe(qty);
      const sold = [...stored.values()].reduce((a, b) => a + b, 0);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + sold, 'stock + sold = starting stock').toBe(100);
    } finally {
      db.close();
    }
  }, 120_000);
});
