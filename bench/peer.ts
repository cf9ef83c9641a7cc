// Benchmark: a peer. Vendure 3 (an open-source Node commerce server, GraphQL shop API) on SQLite, seeded with
// Voltshop's own seed catalogue, against Voltshop (cached, and with its catalogue cache off) in the same run:
// product list, search and one product, with p50/p99, memory and start-up.
// Vendure is installed from the npm registry into a folder outside the repository (never committed), cached
// for reruns: BENCH_VENDURE_DIR (default ~/.cache/voltshop-bench/vendure). First install ~2+ min (better-sqlite3
// compiles from source; its Node 22 engine warnings are harmless on Node 20).
// Usage: npx tsx bench/peer.ts [--quick] [--json out.json]
//   BENCH_CONNECTIONS (default 50), BENCH_PEER_DURATION seconds per server and call (default 8; 3 with --quick)
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PAGE_SIZE } from '../functions/src/domain/limits.js';
import { seedCatalog } from '../functions/src/seed/catalog.js';
import {
  QUICK,
  cpuMsOf,
  freePort,
  jsonTarget,
  mb,
  ms,
  removeDir,
  repoRoot,
  rssOf,
  spawnNode,
  startShop,
  table,
  tempDir,
  waitFor200,
  type Child,
} from './lib/common.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_PEER_DURATION ?? (QUICK ? 3 : 8));
const VENDURE_VERSION = '3.7.3';
const BETTER_SQLITE3_VERSION = '12.9.0';
const VENDURE_DIR = process.env.BENCH_VENDURE_DIR ?? join(homedir(), '.cache', 'voltshop-bench', 'vendure');
const KEYWORD = 'wireless';
const PAGE_SIZE = DEFAULT_PAGE_SIZE; // Voltshop's page; Vendure is asked for as many

// ---------------------------------------------------------------------------------------------------------------
// Vendure: install, catalogue, config, seeding

const sh = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 2 ** 20 }).toString();

