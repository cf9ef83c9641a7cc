// Benchmark 1e: start-up. Time from spawning `node functions/lib/server.js` (already built) to the first 200 on
// `/` (the web app; `/api/health` when the web app is not built), on a first start (empty data directory:
// migrations + demo seed, 3 scrypt hashes) and on a restart (existing data), with the RSS right after.
// The start on the 100k-product database is measured by bench/scale.ts.
// Usage: npx tsx bench/startup.ts [--quick] [--json out.json]   (BENCH_STARTS=5)
import { existsSync, writeFileSync } from 'node:fs';
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
          const first = await startShop({ dataDir: dir, waitPath }); // creates and seeds the data
          await first.stop();
        }
        const shop = await startShop({ dataDir: dir, waitPath });
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
  return { waitPath, starts: STARTS, first, restart };
}

export function startupMarkdown(r: Awaited<ReturnType<typeof runStartup>>): string {
  return table(
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
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runStartup();
  console.log(startupMarkdown(result));
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
