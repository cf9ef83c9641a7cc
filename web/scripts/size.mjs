#!/usr/bin/env node
// Bundle budget of the home page (issue 3): the JS and CSS the browser loads before anything else, i.e. the
// index.html entry chunk and everything it imports statically (dynamic imports are route and feature chunks
// loaded later). Reads dist/.vite/manifest.json (build.manifest is on); fails when over budget.
// Usage: npm run size -w web   (after `vite build`)   Options: --dist <dir>, --json, --firebase (the Firebase
// build's budget)
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { BUDGET as EMBEDDED_BUDGET, FIREBASE_BUDGET } from './budget.mjs';
import { chunkCycles } from './chunkCycles.mjs';

export { EMBEDDED_BUDGET as BUDGET };

const args = process.argv.slice(2);
const BUDGET = args.includes('--firebase') ? FIREBASE_BUDGET : EMBEDDED_BUDGET;
const distArg = args.indexOf('--dist');
const dist = resolve(distArg >= 0 ? args[distArg + 1] : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w web\` first.`);
  process.exit(1);
}

/** @type {Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[]; src?: string }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The manifest keys of `keys` and of everything they import statically, transitively. */
export function staticClosure(m, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !m[key]) return;
    seen.add(key);
    (m[key].imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** The initial files of the home page: index.html's entries and their static imports, transitively. */
export function initialFiles(m) {
  const entries = Object.keys(m).filter((k) => m[k].isEntry && (k === 'index.html' || m[k].src === 'index.html'));
  const keys = [...staticClosure(m, entries)];
  const js = keys.map((k) => m[k].file);
  const css = [...new Set(keys.flatMap((k) => m[k].css ?? []))];
  return { entries, js, css };
}

const { entries, js, css } = initialFiles(manifest);
if (entries.length === 0) {
  console.error('The manifest has no index.html entry.');
  process.exit(1);
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [...js.map((f) => ['js', f, gz(f)]), ...css.map((f) => ['css', f, gz(f)])];
const total = { js: 0, css: 0 };
for (const [kind, , size] of rows) total[kind] += size;

if (args.includes('--json')) {
  console.log(
    JSON.stringify({ files: rows.map(([kind, file, gzip]) => ({ kind, file, gzip })), total, budget: BUDGET }),
  );
} else {
  console.log('Home page initial assets (gzip):');
  for (const [kind, file, size] of rows.sort((a, b) => b[2] - a[2]))
    console.log(`  ${kind.padEnd(4)}${kb(size).padStart(10)}  ${file}`);
  console.log(`JS  total ${kb(total.js)} / budget ${kb(BUDGET.js)}`);
  console.log(`CSS total ${kb(total.css)} / budget ${kb(BUDGET.css)}`);
}

// Payment and admin code must never be part of the first load.
const forbidden = Object.entries(manifest)
  .filter(([key, chunk]) => /paypal|src\/features\/admin\//i.test(chunk.src ?? key))
  .filter(([, chunk]) => js.includes(chunk.file))
  .map(([key]) => key);
if (forbidden.length) {
  console.error(`PayPal or admin code in the home page's initial bundle: ${forbidden.join(', ')}`);
  process.exit(1);
}

// The product page, the cart and checkout open no dialog, offcanvas or carousel when they first paint: react-bootstrap's
// overlays (vite.config.ts, the `overlays` group) stay out of what they load before it.
const OVERLAY_FREE = [
  'src/features/catalog/routes/ProductPage.tsx',
  'src/features/cart/routes/CartPage.tsx',
  'src/features/checkout/routes/Checkout.tsx',
];
for (const page of OVERLAY_FREE) {
  if (!manifest[page]) {
    console.error(`${page} is not in the build's manifest`);
    process.exit(1);
  }
  const overlays = [...staticClosure(manifest, [page])].filter((k) => manifest[k].name === 'overlays');
  if (overlays.length) {
    console.error(`${page} loads react-bootstrap's overlays before its first paint (${overlays.join(', ')})`);
    process.exit(1);
  }
}

const cycles = chunkCycles(manifest);
if (cycles.length) {
  console.error(`Chunk cycles in the build (issue 39):\n${cycles.map((c) => `  ${c.join(' -> ')}`).join('\n')}`);
  process.exit(1);
}

// What the first paint relies on (vite.config.ts): V8's compile hint on the first line of the initial JS, and the
// brand font preloaded by index.html (it is `font-display: optional`: without the preload, first visits lose it).
const HINT = '//# allFunctionsCalledOnLoad';
const unhinted = js.filter((f) => !readFileSync(join(dist, f), 'utf8').startsWith(HINT));
if (unhinted.length) {
  console.error(`No compile hint on the first line of: ${unhinted.join(', ')}`);
  process.exit(1);
}
if (
  !/<link rel="preload" href="\/assets\/inter-[^"]+\.woff2" as="font" type="font\/woff2" crossorigin/.test(
    readFileSync(join(dist, 'index.html'), 'utf8'),
  )
) {
  console.error('index.html does not preload the brand font');
  process.exit(1);
}

const over = ['js', 'css'].filter((k) => total[k] > BUDGET[k]);
if (over.length) {
  console.error(`Over budget: ${over.map((k) => `${k.toUpperCase()} ${kb(total[k])} > ${kb(BUDGET[k])}`).join(', ')}`);
  process.exit(1);
}
console.log('Within budget.');
