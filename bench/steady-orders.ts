// Benchmark helper: server CPU per placed order in a steady flow (100 orders/s, each customer at most 2 orders, within
// the hold limits), after a warm-up flow of the same size, on one or more builds in alternating runs, so that a change
// to the order path is measured side by side with the build before it in the same minutes (docs/benchmarks.md notes).
// Then the pages of WAL a placed order writes (100 more orders of the flow after a truncating checkpoint: a count,
// not a timing, so one run tells it).
// Usage: npx tsx bench/steady-orders.ts                       this checkout's built server, 3 runs
//        BENCH_SHOP_ROOTS=/path/before,/path/after npx tsx bench/steady-orders.ts   alternating (BENCH_RUNS pairs)
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Connection } from '../functions/src/adapters/embedded/sql.js';
import { signedInCustomers } from './lib/customers.js';
import { cpuMsOf, jsonClient, removeDir, repoRoot, sleep, startShop, tempDir } from './lib/common.js';

const RATE = 100;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 800);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WAL_ORDERS = 100;
const roots = (process.env.BENCH_SHOP_ROOTS ?? repoRoot).split(',');
const address = { address: '1 Sale St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/** One fresh shop of the build at `root`: ORDERS warm-up orders, then ORDERS measured, both at RATE/s. */
async function measure(root: string) {
  const dataDir = tempDir('steady-orders-');
  const jwtSecret = randomBytes(32).toString('base64url');
  const entry = join(root, 'functions', 'lib', 'server.js');
  const shop = await startShop({ dataDir, entry, env: { JWT_SECRET: jwtSecret, SALE_REHEARSAL: 'off' } });
  try {
    const json = jsonClient(shop.url);
    const admin = (await json('POST', '/api/users/login', { email: 'admin@voltshop.test', password: 'admin1234' })).body
      .token as string;
    const emails = Array.from({ length: ORDERS + WAL_ORDERS / 2 + 10 }, (_, i) => `steady-${i}@voltshop.test`);
    const tokens = await signedInCustomers(dataDir, jwtSecret, emails, 'steady-password');
    // Three products of the first page, with stock for every order.
    const page = (await json('GET', '/api/products')).body.products as { _id: string }[];
    const onSale = page.slice(0, 3).map((p) => p._id);
    for (const id of onSale) {
      const { name, price, image, brand, category, description } = (await json('GET', `/api/products/${id}`)).body;
      const body = { name, price, image, brand, category, description, countInStock: 1_000_000 };
      const put = await json('PUT', `/api/products/${id}`, body, admin);
      if (put.status !== 200) throw new Error(`restock ${id}: ${put.status}`);
    }
    let next = 0;
    const statuses: Record<number, number> = {};
    const flow = async (n: number) => {
      const t0 = performance.now();
      const sent: Promise<number>[] = [];
      for (let k = 0; k < n; k++) {
        const wait = t0 + (k * 1000) / RATE - performance.now();
        if (wait > 0) await sleep(wait);
        const i = next++;
        const orderItems = [{ product: onSale[i % onSale.length], qty: 1 }];
        const token = tokens[Math.floor(i / 2)];
        sent.push(json('POST', '/api/orders', { orderItems, shippingAddress: address }, token).then((r) => r.status));
      }
      for (const status of await Promise.all(sent)) statuses[status] = (statuses[status] ?? 0) + 1;
    };
    await flow(ORDERS);
    await sleep(1000);
    const pid = shop.proc.pid as number;
    const cpu0 = cpuMsOf(pid);
    await flow(ORDERS);
    await sleep(1000); // the work each order leaves behind (mails, alerts) is its cost too
    const cpuMsPerOrder = (cpuMsOf(pid) - cpu0) / ORDERS;
    // WAL pages: the log restarts after a complete checkpoint, then counts every page each commit writes (100 orders
    // stay far under the shop's autocheckpoint of 10,000 pages).
    const wal = new Connection(join(dataDir, 'voltshop.db'), { timeout: 5000 });
    try {
      await wal.execute('PRAGMA wal_checkpoint(TRUNCATE)');
      await flow(WAL_ORDERS);
      await sleep(1000);
      const log = Number((await wal.execute('PRAGMA wal_checkpoint(PASSIVE)')).rows[0]!.log);
      return { cpuMsPerOrder, walPagesPerOrder: log / WAL_ORDERS, statuses };
    } finally {
      wal.close();
    }
  } finally {
    await shop.stop();
    removeDir(dataDir);
  }
}

const results = new Map<string, { cpu: number[]; wal: number[] }>(roots.map((r) => [r, { cpu: [], wal: [] }]));
for (let run = 0; run < RUNS; run++) {
  for (const root of run % 2 ? [...roots].reverse() : roots) {
    const { cpuMsPerOrder, walPagesPerOrder, statuses } = await measure(root);
    results.get(root)!.cpu.push(cpuMsPerOrder);
    results.get(root)!.wal.push(walPagesPerOrder);
    console.log(
      `${root}: ${cpuMsPerOrder.toFixed(2)} ms of server CPU per placed order, ${walPagesPerOrder.toFixed(1)} WAL pages ${JSON.stringify(statuses)}`,
    );
  }
}
for (const [root, { cpu, wal }] of results)
  console.log(
    `${root}: ${cpu.map((f) => f.toFixed(2)).join(' / ')} ms per order; ${wal.map((f) => f.toFixed(1)).join(' / ')} WAL pages per order (runs in the order measured)`,
  );
