#!/usr/bin/env node
// Makes the FIRST admin with the Admin SDK (project credentials required; there is no endpoint for this):
// sets the `admin` custom claim on the account with this email (creating it when --password is given) and
// writes its profile (users/{uid}) with isAdmin true. Later admins are granted in the app (Admin > Users).
//   npx firebase login; gcloud auth application-default login     # once, for a real project
//   node scripts/firebase/bootstrap-admin.mjs --project my-shop --email me@example.com [--password '...'] [--name 'Me']
// Against the emulators, set FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 (and FIRESTORE_EMULATOR_HOST=127.0.0.1:8080).
import { arg, buildFunctions, log, openFirebase, PROJECT_ID } from './lib.mjs';

const email = arg('email');
if (!email) {
  console.error(
    'Usage: node scripts/firebase/bootstrap-admin.mjs --project <id> --email <email> [--password <pw>] [--name <name>]',
  );
  process.exit(1);
}
if (!process.argv.includes('--no-build')) buildFunctions();
const projectId = arg('project', process.env.GCLOUD_PROJECT || PROJECT_ID);
const { auth, ports, firebase } = await openFirebase(projectId);
const { uid, created } = await firebase.bootstrapAdmin(auth, ports.store, {
  email,
  password: arg('password'),
  name: arg('name'),
});
log(`${email} (${uid}) is an admin of ${projectId}${created ? ' (account created)' : ''}.`);
log('They get the admin role with their next ID token: sign out and in again (the web app also force-refreshes).');
await ports.store.close();
process.exit(0);
