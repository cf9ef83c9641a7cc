import { defineConfig } from 'vitest/config';

// Suites that need the Firebase emulators; started by scripts/firebase/test-emulators.mjs (offline: auth,
// functions, hosting) and scripts/firebase/test-firebase.mjs (full suite with Firestore and Storage, Java 21).
// VOLTSHOP_FIREBASE_SUITES picks the files: 'e2e' (default), or 'full' (e2e + Firestore contract + rules).
const suites =
  process.env.VOLTSHOP_FIREBASE_SUITES === 'full'
    ? ['test/firebase/emulator.e2e.ts', 'test/firebase/*.test.ts']
    : ['test/firebase/emulator.e2e.ts'];

export default defineConfig({
  test: {
    name: 'firebase',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: suites,
    fileParallelism: false, // one emulator suite, shared
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
