import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';
import { purgeBootstrap } from './scripts/purgeBootstrap';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

// react-router publishes its production build (dev warnings compiled out) but points every export condition at the
// development one: the production bundle takes it by path. Tests (mode 'test') keep the warnings.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

export default defineConfig(({ mode }) => ({
  // precompress: .br and .gz copies of the built text files, served by the shop's server (functions/src/http/webApp.ts).
  plugins: [react(), precompress()],
  // Production CSS keeps only the Bootstrap rules the shop uses (scripts/purgeBootstrap.ts): less to download before
  // the first paint and fewer rules to match on every layout.
  css: mode === 'production' ? { postcss: { plugins: [purgeBootstrap()] } } : undefined,
  resolve: {
    alias: [
      { find: /^@domain$/, replacement: r('../functions/src/domain/index.ts') },
      { find: /^@domain\/(.*)$/, replacement: r('../functions/src/domain/$1') },
      { find: /^@\/(.*)$/, replacement: r('./src/$1') },
      ...(mode === 'production' ? reactRouterProduction : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // A page's first visit loads a handful of chunks instead of ~20 small ones (each a round trip on HTTP/1.1
        // connections): TanStack Query in one chunk, the react-bootstrap parts the pages use in another. The app's
        // first bundle keeps its modules, now in one file ($initial has the highest priority: none go to a group).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
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
