// The store contract on the embedded SQL store (runs everywhere, in `npm test`).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../src/adapters/embedded/db.js';
import { createSqlStore } from '../../src/adapters/embedded/store.js';
import { catalogContract } from './catalog.contract.js';
import { searchContract } from './search.contract.js';
import { holdsContract } from './holds.contract.js';
import { refundsContract } from './refunds.contract.js';
import { orderMailContract, type MailStoreFactory } from './orderMail.contract.js';
import { accountMailContract } from './accountMail.contract.js';
import { EMBEDDED_RUNS, MAX_STEPS, orderLedgerModel } from './orderLedger.model.js';
import { settingsContract } from './settings.contract.js';
import { couponsContract } from './coupons.contract.js';
import { guestsContract } from './guests.contract.js';
import { addressesContract } from './addresses.contract.js';
import { modelStoreContract, PROBE_MODEL } from './modelStore.contract.js';
import { MIGRATIONS } from '../../src/adapters/embedded/migrations.js';
import { MODULE_MODELS } from '../../src/modules/index.js';
import { sqlModelStores, sqlModelTransaction } from '../../src/adapters/embedded/modelStore.js';
import { taxonomyContract } from './taxonomy.contract.js';
import { productMediaContract } from './productMedia.contract.js';
import { variantsContract } from './variants.contract.js';
import { hotStockContract } from './hotStock.contract.js';
import { compareContract } from './compare.contract.js';
import { slugsContract } from './slugs.contract.js';
import { priceHistoryContract } from './priceHistory.contract.js';
import { wishlistContract } from './wishlist.contract.js';
import { giftCardsContract } from './giftCards.contract.js';
import { customersContract } from './customers.contract.js';
import { cartRemindersContract } from './cartReminders.contract.js';
import { stockAlertsContract } from './stockAlerts.contract.js';
import { eventRecorder, storeContract, type StoreUnderTest } from './store.contract.js';
import type { MovableClock } from '../support/clock.js';

/** A fresh SQL store in a temporary folder; `sparseMatches` and `rankedMatches` as createSqlStore takes them. */
const embeddedStore =
  (options: { sparseMatches?: number; rankedMatches?: number } = {}) =>
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
refundsContract('embedded (SQLite)', embeddedStore());
settingsContract('embedded (SQLite)', embeddedStore());
couponsContract('embedded (SQLite)', embeddedStore());
guestsContract('embedded (SQLite)', embeddedStore());
addressesContract('embedded (SQLite)', embeddedStore());
// The generic model store on a probe table made from the probe model's field table.
modelStoreContract('embedded (SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-contract-'));
  // The probe's table has no migration: the database makes it from the model when it opens, as a new module's.
  const db = await Database.open(dir, MIGRATIONS, [...MODULE_MODELS, PROBE_MODEL]);
  return {
    stores: sqlModelStores(db),
    transaction: sqlModelTransaction(db),
    mailKeys: async () =>
      (await db.client.execute('SELECT idempotency_key FROM mail_outbox ORDER BY idempotency_key')).rows.map((r) =>
        String(r.idempotency_key),
      ),
    dispose: async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
taxonomyContract('embedded (SQLite)', embeddedStore());
variantsContract('embedded (SQLite)', embeddedStore());
// One row per product: nothing to split, the contract's figures are the row's.
hotStockContract('embedded (SQLite)', async (clock) => {
  const sut = await embeddedStore()(clock);
  return {
    ...sut,
    makeHot: async () => {},
    held: async (id) => {
      const p = (await sut.store.products.get(id))!;
      if (!p.variants?.length) return { units: p.countInStock, variantUnits: {} };
      return { units: 0, variantUnits: Object.fromEntries(p.variants.map((v) => [v._id, v.countInStock])) };
    },
  };
});
customersContract('embedded (SQLite)', embeddedStore());
catalogContract('embedded (SQLite)', embeddedStore());
productMediaContract('embedded (SQLite)', embeddedStore());
compareContract('embedded (SQLite)', embeddedStore());
slugsContract('embedded (SQLite)', embeddedStore());
priceHistoryContract('embedded (SQLite)', embeddedStore());
wishlistContract('embedded (SQLite)', embeddedStore());
giftCardsContract('embedded (SQLite)', embeddedStore());
// The same on the strategy for many keyword matches (walking the sort's index rather than sorting the matches).
catalogContract('embedded (SQLite), many-matches strategy', embeddedStore({ sparseMatches: 0 }));
searchContract('embedded (SQLite)', embeddedStore());
searchContract('embedded (SQLite), many-matches strategy', embeddedStore({ sparseMatches: 0 }));
// The order for more matches than bm25 ranks in time (names first, then the others, the later added first).
searchContract('embedded (SQLite), many matches to rank', embeddedStore({ rankedMatches: 0 }));

// The order and account emails: the outbox table, read as the worker would.
const embeddedMailStore: MailStoreFactory = async (clock, { alertEmail }) => {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-contract-mail-'));
  const recorder = eventRecorder();
  const db = await Database.open(dir);
  const store = createSqlStore(db, { clock, events: recorder, orderMail: { alertEmail } });
  return {
    store,
    events: recorder.events,
    outbox: async () => {
      const rs = await db.client.execute(
        'SELECT idempotency_key, to_address, template, data_json FROM mail_outbox ORDER BY created_at, rowid',
      );
      return rs.rows.map((r) => ({
        key: String(r.idempotency_key),
        to: String(r.to_address),
        template: String(r.template),
        data: JSON.parse(String(r.data_json)) as Record<string, unknown>,
      }));
    },
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
orderMailContract('embedded (SQLite)', embeddedMailStore);
cartRemindersContract('embedded (SQLite)', async (clock) => {
  const sut = await embeddedMailStore(clock, {});
  return { ...sut, putCart: async (userId, items, at) => void (await sut.store.carts!.put(userId, items, at)) };
});
accountMailContract('embedded (SQLite)', embeddedMailStore);
stockAlertsContract('embedded (SQLite)', embeddedMailStore);
// Issue 38's model-based test: random sequences of order commands against a model, checked after every step.
orderLedgerModel('embedded (SQLite)', embeddedMailStore, { runs: EMBEDDED_RUNS, maxSteps: MAX_STEPS });