/** Installs Vendure (pinned) into VENDURE_DIR unless it is there; its sample initial data from @vendure/create. */
function installVendure(): { seconds: number; cached: boolean } {
  mkdirSync(VENDURE_DIR, { recursive: true });
  const pkg = {
    name: 'voltshop-bench-vendure',
    private: true,
    description: "Vendure installed by Voltshop's bench/peer.ts (never committed)",
    dependencies: { '@vendure/core': VENDURE_VERSION, 'better-sqlite3': BETTER_SQLITE3_VERSION },
  };
  const pkgFile = join(VENDURE_DIR, 'package.json');
  const installed =
    existsSync(join(VENDURE_DIR, 'node_modules', '@vendure', 'core', 'package.json')) &&
    existsSync(join(VENDURE_DIR, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')) &&
    existsSync(pkgFile) &&
    JSON.stringify(JSON.parse(readFileSync(pkgFile, 'utf8')).dependencies) === JSON.stringify(pkg.dependencies);
  const t0 = performance.now();
  if (!installed) {
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    console.error(`  installing Vendure ${VENDURE_VERSION} into ${VENDURE_DIR} (first run: a few minutes)…`);
    sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], VENDURE_DIR);
  }
  if (!existsSync(join(VENDURE_DIR, 'package', 'assets', 'initial-data.json'))) {
    const tarball = sh('npm', ['pack', `@vendure/create@${VENDURE_VERSION}`, '--silent'], VENDURE_DIR).trim();
    sh('tar', ['-xzf', tarball, 'package/assets/initial-data.json'], VENDURE_DIR);
  }
  return { seconds: (performance.now() - t0) / 1000, cached: installed };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Voltshop's seed catalogue in Vendure's import format (one variant per product; no images: see the notes). */
function catalogueCsv(): string {
  const cell = (v: string | number) => `"${String(v).replaceAll('"', '""')}"`;
  const head =
    'name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets';
  const rows = seedCatalog.map((p, i) =>
    [
      p.name,
      slug(p.name),
      p.description,
      '',
      `category:${p.category}|brand:${p.brand}`,
      '',
      '',
      `VS-${String(i + 1).padStart(3, '0')}`,
      p.price.toFixed(2),
      'standard',
      p.countInStock,
      'true',
      '',
      '',
    ]
      .map(cell)
      .join(','),
  );
  return [head, ...rows].join('\n') + '\n';
}

const VENDURE_CONFIG = `// Written by Voltshop's bench/peer.ts. Production mode (NODE_ENV=production): a superadmin password is required.
const { DefaultLogger, DefaultSearchPlugin, LogLevel, dummyPaymentHandler } = require('@vendure/core');
exports.config = {
  apiOptions: { port: Number(process.env.PORT), hostname: '127.0.0.1', adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
  authOptions: {
    tokenMethod: ['bearer', 'cookie'],
    superadminCredentials: { identifier: 'superadmin', password: process.env.SUPERADMIN_PASSWORD },
    cookieOptions: { secret: process.env.COOKIE_SECRET },
  },
  dbConnectionOptions: { type: 'better-sqlite3', database: process.env.VENDURE_DB, synchronize: process.env.VENDURE_SYNC === '1', logging: false },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  logger: new DefaultLogger({ level: LogLevel.Warn }),
  plugins: [DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true })],
};
`;

const VENDURE_POPULATE = `// Written by Voltshop's bench/peer.ts: creates the schema, loads the initial data and the catalogue, indexes search.
const { bootstrap, JobQueueService, RequestContextService, SearchService, TransactionalConnection } = require('@vendure/core');
const { populate } = require('@vendure/core/cli');
const { config } = require('./vendure-config.cjs');
(async () => {
  const initialData = JSON.parse(require('fs').readFileSync(process.env.INITIAL_DATA, 'utf8'));
  const app = await populate(() => bootstrap(config), initialData, process.env.PRODUCTS_CSV);
  await app.get(JobQueueService).start();
  const ctx = await app.get(RequestContextService).create({ apiType: 'admin' });
  await app.get(SearchService).reindex(ctx);
  const connection = app.get(TransactionalConnection).rawConnection;
  for (let i = 0; i < 600; i++) {
    const [{ n }] = await connection.query('SELECT count(*) AS n FROM search_index_item');
    if (Number(n) >= Number(process.env.EXPECTED)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await app.close();
  process.exit(0);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

const VENDURE_SERVER = `// Written by Voltshop's bench/peer.ts.
const { bootstrap } = require('@vendure/core');
const { config } = require('./vendure-config.cjs');
bootstrap(config).catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/** A seeded Vendure database for this catalogue (made once, kept in VENDURE_DIR, copied for each run). */
function seededDatabase(env: Record<string, string>): { file: string; seconds: number; cached: boolean } {
  writeFileSync(join(VENDURE_DIR, 'vendure-config.cjs'), VENDURE_CONFIG);
  writeFileSync(join(VENDURE_DIR, 'populate.cjs'), VENDURE_POPULATE);
  writeFileSync(join(VENDURE_DIR, 'server.cjs'), VENDURE_SERVER);
  const csv = catalogueCsv();
  // The initial data (zones, countries, tax rates, shipping) from @vendure/create, without its sample collections
  // (they filter on the sample catalogue's facets, which this catalogue does not have).
  const initialData = JSON.parse(readFileSync(join(VENDURE_DIR, 'package', 'assets', 'initial-data.json'), 'utf8'));
  initialData.collections = [];
  const hash = createHash('sha1')
    .update(VENDURE_VERSION + csv + JSON.stringify(initialData) + VENDURE_CONFIG + VENDURE_POPULATE)
    .digest('hex')
    .slice(0, 12);
  const file = join(VENDURE_DIR, `seeded-${hash}.sqlite`);
  if (existsSync(file)) return { file, seconds: 0, cached: true };
  const work = tempDir('vendure-seed');
  try {
    writeFileSync(join(work, 'products.csv'), csv);
    writeFileSync(join(work, 'initial-data.json'), JSON.stringify(initialData));
    const db = join(work, 'vendure.sqlite');
    const t0 = performance.now();
    execFileSync(process.execPath, [join(VENDURE_DIR, 'populate.cjs')], {
      cwd: VENDURE_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        PORT: '0',
        VENDURE_DB: db,
        VENDURE_SYNC: '1',
        INITIAL_DATA: join(work, 'initial-data.json'),
        PRODUCTS_CSV: join(work, 'products.csv'),
        EXPECTED: String(seedCatalog.length),
      },
      maxBuffer: 64 * 2 ** 20,
    });
    copyFileSync(db, file);
    return { file, seconds: (performance.now() - t0) / 1000, cached: false };
  } finally {
    removeDir(work);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
  cpuUsPerReq: number;
}

async function measure(
  url: string,
  pid: number,
  request: { method: 'GET' | 'POST'; body?: string },
  seconds: number,
): Promise<Measured> {
  const options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    method: request.method,
    body: request.body,
    headers: request.body ? { 'content-type': 'application/json' } : undefined,
  };
  await autocannon({ ...options, duration: QUICK ? 1 : 2 }); // warm-up (JIT, caches)
  const cpu0 = cpuMsOf(pid);
  const r = await autocannon(options);
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    bytes: r.requests.total ? r.throughput.total / r.requests.total : 0,
    cpuUsPerReq: ((cpuMsOf(pid) - cpu0) * 1000) / r.requests.total,
  };
}

