// Benchmark 1d: the production web build. (1) gzip sizes per route from web/dist/.vite/manifest.json: what a
// first visit to each route downloads (the initial entry + the route's lazy chunks and their static imports);
// (2) Lighthouse 12 (mobile emulation, the default simulated throttling) on home, category, product and cart pages of the
// built app served by the shop's own server, driving the system Chromium (never a downloaded browser), with every metric
// of the median run (FCP, LCP, TBT, CLS, Speed Index) and the load average after each run.
// Usage: npx tsx bench/web.ts [--quick] [--json out.json]   (BENCH_LH_RUNS=3: median of N runs per page)
// Side by side with another build (e.g. an older commit in its own worktree, built there): BENCH_SHOP_ROOT=<its root>
// serves that tree's functions/lib and web/dist; BENCH_LH_PAGES=home,category,product picks pages; BENCH_LH_DIR=<dir>
// keeps every run's full Lighthouse JSON (lhr) there for comparing audits.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as ChromeLauncher from 'chrome-launcher';
import type * as LighthouseModule from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../scripts/chromium.mjs';
import { BUDGET } from '../web/scripts/budget.mjs';
import { QUICK, jsonTarget, removeDir, repoRoot, startShop, table, tempDir } from './lib/common.js';

const SHOP_ROOT = process.env.BENCH_SHOP_ROOT ?? repoRoot;
const DIST = process.env.WEB_DIST ?? join(SHOP_ROOT, 'web', 'dist');
const PAGES = process.env.BENCH_LH_PAGES?.split(',');
const LHR_DIR = process.env.BENCH_LH_DIR;
const RUNS = Number(process.env.BENCH_LH_RUNS ?? (QUICK ? 1 : 3));
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS, '--disable-dev-shm-usage'];
export const HOME_JS_BUDGET = BUDGET.js; // the one enforced by `npm test` (web/scripts/size.mjs)

type Manifest = Record<
  string,
  {
    file: string;
    src?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  }
>;

/** Routes -> the manifest keys of the lazy modules a first visit loads (read from the web app's router files). */
function routeModules(): { route: string; modules: string[] }[] {
  const routes: { route: string; modules: string[] }[] = [
    { route: '/ (home)', modules: ['src/features/catalog/components/ProductCarousel.tsx'] },
  ];
  const storefront = join(repoRoot, 'web', 'src', 'app', 'router.tsx');
  const admin = join(repoRoot, 'web', 'src', 'features', 'admin', 'routes.tsx');
  const re = /path: '([^']+)',\s*(?:loader: [^,]+,\s*)?\.\.\.page\(\(\) => import\('([^']+)'\)/g;
  if (existsSync(storefront)) {
    for (const [, path, mod] of readFileSync(storefront, 'utf8').matchAll(re)) {
      routes.push({ route: `/${path}`, modules: ['src/app/QueryLayout.tsx', `${mod.replace(/^@\//, 'src/')}.tsx`] });
    }
  }
  if (existsSync(admin)) {
    const text = readFileSync(admin, 'utf8');
    const index = /index: true, \.\.\.page\(\(\) => import\('\.\/([^']+)'\)/.exec(text);
    const adminBase = [
      'src/app/QueryLayout.tsx',
      'src/features/admin/routes.tsx',
      'src/features/admin/components/AdminLayout.tsx',
    ];
    if (index) routes.push({ route: '/admin', modules: [...adminBase, `src/features/admin/${index[1]}.tsx`] });
    for (const [, path, mod] of text.matchAll(re)) {
      routes.push({
        route: `/admin/${path}`,
        modules: [...adminBase, `src/features/admin/${mod.replace(/^\.\//, '')}.tsx`],
      });
    }
  }
  return routes;
}

