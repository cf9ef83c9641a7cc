// The store contract on the embedded SQL store (runs everywhere, in `npm test`).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../src/adapters/embedded/db.js';
import { createSqlStore } from '../../src/adapters/embedded/store.js';
import { catalogContract } from './catalog.contract.js';
import { storeContract } from './store.contract.js';

storeContract('embedded (SQLite)', async (clock) => {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-contract-'));
  const store = createSqlStore(await Database.open(dir), { clock });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

catalogContract('embedded (SQLite)', async (clock) => {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-catalog-'));
  const store = createSqlStore(await Database.open(dir), { clock });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

// The same on the strategy for many keyword matches (walking the sort's index rather than sorting the matches).
catalogContract('embedded (SQLite), many-matches strategy', async (clock) => {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-catalog-'));
  const store = createSqlStore(await Database.open(dir), { clock, sparseMatches: 0 });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
