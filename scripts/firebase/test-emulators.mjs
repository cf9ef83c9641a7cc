#!/usr/bin/env node
// The offline Firebase suite (part of `npm test`): the real `api` function in the Functions emulator, behind
// the Hosting emulator's /api/** rewrite, with accounts and ID tokens from the Auth emulator. These three run
// without Java and without network. The Firestore emulator cannot (Java 21 + a download), so the function keeps
// its data in the embedded SQL store (VOLTSHOP_STORE=embedded, DATA_DIR under the OS temp dir) — a mix that
// exists only for this suite. The Firestore adapter's own tests are in `npm run test:firebase`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELAXED_LIMITS } from '../relaxedLimits.mjs';
import {
  buildFunctions,
  buildEmulatorWeb,
  checkHostingHeaders,
  EMULATOR_CONFIG,
  firebaseBin,
  log,
  OFFLINE_DEV_ROOT,
  PROJECT_ID,
  run,
  waitForEmulatorPorts,
} from './lib.mjs';

const started = Date.now();
buildFunctions();
checkHostingHeaders();
buildEmulatorWeb({ firestore: false });
// The Firebase build's first bundle against its own budget (web/scripts/budget.mjs FIREBASE_BUDGET).
if ((await run('node', ['web/scripts/size.mjs', '--dist', 'web/dist-emulators', '--firebase'])) !== 0) {
  log('the Firebase build is over its budget');
  process.exit(1);
}

const taken = await waitForEmulatorPorts(['auth', 'functions', 'hosting']);
if (taken.length > 0) {
  log(
    `offline emulator suite NOT STARTED: ports ${taken.join(', ')} stay in use (see "emulators" in firebase.json); stop what holds them`,
  );
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-emulators-'));
const env = {
  ...process.env,
  VOLTSHOP_STORE: 'embedded',
  // The function's embedded store comes from the dev-only root (functions/src/devRoots/offlineEmulator.ts).
  VOLTSHOP_DEV_ROOT: OFFLINE_DEV_ROOT,
  DATA_DIR: dataDir,
  VOLTSHOP_FIREBASE_SUITES: 'e2e',
  ...RELAXED_LIMITS,
};
const test = 'npx vitest run --config functions/vitest.emulators.config.ts';
const code = await run(
  firebaseBin,
  ['emulators:exec', '--config', EMULATOR_CONFIG, '--only', 'auth,functions,hosting', '--project', PROJECT_ID, test],
  {
    env,
    timeoutMs: 8 * 60_000,
  },
);
rmSync(dataDir, { recursive: true, force: true });
log(
  `offline emulator suite (auth, functions, hosting) ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(code);
