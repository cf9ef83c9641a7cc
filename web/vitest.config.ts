// Component tests of the web app (jsdom). Run from the repo root: npx vitest run --config web/vitest.config.ts
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sourceAliases } from './scripts/aliases.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterEsm = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/development/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/development/dom-export.mjs') },
];
// recharts' ES build by path, as Vite bundles it: left to Node inside a VM context (the vmThreads pool below), its
// CommonJS build would require redux-toolkit's ES module, which that context's require cannot load.
const rechartsEsm = {
  find: /^recharts$/,
  replacement: join(dirname(createRequire(import.meta.url).resolve('recharts/package.json')), 'es6/index.js'),
};

export default defineConfig({
  root: r('.'),
  plugins: [react()],
  resolve: {
    alias: [
      ...sourceAliases,
      // react-router's ES build by path, as Node loads it for react-router-dom: resolved by Vite for src/lib/router,
      // its CommonJS build would load beside it, two copies whose router contexts do not meet.
      ...reactRouterEsm,
      rechartsEsm,
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a VM context of a reused worker: the same isolation between files, without loading jsdom again
    // per file (which was 40% of this suite's time on two cores).
    pool: 'vmThreads',
    setupFiles: [r('./src/testing/setup.ts')],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
    restoreMocks: true,
  },
});
