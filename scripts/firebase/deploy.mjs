#!/usr/bin/env node
// `npm run deploy`: checks, builds and deploys Hosting, the functions, and the Firestore and Storage rules and
// indexes to YOUR project (never the demo- project of the emulators). The project is --project <id>, else
// FIREBASE_PROJECT, else the `prod` alias in .firebaserc (`npx firebase use --add`, alias prod). See docs/firebase.md.
//   1. writes Hosting's security headers from the app's (sync-headers.mjs);
//   2. runs the preflight (doctor.mjs: runtime, indexes, rules, region, parameters, headers, the release rehearsal,
//      and the project's custom-token grant and authorized domains when Google credentials are present) and stops
//      on a problem (--location <Firestore location> and --bucket-location <bucket location> also check REGION);
//   3. builds the Firebase web build into web/dist (VITE_BACKEND=firebase, never the emulator build) and refuses
//      to go on unless web/dist says it is one;
//   4. firebase deploy (the functions are built by their predeploy hook in firebase.json).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { arg, firebaseBin, log, root, run } from './lib.mjs';
import { deployProject } from './doctor.mjs';

const project = deployProject(root);
if (!project || project.startsWith('demo-')) {
  console.error(
    'Which project? Pass --project <your-project-id>, set FIREBASE_PROJECT, or run `npx firebase use --add` and name the alias "prod".',
  );
  console.error("(demo-voltshop is the emulators' project and cannot be deployed.)");
  process.exit(1);
}
const script = (name, args = []) =>
  spawnSync(process.execPath, [join(root, 'scripts', 'firebase', name), ...args], { cwd: root, stdio: 'inherit' });

// Hosting's security headers come from the app's (functions/src/http/securityHeaders.ts).
const headers = script('sync-headers.mjs');
if (headers.status !== 0) process.exit(headers.status ?? 1);

const location = arg('location');
const bucketLocation = arg('bucket-location');
const checks = ['runtime', 'indexes', 'rules', 'region', 'params', 'headers', 'rehearsal', 'project'];
const preflight = script('doctor.mjs', [
  '--project',
  project,
  '--only',
  checks.join(','),
  ...(location ? ['--location', location] : []),
  ...(bucketLocation ? ['--bucket-location', bucketLocation] : []),
]);
if (preflight.status !== 0) process.exit(preflight.status ?? 1);

log(`building the web app for Firebase (VITE_BACKEND=firebase)`);
const { VITE_FIREBASE_EMULATORS: _emulators, VITE_FIREBASE_FIRESTORE: _firestore, ...env } = process.env;
const web = spawnSync('npm', ['run', 'build', '-w', 'web'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, VITE_BACKEND: 'firebase' },
});
if (web.status !== 0) process.exit(web.status ?? 1);
const built = script('doctor.mjs', ['--only', 'web', '--require-web']);
if (built.status !== 0) process.exit(built.status ?? 1);

const only = arg('only', 'hosting,functions,firestore,storage');
process.exit(await run(firebaseBin, ['deploy', '--project', project, '--only', only]));
