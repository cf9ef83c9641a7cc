// Benchmark 1b: catalogue search and deep pagination at 1k, 10k and 100k products, with the catalogue cache off,
// so every request runs its SQL. Also the memory and start-up of the real server on the 100k database.
// Usage: npx tsx bench/scale.ts [--quick] [--json out.json]   (BENCH_SCALE_SIZES=1000,10000,100000; BENCH_SCALE_REQUESTS=100)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRANDS, CATEGORIES, FEATURES, SPEC_COLOURS, seedProducts, productName, productSku } from './seed-products.js';
import {
  QUICK,
  freePort,
  jsonTarget,
  mb,
  ms,
  percentile,
  removeDir,
  repoRoot,
  rssOf,
  spawnNode,
  startShop,
  table,
  tempDir,
  waitFor200,
} from './lib/common.js';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? (QUICK ? 30 : 100));
const PAGE_SIZE = 8;
const TARGET_MS = 25;

const WORDS = [
  'wireless',
  'speaker',
  'charger',
  'keyboard',
  'monitor',
  'camera',
  'laptop',
  'headphones',
  'router',
  'tablet',
  'drone',
  'console',
  'webcam',
  'earbuds',
  'smartwatch',
  'microphone',
];
const PAIRS = ['pr', 'ma', 'ul', 'ed', 'co', 'fl', 'no', 'pu', 'vi', 'ha', 'st', 'gl', 'ap', 'ai', 'mi', 'li'];

/** A word with its 2nd and 3rd letters swapped ('wireless' → 'wrieless'): one edit, in no product. */
const misspelt = (word: string) => word[0] + word[2] + word[1] + word.slice(3);

/** Product ids spread over the catalogue (the first, a middle and the last list page), for the compare row. */
async function sampleIds(base: string, count: number): Promise<string[]> {
  const pages = Math.ceil(count / PAGE_SIZE);
  const ids: string[] = [];
  for (const page of [1, Math.ceil(pages / 2), pages]) {
    const body = (await (await fetch(`${base}/api/products?pageNumber=${page}`)).json()) as {
      products: { _id: string }[];
    };
    ids.push(...body.products.map((p) => p._id));
  }
  return ids;
}

/** The query classes measured; `path(i)` is the i-th request (distinct keywords where the class allows). `ids`:
 *  products to compare (sampleIds). */
function classes(count: number, ids: readonly string[]) {
  const pages = Math.ceil(count / PAGE_SIZE);
  const deep = Math.max(1, Math.round(pages * 0.8)); // page 10,000 at 100k
  return [
    { name: 'list, page 1', path: () => '/api/products?pageNumber=1' },
    {
      name: `list, deep page (80% in: ${deep.toLocaleString('en')} of ${pages.toLocaleString('en')})`,
      path: () => `/api/products?pageNumber=${deep}`,
    },
    { name: 'list, last page', path: () => `/api/products?pageNumber=${pages}` },
    // A product's model code: one match (each request a different product).
    {
      name: 'search, rare (1 match: a model code)',
      path: (i: number) =>
        `/api/products?keyword=${encodeURIComponent(
          productName(Math.floor((i * 7919) % count))
            .split(' ')
            .pop()!,
        )}`,
    },
    // A product type word: 3-9% of the catalogue matches.
    {
      name: 'search, common word (3-9% match)',
      path: (i: number) => `/api/products?keyword=${WORDS[i % WORDS.length]}`,
    },
    {
      name: 'search, common word, page 20',
      path: (i: number) => `/api/products?keyword=${WORDS[i % WORDS.length]}&pageNumber=20`,
    },
    // Issue 29: words in any order over name, brand, category and description (migration 22), ranked by relevance.
    {
      name: 'search, two words in any order (type + brand)',
      path: (i: number) =>
        `/api/products?keyword=${encodeURIComponent(`${WORDS[i % WORDS.length]} ${BRANDS[i % BRANDS.length]!.toLowerCase()}`)}`,
    },
    {
      name: 'search, description word (1 in 8 match)',
      path: (i: number) => `/api/products?keyword=${encodeURIComponent(FEATURES[i % FEATURES.length]!.split(' ')[0]!)}`,
    },
    // Issue 40: a spec row's value (1 in 12 match, in no name or description) and a variant's SKU (1 match).
    {
      name: 'search, spec value (1 in 12 match)',
      path: (i: number) => `/api/products?keyword=${SPEC_COLOURS[i % SPEC_COLOURS.length]!.toLowerCase()}`,
    },
    {
      name: 'search, SKU (1 match: a variant)',
      path: (i: number) => `/api/products?keyword=${encodeURIComponent(productSku(Math.floor((i * 7919) % count)))}`,
    },
    {
      name: 'search, misspelt (nothing found: Did you mean)',
      path: (i: number) => `/api/products?keyword=${misspelt(WORDS[i % WORDS.length]!)}`,
    },
    {
      name: 'suggest, as typed (brand + 3 letters)',
      path: (i: number) =>
        `/api/products/suggest?q=${encodeURIComponent(`${BRANDS[i % BRANDS.length]!.toLowerCase()} ${WORDS[i % WORDS.length]!.slice(0, 3)}`)}`,
    },
    // 1-2 characters cannot use trigrams: the short-piece index of migration 3.
    { name: 'search, 2 characters', path: (i: number) => `/api/products?keyword=${PAIRS[i % PAIRS.length]}` },
    { name: 'search, no match', path: (i: number) => `/api/products?keyword=qz${i.toString(36)}x` },
    // Browsing (migration 5's indexes): each filter and sort the filter bar offers, and their facet counts.
    { name: 'category, page 1', path: (i: number) => `/api/products?category=${CATEGORIES[i % CATEGORIES.length]}` },
    { name: 'brand, page 1', path: (i: number) => `/api/products?brand=${BRANDS[i % BRANDS.length]}` },
    {
      name: 'price range ($100-$300), newest',
      path: (i: number) => `/api/products?minPrice=${100 + (i % 10)}&maxPrice=300`,
    },
    { name: 'sort price low to high, page 1', path: () => '/api/products?sort=price_asc' },
    { name: 'sort price high to low, page 1', path: () => '/api/products?sort=price_desc' },
    { name: 'sort top rated, page 1', path: () => '/api/products?sort=rating' },
    {
      name: 'sort price low to high, deep page (80% in)',
      path: () => `/api/products?sort=price_asc&pageNumber=${deep}`,
    },
    {
      name: 'category + brand + price range, price high to low',
      path: (i: number) =>
        `/api/products?category=${CATEGORIES[i % CATEGORIES.length]}&brand=${BRANDS[i % BRANDS.length]}&minPrice=50&maxPrice=800&sort=price_desc`,
    },
    {
      name: 'category, top rated, page 20',
      path: (i: number) => `/api/products?category=${CATEGORIES[i % CATEGORIES.length]}&sort=rating&pageNumber=20`,
    },
    {
      name: 'search common word + category, price low to high',
      path: (i: number) =>
        `/api/products?keyword=${WORDS[i % WORDS.length]}&category=${CATEGORIES[i % CATEGORIES.length]}&sort=price_asc`,
    },
    // Issue 41: three products side by side (read by id at once, their spec rows aligned), a different three each time.
    {
      name: 'compare, 3 products by id',
      path: (i: number) => `/api/products/compare?ids=${[0, 7, 13].map((k) => ids[(i + k) % ids.length]).join(',')}`,
    },
    { name: 'facets, whole catalogue', path: () => '/api/products/facets' },
    {
      name: 'facets, one category',
      path: (i: number) => `/api/products/facets?category=${CATEGORIES[i % CATEGORIES.length]}`,
    },
  ];
}

