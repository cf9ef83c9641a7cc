// Component tests of the web app (jsdom). Run from the repo root: npx vitest run --config web/vitest.config.ts
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
