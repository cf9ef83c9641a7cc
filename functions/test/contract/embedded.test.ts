// The store contract on the embedded SQL store (runs everywhere, in `npm test`).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../src/adapters/embedded/db.js';
import { createSqlStore } from '../../src/adapters/embedded/store.js';
import { catalogContract } from './catalog.contract.js';
import { holdsContract } from './holds.contract.js';
import { settingsContract } from './settings.contract.js';
import { eventRecorder, storeContract, type StoreUnderTest } from './store.contract.js';
import type { MovableClock } from '../support/clock.js';

/** A fresh SQL store in a temporary folder; `sparseMatches` as createSqlStore takes it. */
const embeddedStore =
  (options: { sparseMatches?: number } = {}) =>
  async (clock: MovableClock): Promise<StoreUnderTest> => {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-contract-'));
    const recorder = eventRecorder();
    const store = createSqlStore(await Database.open(dir), { clock, events: recorder, ...options });
    return {
      store,
      events: recorder.events,
      dispose: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  };

storeContract('embedded (SQLite)', embeddedStore());
holdsContract('embedded (SQLite)', embeddedStore());
settingsContract('embedded (SQLite)', embeddedStore());
catalogContract('embedded (SQLite)', embeddedStore());
// The same on the strategy for many keyword matches (walking the sort's index rather than sorting the matches).
catalogContract('embedded (SQLite), many-matches strategy', embeddedStore({ sparseMatches: 0 }));
