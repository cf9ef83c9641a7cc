// Issue 42: a freshly started shop answered its first sale at ~1.6–1.8 ms of CPU per order request, a shop that had
// already taken orders at ~0.9 ms (docs/benchmarks.md, checkout): V8 parses, compiles and optimises the order path
// (the order route's middleware, its schemas, the limits, the placing transaction, the refusals) on the first
// shoppers' requests. Right after it starts, the embedded server rehearses a small sale on a scratch shop: the same
// app factory and adapters, a database of its own in the data directory's `.sale-rehearsal` folder, its own loopback port.
// The real shop is never read or written, no mail leaves (the scratch outbox has no worker), and the folder is deleted
// afterwards. Code is shared, data is not: when the first real order comes, its path is already compiled.
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { appOptions, createShop } from './app.js';
import type { Config } from './config.js';
import type { Ports } from './ports.js';

/** How the start-up log's line on a finished rehearsal begins (server.ts writes it; the benchmarks wait for it:
 *  bench/lib/common.ts startShop). */
export const REHEARSED_LOG = '  warm-up:  the order path rehearsed';

/** What the rehearsal did: each answer's status and how many, its time and the process's CPU meanwhile. */
export interface RehearsalResult {
  statuses: Record<number, number>;
  ms: number;
  cpuMs: number;
}

const SCRATCH_FOLDER = '.sale-rehearsal';
/** Accounts, each ordering once per round: two rounds sell the stock out (placed, then refused in the transaction),
 *  the later rounds are a sale's late requests (refused from the known stock). 1,280 requests, ~2–3 s of CPU once
 *  per start: forty rounds left the first sale ~11% less CPU per request than ten (docs/benchmarks.md, round 9). */
const CUSTOMERS = 32;
const ROUNDS = 40;
const STOCK = 60;
/** At most this many requests at once, as a sale's requests overlap. */
const CONCURRENCY = 8;
/** The lowest scrypt cost config.ts allows: the scratch accounts' passwords are never used. */
const SCRATCH_HASH_COST = 1024;
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** The scratch shop's configuration: the real one's, in the scratch folder, with limits no rehearsal reaches (the
 *  same limiters run, counting) and a key of its own. */
function scratchConfig(config: Config, dir: string): Config {
  const open = (limit: { max: number; windowMs: number }) => ({ ...limit, max: UNLIMITED });
  return {
    ...config,
    dataDir: dir,
    uploadsDir: join(dir, 'uploads'),
    jwtSecret: undefined,
    passwordHashCost: SCRATCH_HASH_COST,
    holdLimits: { maxUnitsPerProduct: UNLIMITED, maxHeldCents: UNLIMITED, maxOpenOrders: UNLIMITED },
    holdAddressFactor: 1,
    orderLimits: {
      perAccount: open(config.orderLimits.perAccount),
      perAddress: open(config.orderLimits.perAddress),
      perUnverifiedInbox: open(config.orderLimits.perUnverifiedInbox),
    },
  };
}

/** Rehearses a sale on a scratch shop (see above) whose ports `openPorts` makes (the server's own backend: the
 *  embedded one); never throws: a failed rehearsal only leaves the code cold. */
export async function rehearseSale(
  config: Config,
  openPorts: (config: Config) => Promise<Ports>,
): Promise<RehearsalResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const dir = join(config.dataDir, SCRATCH_FOLDER);
  const scratch = scratchConfig(config, dir);
  let ports: Ports | undefined;
  let server: Server | undefined;
  const statuses: Record<number, number> = {};
  try {
    rmSync(dir, { recursive: true, force: true }); // what a rehearsal cut short by a stop left
    ports = await openPorts(scratch);
    const { auth, store } = ports;
    // As server.ts makes the shop: every write goes through this process and clears the catalogue cache.
    const shop = createShop(
      ports,
      appOptions(scratch, { backend: 'embedded', catalogCacheTtlMs: Number.POSITIVE_INFINITY }),
    );
    server = await new Promise<Server>((resolve) => {
      const s = createServer(shop.serverOptions, shop.handle).listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/orders`;

    const uids: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const name = `Rehearsal ${i}`;
      uids.push((await auth.signUp({ name, email: `rehearsal-${i}@voltshop.invalid`, password: name })).uid);
    }
    const product = await store.products.create(
      {
        name: 'Rehearsal Earbuds',
        price: 49.99,
        image: '/images/sample.svg',
        brand: 'Voltra',
        category: 'Audio',
        description: 'A scratch product.',
        countInStock: STOCK,
      },
      uids[0],
    );
    const body = JSON.stringify({
      orderItems: [{ product: product._id, qty: 1 }],
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentMethod: 'PayPal',
    });
    const order = async (uid: string) => {
      // A token per request, as a sale's customers each bring one the server has not checked yet.
      const token = await auth.issueToken(uid);
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    };
    const requests = Array.from({ length: ROUNDS }, () => uids).flat();
    for (let i = 0; i < requests.length; i += CONCURRENCY) {
      await Promise.all(requests.slice(i, i + CONCURRENCY).map(order));
    }
  } catch (error) {
    console.warn('[rehearsal] the start-up sale rehearsal failed (the first orders are answered all the same):', error);
  } finally {
    try {
      if (server) await new Promise<void>((r) => server!.close(() => r()));
      ports?.live?.close();
      await ports?.store.close();
      rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      console.warn('[rehearsal] could not remove the scratch shop:', error);
    }
  }
  const used = process.cpuUsage(cpu);
  return { statuses, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}
