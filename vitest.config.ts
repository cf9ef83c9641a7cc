import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the API's unit and integration tests and the web's component tests.
// The browser suites (web/vitest.e2e.config.ts) and Firebase suites have their own commands.
export default defineConfig({
  test: {
    projects: ['functions/vitest.config.ts', 'web/vitest.config.ts'],
  },
});