export function webSizes() {
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const m = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  /** The files of `keys` and everything they import statically, transitively. */
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !m[key]) return;
      seen.add(key);
      js.add(m[key].file);
      (m[key].css ?? []).forEach((f) => css.add(f));
      (m[key].imports ?? []).forEach(visit);
    };
    keys.forEach(visit);
    return { js, css };
  };
  const entries = Object.keys(m).filter((k) => m[k].isEntry);
  const initial = closure(entries);
  const sum = (files: Iterable<string>) => [...files].reduce((a, f) => a + size(f), 0);
  const initialJs = sum(initial.js);
  const initialCss = sum(initial.css);
  /** What the shop's server sends to a browser that accepts Brotli: the build's .br copy (web/scripts/precompress.ts). */
  const brSize = (file: string) => {
    const br = join(DIST, `${file}.br`);
    return existsSync(br) ? statSync(br).size : statSync(join(DIST, file)).size;
  };
  const initialBr = {
    js: [...initial.js].reduce((a, f) => a + brSize(f), 0),
    css: [...initial.css].reduce((a, f) => a + brSize(f), 0),
  };
  const routes = routeModules().map(({ route, modules }) => {
    const missing = modules.filter((k) => !m[k]);
    const extra = closure(modules.filter((k) => m[k]));
    const js = [...extra.js].filter((f) => !initial.js.has(f));
    const css = [...extra.css].filter((f) => !initial.css.has(f));
    return {
      route,
      extraJs: sum(js),
      extraCss: sum(css),
      totalJs: initialJs + sum(js),
      totalCss: initialCss + sum(css),
      chunks: js.length,
      missing,
    };
  });
  const allJs = sum(
    Object.values(m)
      .map((e) => e.file)
      .filter((f) => f.endsWith('.js')),
  );
  return {
    initial: { js: initialJs, css: initialCss, files: initial.js.size, br: initialBr },
    routes,
    allJs,
    homeBudget: HOME_JS_BUDGET,
  };
}

interface LhScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  load: number;
  failing: string[];
}

export async function lighthouseRuns() {
  if (!existsSync(join(DIST, 'index.html')))
    return { skipped: `no ${join(DIST, 'index.html')}: build the web app first (npm run build -w web)` };
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  let lighthouse: typeof LighthouseModule.default;
  let chromeLauncher: typeof ChromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch {
    return { skipped: 'lighthouse is not installed (npm install -D lighthouse@12.2.3)' };
  }
  const dataDir = tempDir('web');
  const shop = await startShop({
    dataDir,
    env: { WEB_DIST: DIST },
    waitPath: '/',
    entry: join(SHOP_ROOT, 'functions', 'lib', 'server.js'),
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const list = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      products: { _id: string; slug?: string; category: string; countInStock: number }[];
    };
    const product = list.products.find((p) => p.countInStock > 0) ?? list.products[0];
    // localhost, not 127.0.0.1: Chrome treats it as a secure origin, as a deployed shop on https is.
    const base = shop.url.replace('127.0.0.1', 'localhost');
    const all = [
      { name: 'home', url: `${base}/` },
      { name: 'category', url: `${base}/category/${encodeURIComponent(product.category)}` },
      // The product's readable address: its id answers a 301 there (issue 40), which a shopper's link never pays
      // (a build from before slugs, measured side by side, has only the id).
      { name: 'product', url: `${base}/product/${product.slug ?? product._id}` },
      { name: 'cart (1 item)', url: `${base}/cart/${product._id}?qty=1` },
    ];
    const pages = PAGES ? all.filter((p) => PAGES.includes(p.name.split(' ')[0])) : all;
    const results: { name: string; url: string; runs: LhScores[]; median: LhScores }[] = [];
    for (const page of pages) {
      const runs: LhScores[] = [];
      for (let i = 0; i < RUNS; i++) {
        const audit = () =>
          lighthouse(page.url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
        let r = await audit();
        // A run whose trace Lighthouse could not read (NO_NAVSTART, mostly the first run of a fresh Chromium) has no
        // metrics, only a performance of 0: run again, at most twice, and say so.
        for (let retry = 0; r?.lhr.runtimeError && retry < 2; retry++) {
          console.error(`  lighthouse ${page.name} #${i + 1}: ${r.lhr.runtimeError.code}, run again`);
          r = await audit();
        }
        if (!r) throw new Error(`lighthouse gave no result for ${page.url}`);
        if (LHR_DIR) writeFileSync(join(LHR_DIR, `${page.name.split(' ')[0]}-${i + 1}.json`), JSON.stringify(r.lhr));
        const { categories, audits } = r.lhr;
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
          seo: Math.round((categories.seo?.score ?? 0) * 100),
          fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          siMs: audits['speed-index']?.numericValue ?? NaN,
          load: loadavg()[0],
          failing,
        });
        const last = runs.at(-1)!;
        console.error(
          `  lighthouse ${page.name} #${i + 1}: perf ${last.performance}, a11y ${last.accessibility}, bp ${last.bestPractices}, seo ${last.seo} (FCP ${last.fcpMs.toFixed(0)}, LCP ${last.lcpMs.toFixed(0)}, TBT ${last.tbtMs.toFixed(0)}, CLS ${last.cls.toFixed(3)}, SI ${last.siMs.toFixed(0)}; load ${last.load.toFixed(2)})`,
        );
      }
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      results.push({ ...page, runs, median: sorted[Math.floor(sorted.length / 2)] });
    }
    return {
      runsPerPage: RUNS,
      pages: results,
      met: results.every(
        (p) =>
          p.median.performance >= 95 &&
          p.median.accessibility >= 95 &&
          p.median.bestPractices >= 95 &&
          (p.name.startsWith('cart') || p.median.seo === 100),
      ),
    };
  } finally {
    await chrome.kill();
    await shop.stop();
    removeDir(dataDir);
  }
}

