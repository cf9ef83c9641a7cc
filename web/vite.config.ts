import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { firstPaint } from './scripts/firstPaint.ts';
import { precompress } from './scripts/precompress.ts';
import { preactAliases, sourceAliases } from './scripts/aliases.ts';
import { purgeBootstrap } from './scripts/purgeBootstrap.ts';
import { regenerateClient } from './scripts/regenerateClient.ts';
import { treeShakeReactRouter } from './scripts/treeShakeReactRouter.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';
/** The chunks every storefront page runs at its first paint: the entry (React, the router, the layout), TanStack
 *  Query and the react-bootstrap parts (codeSplitting groups below). */
const EAGER_CHUNKS = new Set(['index', 'query', 'ui']);
const BRAND_FONT = 'inter-core-wght.woff2';
/** Pages few visits start at or reach (account links, printouts, stock alerts, sign-in, policy and info pages): the
 *  first bundle's preload map lists only their own chunk and styles, not every chunk they import (those load when
 *  the page's chunk has arrived, one round trip later). The map is bytes of every first paint. */
const COLD_PAGES =
  /assets\/(AccountLinkPages|PrintPages|StockAlertPages|LoginPage|RegisterPage|UnsubscribePage|AboutPage|ContactPage|PolicyPage|ProfilePage|WishlistPage|ComparePage)-/;

/**
 * V8's explicit compile hint (Chrome 136+; a plain comment to other engines) at the top of the EAGER_CHUNKS:
 * every function in them is compiled on a background thread while the file downloads, instead of lazily on the
 * main thread at its first call, during the first render. Measured in docs/benchmarks.md (section 4): Lighthouse's
 * blocking time about halved. It must be the file's first line.
 */
/**
 * A preload of the brand font's core file (src/index.css: Inter, `font-display: optional`) in index.html, so it is there for
 * the first render and not only for the next page: without it, a first render before the font keeps the fallback.
 */
function preloadBrandFont(): Plugin {
  return {
    name: 'voltshop-preload-brand-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && file.originalFileNames.some((n) => n.endsWith(BRAND_FONT)),
        );
        if (!font) throw new Error(`the build has no ${BRAND_FONT} to preload`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'voltshop-compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own additions to the files (its preload prelude comes first otherwise); before precompress.
    writeBundle(options, bundle) {
      // The named eager chunks, and whatever the entry imports statically (a build may split out a shared part,
      // e.g. the bundler's CommonJS helpers in the Firebase build): all of it runs before the first paint.
      const eager = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (eager.has(fileName) || chunk?.type !== 'chunk') return;
        eager.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && (chunk.isEntry || EAGER_CHUNKS.has(chunk.name))) visit(chunk.fileName);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !eager.has(chunk.fileName)) continue;
        const file = join(options.dir ?? 'dist', chunk.fileName);
        const code = readFileSync(file, 'utf8');
        if (!code.startsWith(hint)) writeFileSync(file, hint + code);
      }
    },
  };
}

/** Which build this is, for `npm run firebase:doctor` and `npm run deploy` (scripts/firebase/doctor.mjs): they
 *  refuse to ship to Firebase Hosting a web/dist built for the embedded server or for the emulators. */
export const BUILD_KIND_FILE = 'voltshop-build.json';

function buildKind(env: Record<string, string | undefined>): Plugin {
  return {
    name: 'voltshop-build-kind',
    apply: 'build',
    generateBundle() {
      const kind = {
        backend: env.VITE_BACKEND === 'firebase' ? 'firebase' : 'embedded',
        emulators: env.VITE_FIREBASE_EMULATORS === 'true',
      };
      this.emitFile({ type: 'asset', fileName: BUILD_KIND_FILE, source: `${JSON.stringify(kind)}\n` });
    },
  };
}

/**
 * The Firebase builds' 404.html: Firebase Hosting answers a URL that is no page of the app (none of firebase.json's
 * rewrites matches it: functions/src/http/webApp.ts hostingPagesRegex) with this file and a 404. It is index.html as
 * built, so the app starts and shows its "not found" page, as the embedded server answers such a URL (isWebPage).
 */
