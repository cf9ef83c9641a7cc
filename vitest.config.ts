import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the API's unit and integration tests, the web's component tests, and the Firestore store
// contract on the community Firestore emulator (functions/vitest.community.config.ts). The browser suites
// (web/vitest.e2e.config.ts) and the suites on Google's Firebase emulators have their own commands.
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one to itself, which on CI's two cores ran the files one at a time.
    maxWorkers: availableParallelism(),
    projects: ['functions/vitest.config.ts', 'web/vitest.config.ts', 'functions/vitest.community.config.ts'],
  },
});
