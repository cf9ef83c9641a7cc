// The offline emulator suite's composition (VOLTSHOP_STORE=embedded: `npm run test:emulators`, `npm run emulators`
// without Java): Firebase's ports (Auth emulator, the Functions emulator's app) over the embedded SQL store, since
// the Firestore emulator cannot run offline. Dev only: the deployed entry (src/index.ts) never imports this file
// (it loads it by the path the emulator scripts give in VOLTSHOP_DEV_ROOT, and only in the Functions emulator), so
// nothing the deployed function imports reaches adapters/embedded or libsql (eslint.config.js,
// test/deployedReach.test.ts), and its package does not ship libsql.
import { join } from 'node:path';
import type { App } from 'firebase-admin/app';
import { Database } from '../adapters/embedded/db.js';
import { LocalFiles } from '../adapters/embedded/files.js';
import { createSqlStore } from '../adapters/embedded/store.js';
import { createFirebasePorts, type FirebaseSettings } from '../adapters/firebase/index.js';
import { NO_EVENTS, systemClock, type Clock, type EventPublisher, type Ports, type Store } from '../ports.js';

/** The embedded store on the suite's data directory (its seeding and bootstrapping open it too). */
export async function createOfflineStore(
  settings: Pick<FirebaseSettings, 'dataDir' | 'orderAlertEmail'>,
  clock: Clock = systemClock,
  events: EventPublisher = NO_EVENTS,
): Promise<Store> {
  return createSqlStore(await Database.open(settings.dataDir), {
    clock,
    events,
    orderMail: { alertEmail: settings.orderAlertEmail },
  });
}

/** Every port of the Firebase backend, with the embedded store and local files (no Storage emulator offline: uploads
 *  go to the data directory, not served; uploads are not part of that suite). */
export function createOfflineEmulatorPorts(
  settings: FirebaseSettings,
  app?: App,
  clock: Clock = systemClock,
): Promise<Ports> {
  return createFirebasePorts(settings, app, clock, {
    store: (events) => createOfflineStore(settings, clock, events),
    files: new LocalFiles(join(settings.dataDir, 'uploads')),
  });
}
