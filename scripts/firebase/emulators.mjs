#!/usr/bin/env node
// `npm run emulators`: the shop in Firebase mode on the emulator suite, seeded with the demo data.
// With Java 21+ (and the emulator JARs): auth, functions, firestore, storage, hosting — the real Firebase mode.
// Without (like CI and offline machines): auth, functions, hosting, and the function keeps its data in the
// embedded SQL store (VOLTSHOP_STORE=embedded, DATA_DIR under the OS temp dir); Storage uploads then land in that
// directory and are not served, and the web app says that live stock and cart sync are off.
// Hosting serves the Firebase web build wired to the emulators (web/dist-emulators, rebuilt at every start) with
// firebase.emulators.json: the CSP there also allows the emulator ports (and only there).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildEmulatorWeb,
  buildFunctions,
  checkHostingHeaders,
  EMULATOR_CONFIG,
  firebaseBin,
  javaMajor,
  log,
  OFFLINE_DEV_ROOT,
  openFirebase,
  PROJECT_ID,
  run,
} from './lib.mjs';

const full = javaMajor() >= 21 && !process.argv.includes('--offline');
const only = full ? 'auth,functions,firestore,storage,hosting' : 'auth,functions,hosting';
buildFunctions();
checkHostingHeaders();
buildEmulatorWeb({ firestore: full });

// One bucket for everyone: the web build (web/src/lib/firebase/app.ts), the seed (adapters/firebase/bucket.ts) and
// the Functions emulator, which otherwise names <project>.appspot.com in FIREBASE_CONFIG, so the Storage trigger
// would listen to another bucket than the one the web app uploads to.
const env = {
  ...process.env,
  STORAGE_BUCKET_URL: process.env.STORAGE_BUCKET_URL || `${PROJECT_ID}.firebasestorage.app`,
};
if (!full) {
  env.VOLTSHOP_STORE = 'embedded';
  env.VOLTSHOP_DEV_ROOT = OFFLINE_DEV_ROOT; // the function's embedded store: the dev-only root composes it
  env.DATA_DIR = process.env.DATA_DIR || mkdtempSync(join(tmpdir(), 'voltshop-emulators-'));
  log(`Java 21 not found (or --offline): running ${only} with the embedded store in ${env.DATA_DIR}`);
}
const emulators = run(
  firebaseBin,
  ['emulators:start', '--config', EMULATOR_CONFIG, '--project', PROJECT_ID, '--only', only],
  { env },
);

// When the hub lists Hosting, seed through the same ports the function uses.
const hub = 'http://127.0.0.1:4400/emulators';
let listed = null;
for (let i = 0; i < 120 && !listed; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  listed = await fetch(hub, { signal: AbortSignal.timeout(1000) })
    .then((r) => r.json())
    .then((j) => (j.hosting ? j : null))
    .catch(() => null);
}
if (!listed) {
  log('the emulators did not come up in 2 minutes');
  process.exit(1);
}
const at = (name) => `${listed[name].host}:${listed[name].port}`;
Object.assign(process.env, { GCLOUD_PROJECT: PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: at('auth') });
if (full)
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: at('firestore'),
    FIREBASE_STORAGE_EMULATOR_HOST: at('storage'),
  });
else Object.assign(process.env, { VOLTSHOP_STORE: 'embedded', DATA_DIR: env.DATA_DIR });
const { ports, seed } = await openFirebase(PROJECT_ID);
const admin = {
  email: process.env.SEED_ADMIN_EMAIL || 'admin@voltshop.test',
  password: process.env.SEED_ADMIN_PASSWORD || 'admin1234',
};
if (await seed.isEmpty(ports)) await seed.seedDemo(ports, admin);
await ports.store.close();
log(`Voltshop (Firebase mode) is running at http://${at('hosting')}  (Ctrl-C stops the emulators)`);
log(`  admin:    ${admin.email} / ${admin.password}`);
for (const c of Object.values(seed.DEMO_CUSTOMERS)) log(`  customer: ${c.email} / ${c.password}`);
process.exit(await emulators);
