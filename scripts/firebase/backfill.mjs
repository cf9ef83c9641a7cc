#!/usr/bin/env node
// Issue 29's one-off backfill of a Firestore catalogue written before it (functions/src/adapters/firebase/store/
// backfill.ts): every product's search keys, the search vocabulary ("Did you mean"), and the `verified` mark of the
// reviews written before it; (issue 37) the admin dashboard's daily counters; issue 36's refund actors, moved
// out of the order documents written before it; and (issue 38) the older order lines' tax shares and the waiting fields of requests asked before them. Safe to run again; run it once after deploying issue 29
// (docs/firebase.md "Search") and again after issues 36 and 37 ("Admin stats"), and after issue 40 (slugs, lowest
// stock, customers).
//   node scripts/firebase/backfill.mjs                        # the running emulators
//   node scripts/firebase/backfill.mjs --project my-shop --real
import { getFirestore } from 'firebase-admin/firestore';
import { arg, buildFunctions, log, openFirebase, PROJECT_ID, usingEmulators } from './lib.mjs';

const projectId = arg('project', process.env.GCLOUD_PROJECT || PROJECT_ID);
if (!usingEmulators() && !process.argv.includes('--real')) {
  console.error('No emulator variables set (FIRESTORE_EMULATOR_HOST).');
  console.error('To backfill a REAL project, add --project <id> --real.');
  process.exit(1);
}
if (!process.argv.includes('--no-build')) buildFunctions();
const { app, ports, firebase } = await openFirebase(projectId);
const report = await firebase.backfillCatalogSearch(getFirestore(app));
log(`${projectId}: ${JSON.stringify(report)}`);
// Issue 37: the admin dashboard's daily counters (orderStats), rebuilt from the orders.
const orders = await firebase.backfillOrderStats(getFirestore(app));
log(`${projectId}: dashboard counters rebuilt from ${orders} orders`);
// Issue 36: refunds made before the actors were kept apart: the admin leaves the order document its owner reads.
const actors = await firebase.backfillRefundActors(getFirestore(app));
log(`${projectId}: refund actors ${JSON.stringify(actors)}`);
// Issue 38: each older order's lines get their tax share (the ledger's allocation).
const taxes = await firebase.backfillLineTaxes(getFirestore(app));
log(`${projectId}: line tax shares ${JSON.stringify(taxes)}`);
// Issue 38: cancellation requests and returns asked before the waiting fields are counted by the admin's summary.
const waiting = await firebase.backfillWaitingRequests(getFirestore(app));
log(`${projectId}: waiting requests ${JSON.stringify(waiting)}`);
// Issue 40: products written before slugs get theirs (they answer a provisional one meanwhile).
const slugs = await firebase.backfillSlugs(getFirestore(app));
log(`${projectId}: ${slugs} product slugs given`);
// Issue 40: products whose stock was not written since lowestStock was get it (the dashboard's low stock per variant).
const lowest = await firebase.backfillLowestStock(getFirestore(app));
log(`${projectId}: lowest stock ${JSON.stringify(lowest)}`);
// Issue 40: the admin's customers list, recomputed from the orders and accounts (set, never added: safe to rerun).
const customers = await firebase.backfillCustomers(getFirestore(app));
log(`${projectId}: ${customers} customers written`);
await ports.store.close();
process.exit(0);
