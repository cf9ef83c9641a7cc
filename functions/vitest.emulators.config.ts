import { configDefaults, defineConfig } from 'vitest/config';

// Suites that need the Firebase emulators; started by scripts/firebase/test-emulators.mjs (offline: auth,
// functions, hosting) and scripts/firebase/test-firebase.mjs (full suite with Firestore and Storage, Java 21).
// VOLTSHOP_FIREBASE_SUITES picks the files: 'e2e' (default), or 'full' (e2e + Firestore contract + rules + the
// web's direct Firestore reads, web/src/lib/firebase/*.firestore.ts).
const suites =
  process.env.VOLTSHOP_FIREBASE_SUITES === 'full'
    ? ['test/firebase/emulator.e2e.ts', 'test/firebase/*.test.ts', '../web/src/lib/firebase/*.firestore.ts']
    : ['test/firebase/emulator.e2e.ts'];
const domain = new URL('./src/domain/', import.meta.url).pathname;
const firestore = new URL('./src/firestore/', import.meta.url).pathname;

export default defineConfig({
  // The web's modules import the domain as @domain and the Firestore shapes as @firestore (web/vite.config.ts).
  resolve: {
    alias: [
      { find: /^@domain$/, replacement: `${domain}index.ts` },
      { find: /^@domain\/(.*)$/, replacement: `${domain}$1` },
      { find: /^@firestore\/(.*)$/, replacement: `${firestore}$1` },
    ],
  },
  test: {
    name: 'firebase',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: suites,
    // The community emulator's suites start their own emulators: `npm run test:unit`.
    exclude: [...configDefaults.exclude, 'test/firebase/*.community.test.ts'],
    fileParallelism: false, // one emulator suite, shared
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