export async function runWeb() {
  return { sizes: webSizes(), lighthouse: await lighthouseRuns() };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function webMarkdown(r: Awaited<ReturnType<typeof runWeb>>): string {
  const out: string[] = [];
  if (!r.sizes)
    out.push(`No web build (${join(DIST, '.vite', 'manifest.json')} missing): run \`npm run build -w web\`.`);
  else {
    const s = r.sizes;
    out.push(
      `Initial load (every route: index.html's entry and its static imports): **${kb(s.initial.js)} JS** (${s.initial.files} ${s.initial.files === 1 ? 'file' : 'files'}) + ${kb(s.initial.css)} CSS, gzip -9; as the shop sends them (Brotli): ${kb(s.initial.br.js)} JS + ${kb(s.initial.br.css)} CSS. ` +
        `Home-page JS budget ${kb(s.homeBudget)}: ${s.initial.js <= s.homeBudget ? '✅ within' : '❌ over'} (the carousel chunk loads after first paint, lazily). All JS in the build: ${kb(s.allJs)}.`,
      '',
      table(
        ['route (first visit)', 'lazy chunks for it (gzip JS / CSS)', 'total JS (gzip)'],
        s.routes.map((x) => [
          `\`${x.route}\``,
          `${kb(x.extraJs)} in ${x.chunks} files${x.extraCss ? ` / ${kb(x.extraCss)}` : ''}${x.missing.length ? ` (not in manifest: ${x.missing.join(', ')})` : ''}`,
          kb(x.totalJs),
        ]),
      ),
    );
  }
  out.push('');
  const lh = r.lighthouse;
  if ('skipped' in lh) out.push(`Lighthouse: not run (${lh.skipped}).`);
  else {
    out.push(
      table(
        [
          'page',
          `performance (median of ${lh.runsPerPage})`,
          'accessibility',
          'best practices',
          'SEO',
          'FCP / LCP / TBT / CLS / SI (median run)',
          'all runs: perf (TBT)',
          'load avg',
          'failing binary audits',
        ],
        lh.pages.map((p) => [
          p.name,
          `**${p.median.performance}** ${p.median.performance >= 95 ? '✅' : '❌'}`,
          `**${p.median.accessibility}** ${p.median.accessibility >= 95 ? '✅' : '❌'}`,
          `**${p.median.bestPractices}** ${p.median.bestPractices >= 95 ? '✅' : '❌'}`,
          // The floor is 100 on the pages search engines index (home, product); robots.txt keeps them off the cart.
          `**${p.median.seo}**${p.name.startsWith('cart') ? ' (robots.txt: not indexed)' : p.median.seo === 100 ? ' ✅' : ' ❌'}`,
          `${(p.median.fcpMs / 1000).toFixed(2)} s / ${(p.median.lcpMs / 1000).toFixed(2)} s / ${p.median.tbtMs.toFixed(0)} ms / ${p.median.cls.toFixed(3)} / ${(p.median.siMs / 1000).toFixed(2)} s`,
          p.runs.map((x) => `${x.performance} (${x.tbtMs.toFixed(0)})`).join(', '),
          p.runs.map((x) => x.load.toFixed(1)).join(', '),
          p.median.failing.join(', ') || '–',
        ]),
      ),
    );
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runWeb();
  console.log(webMarkdown(result));
  const out = jsonTarget();
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
