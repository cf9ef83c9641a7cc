#!/usr/bin/env node
// `npm run test:firebase`: the suites that need the full emulator suite (Firestore and Storage emulators:
// Java 21 and their JARs, which firebase-tools downloads from Google on first use, or finds in
// FIREBASE_EMULATORS_PATH / ~/.cache/firebase/emulators):
//   - the store contract on the Firestore adapter  (functions/test/firebase/firestore.contract.test.ts; `npm test`
//     runs it too, on the community emulator, all but the cases of functions/test/firebase/communityEmulatorGaps.ts)
//   - Firestore and Storage security rules          (functions/test/firebase/*.rules.test.ts)
//   - the web's direct Firestore reads              (web/src/lib/firebase/*.firestore.ts)
//   - the end-to-end suite with the Firestore store (functions/test/firebase/emulator.e2e.ts)
// When they cannot run here it prints ONE line saying which suites did not run and why, then exits 1 — or 0
// with --report-only (how `npm test` calls it: reported, never a silent pass).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { RELAXED_LIMITS } from '../relaxedLimits.mjs';
import {
  buildFunctions,
  buildEmulatorWeb,
  checkHostingHeaders,
  EMULATOR_CONFIG,
  firebaseBin,
  javaMajor,
  log,
  PROJECT_ID,
  root,
  run,
} from './lib.mjs';

const reportOnly = process.argv.includes('--report-only');
const SUITES =
  "Firestore store contract on Google's emulator (the cases listed in functions/test/firebase/communityEmulatorGaps.ts " +
  'run nowhere else; npm test runs the others on the community emulator), Firestore rules, Storage rules, ' +
  "the web's direct Firestore reads, e2e on Firestore";

/** The emulator JARs firebase-tools would use, and whether they are there (a download needs network). */
function missingJars() {
  const require = createRequire(join(root, 'package.json'));
  const infoPath = require.resolve('firebase-tools/lib/emulator/downloadableEmulatorInfo.json');
  const info = JSON.parse(readFileSync(infoPath, 'utf8'));
  const cache = process.env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');
  return ['firestore', 'storage']
    .map((name) => join(cache, info[name].downloadPathRelativeToCacheDir))
    .filter((file) => !existsSync(file));
}

const java = javaMajor();
const missing = missingJars();
const allowDownload = process.env.FIREBASE_EMULATORS_DOWNLOAD === '1';
let reason = '';
if (java < 21)
  reason = java
    ? `Java ${java} found, the Firestore and Storage emulators need Java 21+`
    : 'no Java found (the Firestore and Storage emulators need Java 21+)';
else if (missing.length && !allowDownload) {
  reason = `emulator JARs not cached (${missing.map((f) => f.split('/').pop()).join(', ')}; set FIREBASE_EMULATORS_PATH to a folder holding them, or FIREBASE_EMULATORS_DOWNLOAD=1 to let firebase-tools download them)`;
}

if (reason) {
  console.log(`[firebase] NOT RUN: ${SUITES} — ${reason}. See docs/firebase.md.`);
  process.exit(reportOnly ? 0 : 1);
}

const started = Date.now();
buildFunctions();
checkHostingHeaders();
buildEmulatorWeb({ firestore: true });
const env = {
  ...process.env,
  VOLTSHOP_FIREBASE_SUITES: 'full',
  ...RELAXED_LIMITS,
};
delete env.VOLTSHOP_STORE; // the function uses Firestore here
const test = 'npx vitest run --config functions/vitest.emulators.config.ts';
const code = await run(
  firebaseBin,
  [
    'emulators:exec',
    '--config',
    EMULATOR_CONFIG,
    '--only',
    'auth,functions,firestore,storage,hosting',
    '--project',
    PROJECT_ID,
    test,
  ],
  {
    env,
    timeoutMs: 15 * 60_000,
  },
);
log(
  `full emulator suite (${SUITES}) ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(code);
