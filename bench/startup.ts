// Benchmark 1e: start-up. Time from spawning `node functions/lib/server.js` (already built) to the first 200 on
// `/` (the web app; `/api/health` when the web app is not built), on a first start (empty data directory:
// migrations + demo seed, 3 scrypt hashes) and on a restart (existing data), with the RSS right after.
// The start on the 100k-product database is measured by bench/scale.ts. Then the Firebase `api` function's cold
// start (issue 42): the built functions/lib/index.js loaded in a fresh process as an instance loads it, and its first
// answer to GET /api/products (Firestore on the community emulator, in this process), bench/lib/function-cold-start.mjs.
// Usage: npx tsx bench/startup.ts [--quick] [--json out.json]   (BENCH_STARTS=5)
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import {
  QUICK,
  jsonTarget,
  mb,
  ms,
  percentile,
  removeDir,
  repoRoot,
  rssOf,
  startShop,
  table,
  tempDir,
} from './lib/common.js';

const STARTS = Number(process.env.BENCH_STARTS ?? (QUICK ? 2 : 5));

export async function runStartup() {
  const webBuilt = existsSync(join(repoRoot, 'web', 'dist', 'index.html'));
  const waitPath = webBuilt ? '/' : '/api/health';
  const measure = async (fresh: boolean) => {
    const times: number[] = [];
    const rss: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const dir = tempDir('startup');
      try {
        if (!fresh) {
          const first = await startShop({ dataDir: dir, waitPath, afterWarmUp: false }); // creates and seeds the data
          await first.stop();
        }
        const shop = await startShop({ dataDir: dir, waitPath, afterWarmUp: false }); // timed to the first 200
        times.push(shop.startMs);
        rss.push(rssOf(shop.proc.pid!));
        await shop.stop();
      } finally {
        removeDir(dir);
      }
    }
    return {
      median: percentile(times, 50),
      min: Math.min(...times),
      max: Math.max(...times),
      rss: percentile(rss, 50),
    };
  };
  const first = await measure(true);
  const restart = await measure(false);
  return { waitPath, starts: STARTS, first, restart, functionColdStart: await functionColdStarts() };
}

/** The Firebase api function's cold starts (medians of STARTS), or why they could not run. */
export type FunctionColdStart =
  | { skipped: string }
  | { starts: number; loadMs: number; firstAnswerMs: number; warmAnswerMs: number; processToAnswerMs: number };

async function functionColdStarts(): Promise<FunctionColdStart> {
  const entry = join(repoRoot, 'functions', 'lib', 'index.js');
  if (!existsSync(entry)) return { skipped: 'functions/lib is not built (npm run build -w functions)' };
  // The store contract's in-process community emulator (no Java): Firestore's first connection is a local one.
  const { startCommunityFirestore } = await import('../functions/test/support/communityFirestore.js');
  const firestore = await startCommunityFirestore();
  const run = promisify(execFile);
  const rows: { loadMs: number; firstAnswerMs: number; warmAnswerMs: number; processToAnswerMs: number }[] = [];
  try {
    for (let i = 0; i < STARTS; i++) {
      const { stdout } = await run(process.execPath, [join(repoRoot, 'bench', 'lib', 'function-cold-start.mjs')], {
        env: {
          ...process.env,
          FUNCTION_ENTRY: entry,
          FUNCTION_TARGET: 'api',
          FIRESTORE_EMULATOR_HOST: firestore.host,
          GCLOUD_PROJECT: 'demo-voltshop',
          FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-voltshop', storageBucket: 'demo-voltshop.appspot.com' }),
        },
        timeout: 60_000,
      });
      const row = JSON.parse(stdout.trim().split('\n').at(-1)!) as (typeof rows)[number] & { status: number };
      if (row.status !== 200) throw new Error(`the function's first answer was ${row.status}`);
      rows.push(row);
    }
  } finally {
    await firestore.stop();
  }
  const median = (key: keyof (typeof rows)[number]) =>
    percentile(
      rows.map((r) => r[key]),
      50,
    );
  return {
    starts: rows.length,
    loadMs: median('loadMs'),
    firstAnswerMs: median('firstAnswerMs'),
    warmAnswerMs: median('warmAnswerMs'),
    processToAnswerMs: median('processToAnswerMs'),
  };
}

export function startupMarkdown(r: Awaited<ReturnType<typeof runStartup>>): string {
  const cold = r.functionColdStart;
  const firebase =
    'skipped' in cold
      ? `Firebase function cold start: not measured (${cold.skipped}).`
      : table(
          [`Firebase \`api\` cold start (median of ${cold.starts})`, 'time'],
          [
            ['load functions/lib/index.js (FUNCTION_TARGET=api)', ms(cold.loadMs, 0)],
            [
              'first answer to GET /api/products (app, Admin SDK, adapters, first Firestore connection)',
              ms(cold.firstAnswerMs, 0),
            ],
            ['process start to first answer', `**${ms(cold.processToAnswerMs, 0)}**`],
            ['the next answer (warm)', ms(cold.warmAnswerMs, 0)],
          ],
        );
  return `${table(
    [`start (until the first 200 on \`${r.waitPath}\`)`, `median of ${r.starts}`, 'min – max', 'RSS just after'],
    [
      [
        'first start: empty data dir, migrations + demo seed',
        `**${ms(r.first.median, 0)}**`,
        `${ms(r.first.min, 0)} – ${ms(r.first.max, 0)}`,
        mb(r.first.rss),
      ],
      [
        'restart: existing data',
        `**${ms(r.restart.median, 0)}**`,
        `${ms(r.restart.min, 0)} – ${ms(r.restart.max, 0)}`,
        mb(r.restart.rss),
      ],
    ],
  )}\n\n${firebase}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runStartup();
  console.log(startupMarkdown(result));
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