async function timeRequests(base: string, path: (i: number) => string) {
  const times: number[] = [];
  let bad = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path(i));
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) bad++;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), bad };
}

export async function runScale() {
  const results: {
    size: number;
    seedSeconds: number;
    rows: { name: string; p50: number; p95: number; max: number; bad: number }[];
  }[] = [];
  let memory: { size: number; rssAfterStart: number; rssAfterRequests: number; startMs: number } | null = null;
  for (const size of SIZES) {
    const dir = tempDir(`scale-${size}`);
    try {
      const seeded = await seedProducts(dir, size);
      console.error(`  seeded ${size} products in ${seeded.seconds.toFixed(1)} s`);
      const port = await freePort();
      const server = spawnNode(
        [join(repoRoot, 'bench', 'lib', 'uncached-server.mjs')],
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, PAGE_SIZE: String(PAGE_SIZE) },
        port,
      );
      try {
        await waitFor200(`${server.url}/api/health`, 60_000, server.proc);
        const rows = [];
        const ids = await sampleIds(server.url, size);
        for (const c of classes(size, ids)) {
          await timeRequests(server.url, c.path); // warm-up pass: JIT and SQLite's page cache, as on a running shop
          const r = await timeRequests(server.url, (i) => c.path(i + REQUESTS));
          rows.push({ name: c.name, ...r });
          console.error(`  ${size}: ${c.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
        }
        results.push({ size, seedSeconds: seeded.seconds, rows });
      } finally {
        await server.stop();
      }
      if (size === Math.max(...SIZES)) {
        // The real server (cache on, demo seed skipped since products exist) on the biggest database.
        const shop = await startShop({ dataDir: dir, waitPath: '/api/products' });
        try {
          const rssAfterStart = rssOf(shop.proc.pid!);
          const ids = await sampleIds(shop.url, size);
          for (const c of classes(size, ids))
            for (let i = 0; i < 20; i++) await (await fetch(shop.url + c.path(i))).arrayBuffer();
          memory = { size, rssAfterStart, rssAfterRequests: rssOf(shop.proc.pid!), startMs: shop.startMs };
        } finally {
          await shop.stop();
        }
      }
    } finally {
      removeDir(dir);
    }
  }
  const biggest = results.at(-1);
  return {
    requests: REQUESTS,
    pageSize: PAGE_SIZE,
    targetMs: TARGET_MS,
    results,
    memory,
    met: !!biggest && biggest.rows.every((r) => r.p95 <= TARGET_MS && r.bad === 0),
  };
}

export function scaleMarkdown(r: Awaited<ReturnType<typeof runScale>>): string {
  const names = r.results[0]?.rows.map((x) => x.name) ?? [];
  const head = [
    'query (cache off, sequential requests)',
    ...r.results.map((x) => `${x.size.toLocaleString('en')} products p50 / p95`),
  ];
  const rows = names.map((name, i) => [
    name.startsWith('list, deep') ? 'list, deep page (80% in; 10,000 at 100k)' : name,
    ...r.results.map((x) => {
      const row = x.rows[i];
      const mark = x === r.results.at(-1) ? (row.p95 <= r.targetMs ? ' ✅' : ' ❌') : '';
      return `${ms(row.p50)} / **${ms(row.p95)}**${mark}${row.bad ? ` (${row.bad} non-200)` : ''}`;
    }),
  ]);
  return table(head, rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runScale();
  console.log(scaleMarkdown(result));
  if (result.memory)
    console.log(
      `RSS on ${result.memory.size} products: ${mb(result.memory.rssAfterStart)} after start, ${mb(result.memory.rssAfterRequests)} after requests; start ${ms(result.memory.startMs, 0)}`,
    );
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
