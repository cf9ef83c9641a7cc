// End-to-end tests in the system Chromium against the real server (built web app + API on a fresh data dir).
// Needs web/dist (`npm run build -w web`) and functions/lib (`npm run build -w functions`); see e2e/globalSetup.ts.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('.'),
  // The domain's pure modules (e.g. the route table), as the app imports them.
  resolve: { alias: [{ find: /^@domain\/(.*)$/, replacement: r('../functions/src/domain/$1') }] },
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: [r('./e2e/globalSetup.ts')],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
