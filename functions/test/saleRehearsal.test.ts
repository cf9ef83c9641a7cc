// Issue 42: the start-up sale rehearsal (src/saleRehearsal.ts) runs the whole order path on a scratch shop, and the real
// shop's data is the same row for row afterwards, with the shop's own (strict) limits.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createEmbeddedPorts } from '../src/adapters/embedded/index.js';
import { readConfig, type Config } from '../src/config.js';
import { rehearseSale } from '../src/saleRehearsal.js';
import { SHOP_HOLD_LIMITS, startTestShop, type TestShop } from './support/shop.js';

/** The shop's own order limits (config.ts defaults), not the suites' relaxed ones. */
const SHOP_ORDER_LIMITS = {
  ORDER_RATE_LIMIT: '30',
  ORDER_RATE_LIMIT_PER_ADDRESS: '60',
  UNVERIFIED_ORDER_RATE_LIMIT: '10',
  ...SHOP_HOLD_LIMITS,
};

/** Every table's rows, as `table: count`. */
async function rowCounts(dataDir: string): Promise<Record<string, number>> {
  const db = await Database.open(dataDir);
  try {
    const tables = await db.client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const rs = await db.client.execute(`SELECT COUNT(*) AS n FROM "${String(name)}"`);
      counts[String(name)] = Number(rs.rows[0].n);
    }
    return counts;
  } finally {
    db.close();
  }
}

const openPorts = (config: Config) => createEmbeddedPorts(config);

let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

describe('the start-up sale rehearsal', () => {
  it('sells a scratch shop out and refuses the late requests, and the real shop is untouched', async () => {
    shop = await startTestShop(SHOP_ORDER_LIMITS);
    const before = await rowCounts(shop.config.dataDir);
    expect(before.orders).toBe(0);

    const result = await rehearseSale(shop.config, openPorts);

    // 32 accounts × 40 rounds against a stock of 60: the placing transaction's 201s, then its 409s, then the known
    // stock's 409s; no limit (429) nor error on the way, although the real shop's limits are the strict ones.
    expect(result.statuses).toEqual({ 201: 60, 409: 1220 });
    expect(result.cpuMs).toBeGreaterThan(0);
    expect(await rowCounts(shop.config.dataDir)).toEqual(before);
    expect(existsSync(join(shop.config.dataDir, '.sale-rehearsal'))).toBe(false);
    // The real shop's own limits still count from zero for the address the rehearsal ordered from.
    const products = (await shop.call('GET', '/api/products')).body.products as { _id: string }[];
    const placed = await shop.call('POST', '/api/orders', {
      token: await shop.aliceToken(),
      body: {
        orderItems: [{ product: products[0]._id, qty: 1 }],
        shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
        paymentMethod: 'PayPal',
      },
    });
    expect(placed.status).toBe(201);
  }, 60_000);

  it('runs a second after the server listens, and closing waits for it', async () => {
    shop = await startTestShop(SHOP_ORDER_LIMITS, { rehearse: true });
    expect(shop.rehearsal()).toBeUndefined();
    await expect.poll(() => shop!.rehearsal(), { timeout: 5000 }).toBeDefined();
    expect((await shop.rehearsal())!.statuses).toEqual({ 201: 60, 409: 1220 });
    expect((await rowCounts(shop.config.dataDir)).orders).toBe(0);
  }, 60_000);

  it('never throws: a scratch shop that cannot open only leaves the code cold', async () => {
    shop = await startTestShop();
    // A file where the scratch folder's parent should be: the scratch database cannot be created.
    const blocked = join(shop.config.dataDir, 'not-a-folder');
    writeFileSync(blocked, '');
    const config = { ...readConfig({ DATA_DIR: blocked, PASSWORD_HASH_COST: '1024' }) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const result = await rehearseSale(config, openPorts);
      expect(result.statuses).toEqual({});
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('[rehearsal]'), expect.anything());
    } finally {
      warn.mockRestore();
    }
  });
});
