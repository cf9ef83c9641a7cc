#!/usr/bin/env node
// `npm run deploy`: builds the web app and deploys Hosting, the functions, and the Firestore and Storage rules and
// indexes to YOUR project (never the demo- project of the emulators). The project is --project <id>, else
// FIREBASE_PROJECT, else the `prod` alias in .firebaserc (`npx firebase use --add`, alias prod). See docs/firebase.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { arg, firebaseBin, log, root, run } from './lib.mjs';

const aliases = JSON.parse(readFileSync(join(root, '.firebaserc'), 'utf8')).projects ?? {};
const project = arg('project', process.env.FIREBASE_PROJECT || aliases.prod);
if (!project || project.startsWith('demo-')) {
  console.error(
    'Which project? Pass --project <your-project-id>, set FIREBASE_PROJECT, or run `npx firebase use --add` and name the alias "prod".',
  );
  console.error("(demo-voltshop is the emulators' project and cannot be deployed.)");
  process.exit(1);
}
// Hosting's security headers come from the app's (functions/src/http/securityHeaders.ts).
const headers = spawnSync(process.execPath, [join(root, 'scripts', 'firebase', 'sync-headers.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (headers.status !== 0) process.exit(headers.status ?? 1);
log(`building the web app for Firebase (VITE_BACKEND=firebase)`);
const web = spawnSync('npm', ['run', 'build', '-w', 'web'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VITE_BACKEND: 'firebase' },
});
if (web.status !== 0) process.exit(web.status ?? 1);
// The functions are built by the predeploy hook in firebase.json.
const only = arg('only', 'hosting,functions,firestore,storage');
process.exit(await run(firebaseBin, ['deploy', '--project', project, '--only', only]));
