import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    // Worker threads rather than child processes: each file still gets its own module graph, for less start-up.
    pool: 'threads',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Firebase suites need the emulators: `npm run test:firebase` and functions/vitest.emulators.config.ts.
    exclude: [...configDefaults.exclude, 'test/firebase/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