function notFoundPage(env: Record<string, string | undefined>): Plugin {
  return {
    name: 'voltshop-not-found-page',
    apply: 'build',
    enforce: 'post', // after Vite emits index.html
    generateBundle(_options, bundle) {
      if (env.VITE_BACKEND !== 'firebase') return;
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('404.html: the build has no index.html');
      this.emitFile({ type: 'asset', fileName: '404.html', source: index.source });
    },
  };
}

// react-router publishes its production build (dev warnings compiled out) but points every export condition at the
// development one: the production bundle takes it by path. Tests (mode 'test') keep the warnings.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

export default defineConfig(({ mode }) => ({
  // precompress: .br and .gz copies of the built text files, served by the shop's server (functions/src/http/webApp.ts).
  plugins: [
    react(),
    treeShakeReactRouter(),
    compileHints(),
    preloadBrandFont(),
    // index.html's first paint, rendered with the aliases the build resolves (the production react-router too).
    firstPaint([...sourceAliases, ...(mode === 'production' ? reactRouterProduction : [])]),
    buildKind({ ...loadEnv(mode, r('.'), 'VITE_'), ...process.env }),
    notFoundPage({ ...loadEnv(mode, r('.'), 'VITE_'), ...process.env }),
    precompress(),
    regenerateClient(r('..')),
  ],
  // Production CSS keeps only the Bootstrap rules the shop uses (scripts/purgeBootstrap.ts): less to download before
  // the first paint and fewer rules to match on every layout.
  css: mode === 'production' ? { postcss: { plugins: [purgeBootstrap()] } } : undefined,
  resolve: {
    // A production build runs the app on Preact (scripts/aliases.ts); the dev server and component tests on React.
    alias: [...(mode === 'production' ? [...preactAliases, ...reactRouterProduction] : []), ...sourceAliases],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget, '/dev/mailbox': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    // No modulepreload polyfill in the home page's first bundle (0.4 KB gzip): every browser the shop supports but
    // Safari 16 has modulepreload, and there the hints are only ignored (the chunks still load when imported).
    modulePreload: {
      polyfill: false,
      resolveDependencies(filename, deps, ctx) {
        if (ctx.hostType !== 'js' || !/(^|\/)index-[^/]*\.js$/.test(ctx.hostId)) return deps;
        if (!COLD_PAGES.test(filename)) return deps;
        return deps.filter((dep) => dep.endsWith('.css') || dep === filename);
      },
    },
    rolldownOptions: {
      onwarn(warning, warn) {
        // react-router asks React for useOptimistic and falls back to its own state where there is none, as under
        // preact/compat (the production build): an expected absence, not a broken import.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        // Lazy chunks' names are listed in the first bundle (the preload map): short hashes keep that list short
        // (the budget is measured in bytes). Rolldown refuses 6 characters past 64 chunks, and this round's features
        // (compare, menus, suggestions, customers, shipping methods) took the Firebase build to 65: 7 characters.
        // Shared chunks (no page or component of their own) go by their hash alone: their names only lengthened the
        // preload map, and the build's manifest still maps every source file to its chunk.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash:7].js' : 'assets/[hash:8].js'),
        // A page's first visit loads a handful of chunks instead of ~20 small ones (each a round trip on HTTP/1.1
        // connections): TanStack Query in one chunk, the react-bootstrap parts the pages use in another. The app's
        // first bundle keeps its modules, now in one file ($initial has the highest priority: none go to a group).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // The country list and postal-code patterns (domain/countries.ts): loaded by the pages that price or take
            // an address, never by the home page, and kept out of the admin group, which would otherwise take them.
            {
              name: 'countries',
              test: /domain[\\/]countries\.ts|node_modules[\\/](i18n-iso-countries|postcode-validator)[\\/]/,
              priority: 2,
            },
            // The admin's screens in one chunk: only staff load them, and one chunk instead of a dozen keeps the
            // chunk count low. The dashboard's chart stays apart, with the charting library only it loads. Its own
            // modules only (not their imports): taking those too put zod, react-bootstrap's forms and modals and most
            // of the domain into this chunk, so the storefront's hearts, compare toggles and pages imported the whole
            // admin (90 KB Brotli on the home page after its first render; docs/benchmarks.md section 4).
            // Only modules two or more admin chunks share (minShareCount): a module of one page stays in that page's chunk
            // with its own imports; grouped, those imports stayed in the page's chunk and the admin chunk imported the
            // page's chunk that imported it (issue 39's cycles: Coupons, Dashboard, Gift cards, Settings).
            {
              name: 'admin',
              test: /src[\\/]features[\\/]admin[\\/](?!components[\\/]StatsChart)/,
              priority: 1,
              includeDependenciesRecursively: false,
              minShareCount: 2,
            },
            // The category and brand names' rules (slugify, CommonJS) with the product page's related products, their
            // storefront user. Measured: left to the automatic chunking, they made Rolldown move its runtime helpers
            // out of the entry into a file of their own that every first paint loads (+0.4 KB over the budget).
            // domain/related.ts with them: it is RelatedProducts.tsx's own import and imports taxonomy.ts, so left out
            // it stayed in a chunk of its own that imported this group and this group imported it (issue 39).
            {
              name: 'RelatedProducts',
              test: /domain[\\/](taxonomy|nameKey|related)\.ts|node_modules[\\/](slugify|fastest-levenshtein)[\\/]|catalog[\\/]components[\\/]RelatedProducts\.tsx/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The product page's small shared modules (quantity, media and price rules, the breadcrumbs, the
            // product's query): one file instead of eleven of 0.1–1.2 KB, each a request on 6 HTTP/1.1 connections
            // before the page renders (its HTML announces them). Measured: 17 → 7 files, LCP 3.1–3.6 → 2.8–3.0 s.
            // Not the settings' and price history's rules: they bring the country list, which the page loads only for a
            // 30-day low (components/SettingsLowestPrice.tsx).
            {
              name: 'productRules',
              test: /functions[\\/]src[\\/]domain[\\/](quantity|productMedia|pricing)\.ts|web[\\/]src[\\/](components[\\/]ui[\\/](Breadcrumbs|QueryBoundary)\.tsx|features[\\/]catalog[\\/]api[\\/]getProduct\.ts|lib[\\/](shopSettings|live[\\/]hooks|endpoints[\\/]settings\.gen)\.ts)/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The cart page's small shared modules (its own rules and components, money, pricing, discounts, the
            // settings' rules, price formatting, the discount code field) in one file: five files fewer, of 0.1–2 KB, each a
            // request on 6 HTTP/1.1 connections before the Add to Cart link's page renders (its HTML announces them).
            // Measured: 16 → 11 files, Lighthouse cart FCP 2.22–2.32 → 2.07–2.13 s, LCP 2.61–2.68 → 2.43–2.46 s.
            // Checkout, the order page and the admin's settings, coupons and dashboard share it. Not the mini cart's
            // panel: it loads on its first opening, and its offcanvas would make every page of this group load the
            // overlays chunk below.
            {
              name: 'cartRules',
              test: /web[\\/]src[\\/](features[\\/]cart[\\/](?!routes[\\/]|components[\\/]MiniCartPanel)|components[\\/]ui[\\/]DiscountCodeField|lib[\\/](format|productLink)\.ts)|functions[\\/]src[\\/]domain[\\/](money|pricing|discounts|cart|settings)\.ts/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // react-bootstrap's dialogs, offcanvas and carousel with their transitions, apart from its plain parts
            // (buttons, forms, grid, lists): the product page, the cart and checkout render none of them at first, and
            // took them with every other react-bootstrap part before (ui 16.0 -> 9.5 KB gzip; the product page's
            // chunks 36.5 -> 29.4 KB, the cart's 47.8 -> 39.9 KB). Its own modules only: what they share with the plain
            // parts stays in `ui`, which never imports this chunk.
            {
              name: 'overlays',
              test: /node_modules[\\/](react-transition-group|react-bootstrap[\\/]esm[\\/](Modal|Offcanvas|Carousel|Fade|TransitionWrapper|BootstrapModalManager|AbstractModalHeader)|@restart[\\/]ui[\\/]esm[\\/](Modal|ModalManager|RTGTransition|ImperativeTransition|NoopTransition|useRTGTransitionProps|useWaitForDOMRef))/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](react-bootstrap|@restart|dom-helpers|uncontrollable|warning|invariant|prop-types|@popperjs|@react-aria|classnames)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
