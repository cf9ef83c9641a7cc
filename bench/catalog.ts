// Benchmark 1a: the catalogue calls of the embedded shop vs a bare node:http server answering the same bytes.
// Both run as child processes; autocannon drives them one after the other in the same run.
// Usage: npx tsx bench/catalog.ts [--quick] [--json out.json]
//   BENCH_CONNECTIONS (default 50), BENCH_DURATION seconds per server and call (default 10; 3 with --quick),
//   BENCH_ROUNDS alternating rounds the duration is split into (default 4; 2 with --quick)
import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  QUICK,
  cpuMsOf,
  freePort,
  jsonTarget,
  ms,
  removeDir,
  spawnNode,
  startShop,
  table,
  tempDir,
  waitFor200,
  repoRoot,
} from './lib/common.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 10));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 2 : 4));
const WARMUP = QUICK ? 1 : 2;

export interface CatalogRow {
  call: string;
  path: string;
  bytes: number;
  shop: { rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuUsPerReq: number };
  bare: { rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuUsPerReq: number };
  ratio: number;
  roundRatios: number[];
}

async function cannon(url: string, duration: number, pid: number) {
  const cpu0 = cpuMsOf(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
  const cpuMs = cpuMsOf(pid) - cpu0;
  return {
    requests: r.requests.total,
    seconds: r.duration,
    cpuMs,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The machine is shared and its load drifts, so the shop and the bare server are measured in alternating
 * rounds (shop, bare, bare, shop, ...) of DURATION / ROUNDS seconds each; req/s is the total over the
 * rounds, latencies the median of the rounds' percentiles.
 */
async function compare(shopUrl: string, bareUrl: string, pids: { shop: number; bare: number }) {
  const runs = { shop: [] as Awaited<ReturnType<typeof cannon>>[], bare: [] as Awaited<ReturnType<typeof cannon>>[] };
  const each = Math.max(1, Math.round(DURATION / ROUNDS));
  for (let i = 0; i < ROUNDS; i++) {
    const order: ('shop' | 'bare')[] = i % 2 ? ['bare', 'shop'] : ['shop', 'bare'];
    for (const who of order) runs[who].push(await cannon(who === 'shop' ? shopUrl : bareUrl, each, pids[who]));
  }
  const sum = (rs: typeof runs.shop) => ({
    rps: rs.reduce((a, r) => a + r.requests, 0) / rs.reduce((a, r) => a + r.seconds, 0),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    errors: rs.reduce((a, r) => a + r.errors, 0),
    non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
    /** Server CPU time per answered request (µs): what the server spends, whatever else runs on the machine. */
    cpuUsPerReq: (rs.reduce((a, r) => a + r.cpuMs, 0) * 1000) / rs.reduce((a, r) => a + r.requests, 0),
  });
  const shop = sum(runs.shop);
  const bare = sum(runs.bare);
  const roundRatios = runs.shop.map((r, i) => r.requests / r.seconds / (runs.bare[i].requests / runs.bare[i].seconds));
  return { shop, bare, roundRatios };
}

export async function runCatalog() {
  const dataDir = tempDir('catalog');
  const shop = await startShop({ dataDir });
  let bare: Awaited<ReturnType<typeof spawnNode>> | null = null;
  try {
    const list = (await (await fetch(`${shop.url}/api/products`)).json()) as { products: { _id: string }[] };
    const id = list.products[0]._id;
    const calls: [string, string][] = [
      ['GET /api/products', '/api/products'],
      ['GET /api/products?keyword=wireless', '/api/products?keyword=wireless'],
      ['GET /api/products/:id', `/api/products/${id}`],
      ['GET /api/products/top', '/api/products/top'],
    ];
    const bodies: Record<string, { type: string; base64: string }> = {};
    for (const [, path] of calls) {
      const res = await fetch(shop.url + path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      bodies[path] = {
        type: res.headers.get('content-type') ?? 'application/json',
        base64: Buffer.from(await res.arrayBuffer()).toString('base64'),
      };
    }
    const bodiesFile = join(dataDir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const barePort = await freePort();
    bare = spawnNode([join(repoRoot, 'bench', 'lib', 'bare-server.mjs'), String(barePort), bodiesFile], {}, barePort);
    await waitFor200(`${bare.url}/api/health`, 10_000, bare.proc);

    const rows: CatalogRow[] = [];
    for (const [call, path] of calls) {
      // Warm both (JIT, caches), then measure the shop and the bare server back to back.
      const pids = { shop: shop.proc.pid as number, bare: bare.proc.pid as number };
      await cannon(shop.url + path, WARMUP, pids.shop);
      await cannon(bare.url + path, WARMUP, pids.bare);
      const { shop: s, bare: b, roundRatios } = await compare(shop.url + path, bare.url + path, pids);
      const row = {
        call,
        path,
        bytes: Buffer.from(bodies[path].base64, 'base64').length,
        shop: s,
        bare: b,
        ratio: s.rps / b.rps,
        roundRatios,
      };
      rows.push(row);
      console.error(
        `  ${call}: shop ${s.rps.toFixed(0)} req/s (${s.cpuUsPerReq.toFixed(0)} µs CPU/req), bare ${b.rps.toFixed(0)} req/s (${b.cpuUsPerReq.toFixed(0)} µs CPU/req), ratio ${(row.ratio * 100).toFixed(0)}%`,
      );
    }
    return {
      connections: CONNECTIONS,
      durationS: DURATION,
      rounds: ROUNDS,
      rows,
      target: 0.5,
      met: rows.every((r) => r.ratio >= 0.5 && r.shop.errors === 0 && r.shop.non2xx === 0),
    };
  } finally {
    await bare?.stop();
    await shop.stop();
    removeDir(dataDir);
  }
}

export function catalogMarkdown(r: Awaited<ReturnType<typeof runCatalog>>): string {
  return table(
    [
      'call',
      'body',
      'shop req/s',
      'shop p50 / p99',
      'bare req/s',
      'bare p50 / p99',
      'server CPU per request shop / bare',
      'shop / bare req/s',
    ],
    r.rows.map((x) => [
      `\`${x.call}\``,
      `${x.bytes} B`,
      x.shop.rps.toFixed(0) +
        (x.shop.errors || x.shop.non2xx ? ` (${x.shop.errors} errors, ${x.shop.non2xx} non-2xx)` : ''),
      `${ms(x.shop.p50, 0)} / ${ms(x.shop.p99, 0)}`,
      x.bare.rps.toFixed(0),
      `${ms(x.bare.p50, 0)} / ${ms(x.bare.p99, 0)}`,
      `${x.shop.cpuUsPerReq.toFixed(0)} µs / ${x.bare.cpuUsPerReq.toFixed(0)} µs`,
      `**${(x.ratio * 100).toFixed(0)}%** ${x.ratio >= r.target ? '✅' : '❌'} (rounds ${x.roundRatios.map((v) => `${(v * 100).toFixed(0)}%`).join(', ')})`,
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runCatalog();
  console.log(catalogMarkdown(result));
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