/** The shop API's GraphQL documents for the three calls, with the fields a product card / page shows. */
const gql = {
  list: `query { products(options: { take: ${PAGE_SIZE} }) { totalItems items { id name slug description featuredAsset { preview } facetValues { name facet { code } } variants { id priceWithTax currencyCode stockLevel } } } }`,
  search: `query { search(input: { term: "${KEYWORD}", groupByProduct: true, take: ${PAGE_SIZE} }) { totalItems items { productId productName slug description productAsset { preview } priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } currencyCode inStock } } }`,
  product: (s: string) =>
    `query { product(slug: "${s}") { id name slug description featuredAsset { preview } facetValues { name facet { code } } variants { id name sku priceWithTax currencyCode stockLevel } } }`,
};

async function graphql(url: string, query: string) {
  const res = await fetch(`${url}/shop-api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (res.status !== 200 || body.errors)
    throw new Error(`Vendure ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data as Record<string, any>;
}

async function startVendure(db: string, env: Record<string, string>): Promise<Child & { startMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawnNode([join(VENDURE_DIR, 'server.cjs')], { ...env, PORT: String(port), VENDURE_DB: db }, port);
  // Ready when the shop API answers a catalogue query (the health route answers earlier).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.proc.exitCode !== null) throw new Error(`Vendure exited: ${child.output().slice(-1000)}`);
    try {
      await graphql(child.url, '{ products(options: { take: 1 }) { totalItems } }');
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return { ...child, startMs: performance.now() - t0 };
}

export async function runPeer() {
  const install = installVendure();
  const env = { SUPERADMIN_PASSWORD: randomBytes(12).toString('hex'), COOKIE_SECRET: randomBytes(16).toString('hex') };
  const seed = seededDatabase(env);

  const dataDir = tempDir('peer');
  const vendureDb = join(dataDir, 'vendure.sqlite');
  copyFileSync(seed.file, vendureDb);
  let vendure: (Child & { startMs: number }) | null = null;
  let uncached: Child | null = null;
  const shop = await startShop({ dataDir: join(dataDir, 'voltshop'), waitPath: '/api/products' });
  try {
    const shopRssStart = rssOf(shop.proc.pid as number);
    const port = await freePort();
    uncached = spawnNode(
      [join(repoRoot, 'bench', 'lib', 'uncached-server.mjs')],
      { DATA_DIR: join(dataDir, 'voltshop'), PORT: String(port) },
      port,
    );
    await waitFor200(`${uncached.url}/api/health`, 60_000, uncached.proc);
    vendure = await startVendure(vendureDb, env);
    const vendureRssStart = rssOf(vendure.proc.pid as number);

    // The same product on both sides: the first of Voltshop's search results, by name.
    const found = (await (await fetch(`${shop.url}/api/products?keyword=${KEYWORD}`)).json()) as {
      products: { _id: string; name: string }[];
    };
    const product = found.products[0];
    const vendureSearch = await graphql(vendure.url, gql.search);
    const vendureList = await graphql(vendure.url, gql.list);
    const vendureProduct = await graphql(vendure.url, gql.product(slug(product.name)));
    if (!vendureProduct.product) throw new Error(`Vendure has no product ${slug(product.name)}`);

    const calls = [
      { call: 'list (first page)', rest: '/api/products', query: gql.list },
      { call: `search "${KEYWORD}"`, rest: `/api/products?keyword=${KEYWORD}`, query: gql.search },
      { call: 'one product', rest: `/api/products/${product._id}`, query: gql.product(slug(product.name)) },
    ];
    const rows = [];
    for (const c of calls) {
      const cached = await measure(shop.url + c.rest, shop.proc.pid as number, { method: 'GET' }, DURATION);
      const off = await measure(uncached.url + c.rest, uncached.proc.pid as number, { method: 'GET' }, DURATION);
      const peer = await measure(
        `${vendure.url}/shop-api`,
        vendure.proc.pid as number,
        { method: 'POST', body: JSON.stringify({ query: c.query }) },
        DURATION,
      );
      rows.push({ call: c.call, rest: c.rest, cached, uncached: off, vendure: peer });
      console.error(
        `  ${c.call}: Voltshop ${cached.rps.toFixed(0)} req/s (cache off ${off.rps.toFixed(0)}), Vendure ${peer.rps.toFixed(0)} req/s`,
      );
    }
    return {
      connections: CONNECTIONS,
      durationS: DURATION,
      vendureVersion: VENDURE_VERSION,
      install,
      seed: { seconds: seed.seconds, cached: seed.cached },
      products: seedCatalog.length,
      matches: { voltshop: found.products.length, vendure: vendureSearch.search.totalItems as number },
      listed: { voltshop: PAGE_SIZE, vendure: (vendureList.products.items as unknown[]).length },
      rows,
      startup: { voltshopMs: shop.startMs, vendureMs: vendure.startMs },
      memory: {
        voltshop: { start: shopRssStart, end: rssOf(shop.proc.pid as number) },
        vendure: { start: vendureRssStart, end: rssOf(vendure.proc.pid as number) },
      },
    };
  } finally {
    await vendure?.stop();
    await uncached?.stop();
    await shop.stop();
    removeDir(dataDir);
  }
}

export function peerMarkdown(r: Awaited<ReturnType<typeof runPeer>>): string {
  const fig = (m: Measured) =>
    m.rps > 0
      ? `${m.rps.toFixed(0)}${m.errors ? ` (${m.errors} errors)` : ''} · ${ms(m.p50, 0)} / ${ms(m.p99, 0)}`
      : `0 (none completed${m.errors ? `, ${m.errors} errors` : ''})`;
  const x = (a: number, b: number) =>
    b > 0 ? `${(a / b).toFixed(a / b >= 10 ? 0 : 1)}×` : `n/a (Vendure completed no request in ${r.durationS} s)`;
  return [
    `Vendure ${r.vendureVersion} (\`@vendure/core\` + better-sqlite3, production mode, \`DefaultSearchPlugin\`, log level Warn) installed from the npm registry into \`${VENDURE_DIR.replace(homedir(), '~')}\` (${r.install.cached ? 'cached install' : `installed in ${r.install.seconds.toFixed(0)} s`}), seeded by its own \`populate()\` (\`@vendure/core/cli\`) with **Voltshop's seed catalogue** (${r.products} products, one variant each, same names, descriptions, prices, stock, category and brand as facets; no images) and the initial data (zones, taxes, shipping) of \`@vendure/create\`. Both run as child processes on SQLite on this machine; autocannon, ${r.connections} connections, ${r.durationS} s per server and call (after a warm-up), one server at a time. Voltshop "cache off" is \`bench/lib/uncached-server.mjs\` (same app, catalogue cache TTL 0: every request runs its SQL).`,
    '',
    table(
      [
        'call',
        'Voltshop cached req/s · p50 / p99',
        'Voltshop cache off',
        'Vendure shop API',
        'cached / Vendure',
        'cache off / Vendure',
        'body Voltshop / Vendure',
      ],
      r.rows.map((row) => [
        `${row.call} (\`${row.rest}\`)`,
        fig(row.cached),
        fig(row.uncached),
        fig(row.vendure),
        `**${x(row.cached.rps, row.vendure.rps)}**`,
        `**${x(row.uncached.rps, row.vendure.rps)}**`,
        `${row.cached.bytes.toFixed(0)} B / ${row.vendure.bytes ? `${row.vendure.bytes.toFixed(0)} B` : '?'}`,
      ]),
    ),
    '',
    table(
      ['', 'Voltshop', 'Vendure'],
      [
        ['start to first catalogue answer', ms(r.startup.voltshopMs, 0), ms(r.startup.vendureMs, 0)],
        ['RSS after start', mb(r.memory.voltshop.start), mb(r.memory.vendure.start)],
        ['RSS after the run', mb(r.memory.voltshop.end), mb(r.memory.vendure.end)],
        [
          'search matches / list page',
          `${r.matches.voltshop} / ${r.listed.voltshop}`,
          `${r.matches.vendure} / ${r.listed.vendure}`,
        ],
      ],
    ),
    '',
    `Seeding Vendure: ${r.seed.cached ? 'a database seeded by an earlier run (cached next to the install)' : `${r.seed.seconds.toFixed(0)} s`}.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPeer();
  console.log(peerMarkdown(result));
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
