import { defineConfig } from 'vitest/config';

// The Firestore store contract on the community Firestore emulator (@firestore-emulator/server), in
// `npm run test:unit`: no Java, the emulator runs inside the test's process (test/support/communityFirestore.ts).
// The cases it cannot pass are listed in test/firebase/communityEmulatorGaps.ts and run on Google's emulator
// (`npm run test:firebase`, functions/vitest.emulators.config.ts).
export default defineConfig({
  test: {
    name: 'firestore-community',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    // firestore.community.test.ts: the store contract; accountMails.community.test.ts: the account emails through
    // the API, with firebase-tools' Auth emulator in the process too.
    include: ['test/firebase/*.community.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
