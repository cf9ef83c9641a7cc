#!/usr/bin/env node
// Seeds the demo shop (catalogue, reviews, an admin, two customers) through the ports — the same seedDemo as the
// embedded backend — into the emulators (default) or, with --project <id> --real, into a real project.
//   node scripts/firebase/seed.mjs                         # the running emulators (npm run emulators seeds itself)
//   WEB_API_KEY=... node scripts/firebase/seed.mjs --project my-shop --real
// Only an empty shop is seeded. The admin is SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD (demo defaults otherwise).
import { arg, buildFunctions, log, openFirebase, PROJECT_ID, usingEmulators } from './lib.mjs';

const projectId = arg('project', process.env.GCLOUD_PROJECT || PROJECT_ID);
if (!usingEmulators() && !process.argv.includes('--real')) {
  console.error('No emulator variables set (FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST).');
  console.error('To seed a REAL project with demo accounts whose passwords are public, add --project <id> --real.');
  process.exit(1);
}
if (!process.argv.includes('--no-build')) buildFunctions();
const { ports, seed } = await openFirebase(projectId);
const admin = {
  email: process.env.SEED_ADMIN_EMAIL || 'admin@voltshop.test',
  password: process.env.SEED_ADMIN_PASSWORD || 'admin1234',
};
if (!(await seed.isEmpty(ports))) {
  log(`${projectId} already has users or products: not seeding`);
} else {
  await seed.seedDemo(ports, admin);
  log(`demo data seeded into ${projectId}${usingEmulators() ? ' (emulators)' : ''}`);
  log(`  admin:    ${admin.email} / ${admin.password}`);
  for (const c of Object.values(seed.DEMO_CUSTOMERS)) log(`  customer: ${c.email} / ${c.password}`);
}
await ports.store.close();
process.exit(0);
