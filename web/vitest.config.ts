// Component tests of the web app (jsdom). Run from the repo root: npx vitest run --config web/vitest.config.ts
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterEsm = [
  { find: /^react-router$/, replacement: join(reactRouterDir, 'dist/development/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDir, 'dist/development/dom-export.mjs') },
];

export default defineConfig({
  root: r('.'),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@domain$/, replacement: r('../functions/src/domain/index.ts') },
      { find: /^@domain\/(.*)$/, replacement: r('../functions/src/domain/$1') },
      { find: /^@firestore\/(.*)$/, replacement: r('../functions/src/firestore/$1') },
      { find: /^@api\/(.*)$/, replacement: r('../functions/src/api/$1') },
      { find: /^@\/(.*)$/, replacement: r('./src/$1') },
      // As in vite.config.ts: the shop's Link and NavLink (src/lib/router). react-router's ES build by path, as Node
      // loads it for react-router-dom: resolved by Vite for src/lib/router, its CommonJS build would load beside it,
      // two copies whose router contexts do not meet.
      { find: /^react-router-dom$/, replacement: r('./src/lib/router/index.ts') },
      ...reactRouterEsm,
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: [r('./src/testing/setup.ts')],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
    restoreMocks: true,
  },
});
