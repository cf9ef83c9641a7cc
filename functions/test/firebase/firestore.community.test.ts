// The store contract on the Firestore adapter, in `npm test`: on the community Firestore emulator
// (@firestore-emulator/server, plain JS, started in this process on 127.0.0.1: support/communityFirestore.ts),
// through the Admin SDK as firestore.contract.test.ts runs it on Google's emulator. Every case runs but those
// listed in communityEmulatorGaps.ts (the emulator's gaps), which run only on Google's (`npm run test:firebase`).
// VOLTSHOP_COMMUNITY_GAPS=verify runs instead only the listed cases, each expected to fail, and the gap probes.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../src/adapters/firebase/store/index.js';
import type { ContractRun } from '../contract/cases.js';
import { catalogContract } from '../contract/catalog.contract.js';
import { searchContract } from '../contract/search.contract.js';
import { holdsContract } from '../contract/holds.contract.js';
import { refundsContract } from '../contract/refunds.contract.js';
import { orderMailContract, type MailStoreFactory } from '../contract/orderMail.contract.js';
import { accountMailContract } from '../contract/accountMail.contract.js';
import { FIRESTORE_MAX_STEPS, FIRESTORE_RUNS, orderLedgerModel } from '../contract/orderLedger.model.js';
import { FirestoreMailOutbox } from '../../src/adapters/firebase/store/mailOutbox.js';
import { settingsContract } from '../contract/settings.contract.js';
import { couponsContract } from '../contract/coupons.contract.js';
import { guestsContract } from '../contract/guests.contract.js';
import { addressesContract } from '../contract/addresses.contract.js';
import { modelStoreContract } from '../contract/modelStore.contract.js';
import { firestoreModelStores, firestoreModelTransaction } from '../../src/adapters/firebase/store/modelStore.js';
import { taxonomyContract } from '../contract/taxonomy.contract.js';
import { productMediaContract } from '../contract/productMedia.contract.js';
import { variantsContract } from '../contract/variants.contract.js';
import { hotStockContract } from '../contract/hotStock.contract.js';
import { shardOf, splitProductStock } from '../../src/adapters/firebase/store/stockShards.js';
import { stockTotals } from '../../src/domain/index.js';
import { compareContract } from '../contract/compare.contract.js';
import { slugsContract } from '../contract/slugs.contract.js';
import { priceHistoryContract } from '../contract/priceHistory.contract.js';
import { wishlistContract } from '../contract/wishlist.contract.js';
import { giftCardsContract } from '../contract/giftCards.contract.js';
import { customersContract } from '../contract/customers.contract.js';
import { cartRemindersContract } from '../contract/cartReminders.contract.js';
import { putWebCart } from './webCart.js';
import { stockAlertsContract } from '../contract/stockAlerts.contract.js';
import { eventRecorder, storeContract, type StoreUnderTest } from '../contract/store.contract.js';
import type { MovableClock } from '../support/clock.js';
import { type CommunityFirestore, startCommunityFirestore } from '../support/communityFirestore.js';
import { COMMUNITY_EMULATOR_GAPS } from './communityEmulatorGaps.js';
import { firestoreReadsContract } from './firestoreReads.contract.js';
import { screenReadsContract } from './screenReads.contract.js';
import { backfillsContract } from './backfills.contract.js';

const verify = process.env.VOLTSHOP_COMMUNITY_GAPS === 'verify';

let emulator: CommunityFirestore;
const hostBefore = process.env.FIRESTORE_EMULATOR_HOST;
beforeAll(async () => {
  emulator = await startCommunityFirestore();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host; // read by the Admin SDK when a Firestore is made
});
afterAll(async () => {
  if (hostBefore === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = hostBefore;
  await emulator?.stop();
});

const run = Date.now().toString(36);
let n = 0;

/** An Admin SDK app of its own demo- project; `close` deletes it. */
function adminApp() {
  const name = `community-${run}-${++n}`;
  const app = initializeApp({ projectId: `demo-voltshop-${name}` }, name);
  return { db: getFirestore(app), close: () => deleteApp(app) };
}

const firestoreStore = async (clock: MovableClock): Promise<StoreUnderTest> => {
  const app = adminApp();
  const recorder = eventRecorder();
  const store = createFirestoreStore(app.db, { clock, events: recorder });
  return {
    store,
    events: recorder.events,
    dispose: async () => {
      await store.close();
      await app.close();
      emulator.state.clear(); // cases run one at a time: the next starts on an empty emulator
    },
  };
};

const NAME = 'Firestore (community emulator)';
const titles: string[] = [];
const contractRun: ContractRun = { listed: COMMUNITY_EMULATOR_GAPS, mode: verify ? 'verify-listed' : 'skip', titles };
storeContract(NAME, firestoreStore, contractRun);
holdsContract(NAME, firestoreStore, contractRun);
refundsContract(NAME, firestoreStore, contractRun);
settingsContract(NAME, firestoreStore, contractRun);
couponsContract(NAME, firestoreStore, contractRun);
guestsContract(NAME, firestoreStore, contractRun);
addressesContract(NAME, firestoreStore, contractRun);
modelStoreContract(
  NAME,
  async () => {
    const app = adminApp();
    return {
      stores: firestoreModelStores(app.db),
      transaction: firestoreModelTransaction(app.db),
      mailKeys: async () => (await new FirestoreMailOutbox(app.db, () => new Date()).all()).map((m) => m.key).sort(),
      dispose: async () => {
        await app.close();
        emulator.state.clear();
      },
    };
  },
  contractRun,
);
taxonomyContract(NAME, firestoreStore, contractRun);
variantsContract(NAME, firestoreStore, contractRun);
customersContract(NAME, firestoreStore, contractRun);
catalogContract(NAME, firestoreStore, contractRun);
searchContract(NAME, firestoreStore, contractRun);
productMediaContract(NAME, firestoreStore, contractRun);
// Issue 37: a hot product's stock in shards (store/stockShards.ts), split by the case; held = the shards' sum.
hotStockContract(
  NAME,
  async (clock) => {
    const app = adminApp();
    const recorder = eventRecorder();
    const store = createFirestoreStore(app.db, { clock, events: recorder });
    return {
      store,
      events: recorder.events,
      makeHot: (id) => splitProductStock(app.db, id),
      held: async (id) => {
        const snap = await app.db.collection('products').doc(id).collection('stockShards').get();
        expect(snap.size, 'the product is split').toBeGreaterThan(0);
        return stockTotals(snap.docs.map(shardOf));
      },
      dispose: async () => {
        await store.close();
        await app.close();
        emulator.state.clear();
      },
    };
  },
  contractRun,
);
compareContract(NAME, firestoreStore, contractRun);
slugsContract(NAME, firestoreStore, contractRun);
priceHistoryContract(NAME, firestoreStore, contractRun);
wishlistContract(NAME, firestoreStore, contractRun);
giftCardsContract(NAME, firestoreStore, contractRun);
const firestoreMailStore: MailStoreFactory = async (clock, { alertEmail }) => {
  const app = adminApp();
  const recorder = eventRecorder();
  const store = createFirestoreStore(app.db, { clock, events: recorder, orderMail: { alertEmail } });
  const outbox = new FirestoreMailOutbox(app.db, () => clock.now());
  return {
    store,
    events: recorder.events,
    outbox: async () =>
      (await outbox.all()).map((m) => ({ key: m.key, to: m.to, template: m.template, data: m.data ?? {} })),
    dispose: async () => {
      await store.close();
      await app.close();
      emulator.state.clear();
    },
  };
};
orderMailContract(NAME, firestoreMailStore, contractRun);
accountMailContract(NAME, firestoreMailStore, contractRun);
cartRemindersContract(
  NAME,
  async (clock) => {
    const app = adminApp();
    const store = createFirestoreStore(app.db, { clock });
    const outbox = new FirestoreMailOutbox(app.db, () => clock.now());
    return {
      store,
      events: [],
      outbox: async () =>
        (await outbox.all()).map((m) => ({ key: m.key, to: m.to, template: m.template, data: m.data ?? {} })),
      putCart: putWebCart(app.db),
      dispose: async () => {
        await store.close();
        await app.close();
        emulator.state.clear();
      },
    };
  },
  contractRun,
);
stockAlertsContract(NAME, firestoreMailStore, contractRun);
// Issue 38's model-based test (commands run one after the other: the emulator's missing isolation does not matter).
orderLedgerModel(NAME, firestoreMailStore, { runs: FIRESTORE_RUNS, maxSteps: FIRESTORE_MAX_STEPS }, contractRun);
// Issue 26's read bounds, counted at the emulator's answers (emulator.reads).
firestoreReadsContract(
  NAME,
  async () => {
    const app = adminApp();
    emulator.reads.reset();
    return {
      db: app.db,
      reads: emulator.reads,
      dispose: async () => {
        await app.close();
        emulator.state.clear();
      },
    };
  },
  contractRun,
);
// Issue 37's reads per screen, counted the same way.
screenReadsContract(
  NAME,
  async () => {
    const app = adminApp();
    emulator.reads.reset();
    return {
      db: app.db,
      reads: emulator.reads,
      dispose: async () => {
        await app.close();
        emulator.state.clear();
      },
    };
  },
  contractRun,
);
// Issue 40's backfills.
backfillsContract(
  NAME,
  async () => {
    const app = adminApp();
    return {
      db: app.db,
      dispose: async () => {
        await app.close();
        emulator.state.clear();
      },
    };
  },
  contractRun,
);

// The list must name contract cases: a title renamed or removed fails this check. (Contracts register their cases
// while vitest collects the file, after this module's body: hence a case, which runs once all are collected.)
it('communityEmulatorGaps.ts names only contract cases, each once', () => {
  const stale = [...COMMUNITY_EMULATOR_GAPS.keys()].filter((title) => titles.filter((t) => t === title).length !== 1);
  expect(stale, 'listed titles that name no single contract case').toEqual([]);
  expect(titles.length).toBeGreaterThan(COMMUNITY_EMULATOR_GAPS.size);
});

// Each gap on its own, with nothing of the store in between (verify mode only): what Firestore does, expected to
// fail on the community emulator.
if (verify) {
  describe('community emulator gap probes (each expected to fail)', () => {
    let app: { db: Firestore; close: () => Promise<void> };
    beforeAll(() => {
      app = adminApp();
    });
    afterAll(async () => {
      await app.close();
    });
    const three = async (collection: string) => {
      const col = app.db.collection(collection);
      await Promise.all(['a', 'b', 'c'].map((id, i) => col.doc(id).set({ n: i + 1 })));
      return col;
    };

    it.fails('cursors: offset(1) skips the first document', async () => {
      const col = await three('offset');
      const snap = await col.orderBy('n').offset(1).limit(1).get();
      expect(snap.docs.map((d) => d.id)).toEqual(['b']);
    });

    it.fails('cursors: startAfter(a document) starts after it', async () => {
      const col = await three('startAfter');
      const first = await col.doc('a').get();
      const snap = await col.orderBy('n').startAfter(first).limit(1).get();
      expect(snap.docs.map((d) => d.id)).toEqual(['b']);
    });

    it.fails('document ids: a range on FieldPath.documentId() matches the ids in it', async () => {
      const col = await three('documentIds');
      const snap = await col.where(FieldPath.documentId(), '>=', 'b').orderBy(FieldPath.documentId()).get();
      expect(snap.docs.map((d) => d.id)).toEqual(['b', 'c']);
    });

    it.fails('collection groups: collectionGroup(name).where(field) finds the subcollections’ documents', async () => {
      await app.db.collection('groupParents').doc('p').collection('groupKids').doc('k').set({ user: 'u1' });
      const snap = await app.db.collectionGroup('groupKids').where('user', '==', 'u1').get();
      expect(snap.docs.map((d) => d.id)).toEqual(['k']);
    });

    it.fails('isolation: 5 concurrent read-modify-write transactions on one counter end at 5', async () => {
      const counter = app.db.collection('isolation').doc('counter');
      await counter.set({ n: 0 });
      await Promise.all(
        Array.from({ length: 5 }, () =>
          app.db.runTransaction(async (t) => {
            const value = ((await t.get(counter)).get('n') as number) ?? 0;
            t.set(counter, { n: value + 1 });
          }),
        ),
      );
      expect((await counter.get()).get('n')).toBe(5);
    });
  });
}

// The Firestore outbox under the shared worker (what the sendMail / retryMail functions run): a real SMTP server,
// a refused first attempt retried after its backoff, each message sent once however often the worker runs.
describe('mail outbox on Firestore (community emulator)', () => {
  it('sends each recorded message once through SMTP, retrying a refusing server after its backoff', async () => {
    const [{ OutboxWorker }, { SmtpMailer }, { startTestSmtp }, { MovableClock }] = await Promise.all([
      import('../../src/mail/outboxWorker.js'),
      import('../../src/mail/smtp.js'),
      import('../support/smtp.js'),
      import('../support/clock.js'),
    ]);
    const app = adminApp();
    const smtp = await startTestSmtp();
    const mailer = new SmtpMailer({ url: smtp.url, from: 'Voltshop <shop@voltshop.test>', timeoutMs: 5_000 });
    const clock = new MovableClock();
    const outbox = new FirestoreMailOutbox(app.db, () => clock.now());
    const render = async (template: string, data: Record<string, unknown>) => ({
      subject: `${template} #${String(data.n)}`,
      text: `Text ${String(data.n)}`,
      html: `<p>Html ${String(data.n)}</p>`,
    });
    const options = { baseDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 4, leaseMs: 30_000 };
    try {
      await outbox.enqueue({ key: 'order-placed:a', to: 'ann@example.com', template: 'order-placed', data: { n: 1 } });
      await outbox.enqueue({ key: 'order-placed:a', to: 'ann@example.com', template: 'order-placed', data: { n: 1 } });
      await outbox.enqueue({ key: 'order-paid:b', to: 'bob@example.com', template: 'order-paid', data: { n: 2 } });
      smtp.refuseNext(1);
      const worker = new OutboxWorker(outbox, mailer, render, clock, options);
      expect(await worker.runOnce()).toBe(1); // one refused, one sent
      expect(smtp.refused).toBe(1);
      expect(await worker.runOnce()).toBe(0); // the refused one waits for its backoff
      clock.advance(1_000);
      // Another instance (a restart): sends the retried one, and nothing already sent.
      expect(await new OutboxWorker(outbox, mailer, render, clock, options).runOnce()).toBe(1);
      clock.advance(60_000);
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.received.map((m) => m.subject).sort()).toEqual(['order-paid #2', 'order-placed #1']);
      const stored = await outbox.all();
      expect(stored.map((m) => [m.key, m.status, m.data])).toEqual(
        expect.arrayContaining([
          ['order-placed:a', 'sent', null],
          ['order-paid:b', 'sent', null],
        ]),
      );
      expect(stored).toHaveLength(2);
    } finally {
      mailer.close();
      await smtp.close();
      await app.close();
      emulator.state.clear();
    }
  });

  // The dashboard's word on mail not going out (features/admin/routes.ts): due(now − MAIL_OVERDUE_MS, 1) answers the
  // oldest message still waiting, as on the embedded outbox (mailOverdue.test.ts).
  it('answers the oldest waiting message first, by its due time, and none once it is taken', async () => {
    const { MovableClock } = await import('../support/clock.js');
    const app = adminApp();
    const clock = new MovableClock(new Date('2026-12-02T10:00:00.000Z'));
    const outbox = new FirestoreMailOutbox(app.db, () => clock.now());
    try {
      await outbox.enqueue({ key: 'reset:1', to: 'ann@example.com', template: 'password-reset', data: {} });
      clock.advance(60_000);
      await outbox.enqueue({ key: 'reset:2', to: 'bob@example.com', template: 'password-reset', data: {} });
      expect(await outbox.due(new Date('2026-12-02T09:59:00.000Z'), 1)).toEqual([]);
      const [oldest] = await outbox.due(new Date('2026-12-02T11:00:00.000Z'), 1);
      expect(oldest).toMatchObject({ to: 'ann@example.com', dueAt: '2026-12-02T10:00:00.000Z' });
      expect(await outbox.claim(oldest!, new Date('2026-12-02T12:00:00.000Z'))).toBe(true);
      expect((await outbox.due(new Date('2026-12-02T11:00:00.000Z'), 1)).map((m) => m.to)).toEqual(['bob@example.com']);
    } finally {
      await app.close();
      emulator.state.clear();
    }
  });

  // The dashboard's word on mail the mail server refuses (features/admin/routes.ts, mailOverdue.test.ts on the
  // embedded outbox): failing(since) answers the unsent messages whose last attempt failed, the latest first.
  it('answers the refused messages, retried or given up, the latest first, and none once sent; sends given-up ones again', async () => {
    const { MovableClock } = await import('../support/clock.js');
    const app = adminApp();
    const clock = new MovableClock(new Date('2026-12-02T10:00:00.000Z'));
    const outbox = new FirestoreMailOutbox(app.db, () => clock.now());
    const start = clock.now();
    try {
      for (const key of ['a', 'b', 'c'])
        await outbox.enqueue({ key, to: `${key}@example.com`, template: 'password-reset', data: {} });
      const [a, b, c] = await outbox.due(new Date('2026-12-02T11:00:00.000Z'), 3);
      await outbox.markFailed(a!.id, '535 Authentication failed', null);
      await outbox.markFailed(b!.id, '451 Try again later', new Date('2026-12-02T10:05:00.000Z'));
      await outbox.markSent(c!.id, clock.now());
      const failing = await outbox.failing(start, 10);
      expect(failing.map((m) => [m.to, m.givenUp, m.lastError])).toEqual([
        ['b@example.com', false, '451 Try again later'],
        ['a@example.com', true, '535 Authentication failed'],
      ]);
      await outbox.markSent(b!.id, clock.now());
      expect((await outbox.failing(start, 10)).map((m) => m.to)).toEqual(['a@example.com']);
      expect(await outbox.failing(new Date('2026-12-03T00:00:00.000Z'), 10)).toEqual([]);
      // "Send again" (the dashboard's): not a listed template, nor outside the window; then a's reset, due now,
      // counted from zero, and still reported as failing until it is sent.
      expect(await outbox.resendGivenUp(start, clock.now(), ['password-reset'])).toBe(0);
      expect(await outbox.resendGivenUp(new Date('2026-12-03T00:00:00.000Z'), clock.now(), [])).toBe(0);
      expect(await outbox.resendGivenUp(start, clock.now(), [])).toBe(1);
      const [again] = await outbox.due(clock.now(), 10);
      expect(again).toMatchObject({ id: a!.id, to: 'a@example.com', attempts: 0, dueAt: clock.now().toISOString() });
      expect((await outbox.failing(start, 10)).map((m) => [m.to, m.givenUp])).toEqual([['a@example.com', false]]);
      expect(await outbox.resendGivenUp(start, clock.now(), [])).toBe(0); // pending again: nothing more to send
    } finally {
      await app.close();
      emulator.state.clear();
    }
  });
});

// Issue 37: a guest's order page is live through orderStatus/{sha256(guest token)} (firestore.rules: anyone may get
// one by its id, nobody may list them), written by the store in the transaction of each change of a guest order:
// what changed, never who (no name, email or address). An account's order has none; claiming one removes it.
describe('guest order status documents on Firestore (community emulator)', () => {
  it('follows a guest order in its own transactions, without personal data, and goes once an account claims it', async () => {
    const [{ orderStatusId }, { guestCustomer, holdUntil, DEFAULT_HOLD_LIMITS }, { productInput }, { MovableClock }] =
      await Promise.all([
        import('../../src/adapters/firebase/store/orderStatus.js'),
        import('../../src/domain/index.js'),
        import('../support/products.js'),
        import('../support/clock.js'),
      ]);
    const app = adminApp();
    const clock = new MovableClock(new Date('2026-03-01T10:00:00.000Z'));
    const store = createFirestoreStore(app.db, { clock });
    const statusOf = async (token: string) =>
      (await app.db.collection('orderStatus').doc(orderStatusId(token)).get()).data();
    try {
      const lamp = await store.products.create(productInput('Status Lamp', { price: 10, countInStock: 5 }), 'owner');
      const now = clock.now();
      const email = 'gail@example.com';
      const place = (user = guestCustomer(email), guest: { email: string; sign: (id: string) => string } | undefined) =>
        store.orders.place({
          user,
          ...(guest ? { guest } : {}),
          lines: [{ product: lamp._id, qty: 1 }],
          shippingAddress: { address: '7 Guest Row', city: 'Springfield', postalCode: '12345', country: 'USA' },
          paymentMethod: 'PayPal',
          now,
          expiresAt: holdUntil(now, 30),
          holdLimits: DEFAULT_HOLD_LIMITS,
        });
      const order = await place(undefined, { email, sign: (id) => `${id}.signed` });
      const token = `${order._id}.signed`;
      expect(await statusOf(token)).toEqual({
        order: order._id,
        status: 'awaiting_payment',
        paymentStatus: order.paymentStatus,
        paidAt: null,
        deliveredAt: null,
        cancelledAt: null,
        refundedTotal: 0,
        revision: expect.any(String),
      });
      const placedRevision = (await statusOf(token))!.revision;

      clock.advance(60_000);
      await store.orders.markPaid(
        order._id,
        { id: 'cap-1', provider: 'simulated', status: 'COMPLETED', amount: '10.00', currency: 'USD', updateTime: '' },
        clock.now(),
      );
      const paid = await statusOf(token);
      expect(paid).toMatchObject({ status: 'paid', paidAt: clock.now().toISOString() });
      expect(paid!.revision).not.toBe(placedRevision);
      clock.advance(60_000);
      await store.orders.markDelivered(order._id, clock.now());
      const delivered = await statusOf(token);
      expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: clock.now().toISOString() });
      expect(JSON.stringify(delivered)).not.toMatch(/gail|Guest Row|Springfield/i);

      await store.orders.claimGuestOrder(order._id, { _id: 'uid-gail', name: 'Gail', email });
      expect(await statusOf(token)).toBeUndefined();

      // An account's order: no status document at all.
      await place({ _id: 'uid-ann', name: 'Ann', email: 'ann@example.com' }, undefined);
      expect((await app.db.collection('orderStatus').get()).size).toBe(0);
    } finally {
      await store.close();
      await app.close();
      emulator.state.clear();
    }
  });
});

// Issue 36: the owner may read orders/{id} (firestore.rules), so who refunded (an admin's uid and name) must not be
// in it: the document names the shop as every refund's actor (SHOP_REFUND_ACTOR) and the real one lives in the
// server-only orders/{id}/refundActors/{refundId}, written in the refund reservation's transaction. The store's
// answers (what the API gives admins) carry the real actor. (The rules themselves: firestore.rules.test.ts, on
// Google's emulator only.)
describe('refund actors on Firestore (community emulator)', () => {
  it("keeps the refunding admin's id and name out of the order document its owner may read", async () => {
    const [{ DEFAULT_HOLD_LIMITS, SHOP_REFUND_ACTOR, holdUntil }, { productInput }, { MovableClock }] =
      await Promise.all([
        import('../../src/domain/index.js'),
        import('../support/products.js'),
        import('../support/clock.js'),
      ]);
    const app = adminApp();
    const clock = new MovableClock(new Date('2026-03-01T10:00:00.000Z'));
    const store = createFirestoreStore(app.db, { clock });
    const admin = { _id: 'admin-uid-7', name: 'Shop Admin Zed' };
    try {
      const lamp = await store.products.create(productInput('Actor Lamp', { price: 10, countInStock: 5 }), 'owner');
      const now = clock.now();
      const placed = await store.orders.place({
        user: { _id: 'uid-cora', name: 'Cora', email: 'cora@example.com' },
        lines: [{ product: lamp._id, qty: 2 }],
        shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, 30),
        holdLimits: DEFAULT_HOLD_LIMITS,
      });
      const payment = { id: 'cap-actor', provider: 'simulated', status: 'COMPLETED', updateTime: '' } as const;
      await store.orders.markPaid(
        placed._id,
        { ...payment, amount: placed.totalPrice.toFixed(2), currency: 'USD' },
        clock.now(),
      );
      const { refund } = await store.orders.reserveRefund(placed._id, {
        refundId: 'actor-r1',
        amount: 5,
        restock: false,
        reason: 'scratched',
        by: admin,
        now: clock.now(),
      });
      expect(refund.by).toEqual(admin);
      const rawAfterReserve = (await app.db.collection('orders').doc(placed._id).get()).data()!;
      expect(rawAfterReserve.refunds).toEqual([expect.objectContaining({ id: 'actor-r1', by: SHOP_REFUND_ACTOR })]);
      const done = await store.orders.completeRefund(placed._id, 'actor-r1', 'PROVIDER-1', clock.now());

      // What the owner can read: the shop, never the admin.
      const raw = (await app.db.collection('orders').doc(placed._id).get()).data()!;
      expect(raw.refunds).toEqual([expect.objectContaining({ id: 'actor-r1', status: 'completed' })]);
      expect((raw.refunds as { by: unknown }[]).map((r) => r.by)).toEqual([SHOP_REFUND_ACTOR]);
      expect(JSON.stringify(raw)).not.toMatch(/admin-uid-7|Shop Admin Zed/);

      // Admins keep the actor: the store's answers (the API's admin view) and the stock history's cause.
      expect(done.refunds.map((r) => r.by)).toEqual([admin]);
      expect((await store.orders.get(placed._id))!.refunds.map((r) => r.by)).toEqual([admin]);
      const actors = await app.db.collection('orders').doc(placed._id).collection('refundActors').get();
      expect(actors.docs.map((d) => [d.id, d.data().by])).toEqual([['actor-r1', admin]]);
    } finally {
      await store.close();
      await app.close();
      emulator.state.clear();
    }
  });

  it('the backfill moves the actors of refunds written before it out of the order document, once', async () => {
    const [{ backfillRefundActors }, { SHOP_REFUND_ACTOR }, { MovableClock }] = await Promise.all([
      import('../../src/adapters/firebase/store/backfill.js'),
      import('../../src/domain/index.js'),
      import('../support/clock.js'),
    ]);
    const app = adminApp();
    const store = createFirestoreStore(app.db, { clock: new MovableClock(new Date('2026-03-01T10:00:00.000Z')) });
    const admin = { _id: 'admin-uid-8', name: 'Old Admin' };
    const refund = (id: string) => ({
      id,
      amountCents: 100,
      reason: 'old',
      restock: false,
      items: [],
      status: 'completed',
      cancelsOrder: false,
      createdAt: '2026-02-01T10:00:00.000Z',
      completedAt: '2026-02-01T10:00:01.000Z',
      providerRefundId: 'P',
      failure: null,
      by: admin,
    });
    const order = (userId: string, refunds: unknown[]) => ({
      userId,
      user: { _id: userId, name: userId, email: `${userId}@example.com` },
      orderItems: [{ product: 'p1', name: 'Lamp', image: '/a.webp', priceCents: 1000, qty: 1 }],
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentMethod: 'PayPal',
      itemsCents: 1000,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 1000,
      currency: 'USD',
      status: 'paid',
      paidAt: '2026-02-01T09:00:00.000Z',
      expiresAt: null,
      createdAt: '2026-02-01T08:00:00.000Z',
      refunds,
    });
    try {
      const orders = app.db.collection('orders');
      await orders.doc('old-1').set(order('uid-old', [refund('r-a'), refund('r-b')]));
      await orders.doc('none-1').set(order('uid-new', []));
      expect(await backfillRefundActors(app.db)).toEqual({ orders: 2, ordersChanged: 1 });
      const raw = (await orders.doc('old-1').get()).data()!;
      expect((raw.refunds as { by: unknown }[]).map((r) => r.by)).toEqual([SHOP_REFUND_ACTOR, SHOP_REFUND_ACTOR]);
      expect(JSON.stringify(raw)).not.toMatch(/admin-uid-8|Old Admin/);
      expect((await store.orders.get('old-1'))!.refunds.map((r) => r.by)).toEqual([admin, admin]);
      expect(await backfillRefundActors(app.db)).toEqual({ orders: 2, ordersChanged: 0 });
    } finally {
      await store.close();
      await app.close();
      emulator.state.clear();
    }
  });

  it('the backfill writes the waiting fields of requests asked before them, once: the summary counts them (issue 38)', async () => {
    const [{ backfillWaitingRequests }, { MovableClock }] = await Promise.all([
      import('../../src/adapters/firebase/store/backfill.js'),
      import('../support/clock.js'),
    ]);
    const app = adminApp();
    const store = createFirestoreStore(app.db, { clock: new MovableClock(new Date('2026-03-01T10:00:00.000Z')) });
    const order = (over: Record<string, unknown>) => ({
      userId: 'uid-old',
      user: { _id: 'uid-old', name: 'Old', email: 'old@example.com' },
      orderItems: [{ product: 'p1', name: 'Lamp', image: '/a.webp', priceCents: 2999, qty: 1, taxCents: 0 }],
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentMethod: 'PayPal',
      itemsCents: 2999,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 2999,
      currency: 'USD',
      status: 'paid',
      paidAt: '2026-02-01T09:00:00.000Z',
      expiresAt: null,
      createdAt: '2026-02-01T08:00:00.000Z',
      refunds: [],
      ...over,
    });
    const asked = {
      status: 'pending',
      reason: 'Changed my mind',
      createdAt: '2026-02-02T08:00:00.000Z',
      decidedAt: null,
      message: null,
    };
    const returned = {
      id: 'ret',
      items: [{ product: 'p1', qty: 1 }],
      reason: 'Broken',
      status: 'requested',
      createdAt: '2026-02-03T08:00:00.000Z',
      decidedAt: null,
      message: null,
      refundId: null,
    };
    try {
      const orders = app.db.collection('orders');
      await orders.doc('cancel-asked').set(order({ cancellationRequest: asked }));
      await orders.doc('return-asked').set(order({ status: 'delivered', returns: [returned] }));
      await orders.doc('never-asked').set(order({}));
      expect(await store.orders.requestsSummary()).toEqual({ cancellations: 0, returns: 0 });
      expect(await backfillWaitingRequests(app.db)).toEqual({ orders: 3, ordersChanged: 2 });
      expect(await store.orders.requestsSummary()).toEqual({ cancellations: 1, returns: 1 });
      expect((await orders.doc('never-asked').get()).get('waitingRequest')).toBeUndefined();
      expect(await backfillWaitingRequests(app.db)).toEqual({ orders: 3, ordersChanged: 0 });
    } finally {
      await store.close();
      await app.close();
      emulator.state.clear();
    }
  });

  it("the backfill writes older orders' line tax shares by the ledger's allocation, once (issue 38)", async () => {
    const [{ backfillLineTaxes }, { MovableClock }] = await Promise.all([
      import('../../src/adapters/firebase/store/backfill.js'),
      import('../support/clock.js'),
    ]);
    const app = adminApp();
    const store = createFirestoreStore(app.db, { clock: new MovableClock(new Date('2026-03-01T10:00:00.000Z')) });
    // 2 × $29.99 + $5.00, a $6.50 code on every line (none per line: placed before issue 36), 15% tax $8.77.
    const order = (taxCents?: number[]) => ({
      userId: 'uid-old',
      user: { _id: 'uid-old', name: 'Old', email: 'old@example.com' },
      orderItems: [
        { product: 'p1', name: 'Lamp', image: '/a.webp', priceCents: 2999, qty: 2 },
        { product: 'p2', name: 'Bulb', image: '/b.webp', priceCents: 500, qty: 1 },
      ].map((line, i) => (taxCents ? { ...line, taxCents: taxCents[i] } : line)),
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentMethod: 'PayPal',
      itemsCents: 6498,
      discountCents: 650,
      shippingCents: 1000,
      taxCents: 877,
      totalCents: 7725,
      currency: 'USD',
      status: 'paid',
      paidAt: '2026-02-01T09:00:00.000Z',
      expiresAt: null,
      createdAt: '2026-02-01T08:00:00.000Z',
      refunds: [],
    });
    try {
      const orders = app.db.collection('orders');
      await orders.doc('old-1').set(order());
      await orders.doc('new-1').set(order([810, 67]));
      // Before the backfill the read computes the same shares.
      expect((await store.orders.get('old-1'))!.orderItems.map((i) => i.tax)).toEqual([8.1, 0.67]);
      expect(await backfillLineTaxes(app.db)).toEqual({ orders: 2, ordersChanged: 1 });
      const raw = (await orders.doc('old-1').get()).data()!;
      expect((raw.orderItems as { taxCents: number }[]).map((i) => i.taxCents)).toEqual([810, 67]);
      expect((await store.orders.get('old-1'))!.orderItems.map((i) => i.tax)).toEqual([8.1, 0.67]);
      expect(await backfillLineTaxes(app.db)).toEqual({ orders: 2, ordersChanged: 0 });
    } finally {
      await store.close();
      await app.close();
      emulator.state.clear();
    }
  });
});

describe('discount code use shards on Firestore (community emulator; issue 37)', () => {
  // The code's uses live in coupons/{CODE}/useShards/{k} (store/coupons.ts, domain/couponShards.ts). This emulator
  // has no transaction isolation: the races here show the rule's bookkeeping, not Firestore's locks; the contract's
  // "of 50 simultaneous orders with a 10-use code, exactly 10 succeed" runs the sharded store on Google's emulator.
  const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
  const customer = (i: number) => ({ _id: `shard-uid-${i}`, name: `Buyer ${i}`, email: `buyer${i}@example.com` });
  const terms = (code: string, maxUses: number | null) => ({
    code,
    percentOff: 10,
    amountOff: null,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    maxUses,
    maxUsesPerCustomer: null,
    scope: null,
    active: true,
  });

  async function setup() {
    const [domain, { productInput }, { MovableClock }] = await Promise.all([
      import('../../src/domain/index.js'),
      import('../support/products.js'),
      import('../support/clock.js'),
    ]);
    const app = adminApp();
    const clock = new MovableClock(new Date('2026-03-01T10:00:00.000Z'));
    const store = createFirestoreStore(app.db, { clock });
    const lamp = await store.products.create(productInput('Shard Lamp', { price: 10, countInStock: 500 }), 'owner');
    const place = (i: number, code: string) => {
      const now = clock.now();
      return store.orders.place({
        user: customer(i),
        lines: [{ product: lamp._id, qty: 1 }],
        shippingAddress: address,
        paymentMethod: 'PayPal',
        now,
        expiresAt: domain.holdUntil(now, 30),
        holdLimits: domain.DEFAULT_HOLD_LIMITS,
        couponCode: code,
      });
    };
    const shards = async (code: string) => {
      const snap = await app.db.collection('coupons').doc(code).collection('useShards').get();
      return new Map(snap.docs.map((d) => [Number(d.id), d.data() as { uses: number; allotment: number | null }]));
    };
    const done = async () => {
      await store.close();
      await app.close();
      emulator.state.clear();
    };
    return { domain, app, clock, store, place, shards, done };
  }

  it('splits the limit over the shards; sequential orders take exactly the limit, no shard past its allotment; the admin sees the total', async () => {
    const { domain, store, place, shards, done } = await setup();
    try {
      await store.coupons.create(terms('DROP25', 25));
      const split = await shards('DROP25');
      expect(split.size).toBe(domain.COUPON_USE_SHARDS);
      expect([...split.values()].reduce((s, x) => s + x.allotment!, 0)).toBe(25);
      let placed = 0;
      for (let i = 0; i < 30; i++) {
        try {
          await place(i, 'DROP25');
          placed++;
        } catch (err) {
          expect((err as Error).message).toBe(domain.DISCOUNT_MESSAGES.usedUp);
        }
      }
      expect(placed).toBe(25);
      for (const shard of (await shards('DROP25')).values()) expect(shard.uses).toBe(shard.allotment);
      expect((await store.coupons.get('DROP25'))!.uses).toBe(25);
      expect((await store.coupons.list()).find((c) => c.code === 'DROP25')!.uses).toBe(25);
    } finally {
      await done();
    }
  });

  it('simultaneous orders (Promise.all) never count a shard past its allotment nor the code past its limit', async () => {
    const { store, place, shards, done } = await setup();
    try {
      await store.coupons.create(terms('RUSH12', 12));
      await Promise.allSettled(Array.from({ length: 30 }, (_, i) => place(100 + i, 'RUSH12')));
      const after = await shards('RUSH12');
      for (const shard of after.values()) expect(shard.uses).toBeLessThanOrEqual(shard.allotment!);
      expect((await store.coupons.get('RUSH12'))!.uses).toBeLessThanOrEqual(12);
    } finally {
      await done();
    }
  });

  it('gives a cancelled or expired order’s use back to the shard it came from', async () => {
    const { app, store, place, shards, done } = await setup();
    try {
      await store.coupons.create(terms('BACK', null));
      const orders = [await place(1, 'BACK'), await place(2, 'BACK'), await place(3, 'BACK')];
      const shardOf = async (id: string) =>
        (await app.db.collection('orders').doc(id).get()).get('couponShard') as number;
      const taken = await Promise.all(orders.map((o) => shardOf(o._id)));
      for (const k of taken) expect(Number.isInteger(k)).toBe(true);
      const before = await shards('BACK');
      expect([...before.values()].every((s) => s.allotment === null)).toBe(true);
      expect((await store.coupons.get('BACK'))!.uses).toBe(3);

      await store.orders.cancel(orders[0]!._id, new Date('2026-03-01T10:05:00.000Z'));
      const afterCancel = await shards('BACK');
      expect(afterCancel.get(taken[0]!)!.uses).toBe(before.get(taken[0]!)!.uses - 1);
      for (const [k, s] of afterCancel) if (k !== taken[0]) expect(s.uses).toBe(before.get(k)!.uses);
      expect((await store.coupons.get('BACK'))!.uses).toBe(2);

      expect(await store.orders.expireStale(new Date(new Date(orders[1]!.expiresAt!).getTime() + 1))).toBe(2);
      expect((await store.coupons.get('BACK'))!.uses).toBe(0);
      for (const s of (await shards('BACK')).values()) expect(s.uses).toBe(0);
    } finally {
      await done();
    }
  });

  it('a code from before the shards keeps its counted uses; an edit of the limit splits what is left again', async () => {
    const { domain, app, store, place, shards, done } = await setup();
    try {
      const at = '2026-02-01T00:00:00.000Z';
      await app.db
        .collection('coupons')
        .doc('OLD5')
        .set({ ...terms('OLD5', 5), uses: 3, createdAt: at, updatedAt: at });
      await place(1, 'OLD5');
      await place(2, 'OLD5');
      await expect(place(3, 'OLD5')).rejects.toThrow(domain.DISCOUNT_MESSAGES.usedUp);
      expect((await store.coupons.get('OLD5'))!.uses).toBe(5);

      const raised = await store.coupons.update(terms('OLD5', 8));
      expect(raised.uses).toBe(5);
      const split = await shards('OLD5');
      expect(split.size).toBe(domain.COUPON_USE_SHARDS);
      expect([...split.values()].reduce((s, x) => s + x.allotment!, 0)).toBe(8 - 3);
      for (let i = 10; i < 13; i++) await place(i, 'OLD5');
      await expect(place(20, 'OLD5')).rejects.toThrow(domain.DISCOUNT_MESSAGES.usedUp);
      expect((await store.coupons.list()).find((c) => c.code === 'OLD5')!.uses).toBe(8);
    } finally {
      await done();
    }
  });
});

describe('hot product stock shards on Firestore (community emulator; issue 37)', () => {
  // A hot product's stock lives in products/{id}/stockShards/{k} (store/stockShards.ts, domain/stockShards.ts); the
  // contract "hot product stock" checks the totals on both stores, these the shards themselves. No isolation here:
  // races show the bookkeeping, not Firestore's locks.
  const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
  const customer = (i: number) => ({ _id: `stock-uid-${i}`, name: `Buyer ${i}`, email: `stock${i}@example.com` });

  async function setup(countInStock: number) {
    const [domain, { productInput }, { MovableClock }] = await Promise.all([
      import('../../src/domain/index.js'),
      import('../support/products.js'),
      import('../support/clock.js'),
    ]);
    const app = adminApp();
    const clock = new MovableClock(new Date('2026-03-01T10:00:00.000Z'));
    const store = createFirestoreStore(app.db, { clock });
    const lamp = await store.products.create(productInput('Shard Lamp', { price: 10, countInStock }), 'owner');
    const place = (i: number, qty: number) => {
      const now = clock.now();
      return store.orders.place({
        user: customer(i),
        lines: [{ product: lamp._id, qty }],
        shippingAddress: address,
        paymentMethod: 'PayPal',
        now,
        expiresAt: domain.holdUntil(now, 30),
        holdLimits: domain.DEFAULT_HOLD_LIMITS,
      });
    };
    const productRef = app.db.collection('products').doc(lamp._id);
    const shards = async () => {
      const snap = await productRef.collection('stockShards').get();
      return new Map(snap.docs.map((d) => [Number(d.id), shardOf(d).units]));
    };
    const takesOf = async (orderId: string) =>
      ((await app.db.collection('orders').doc(orderId).get()).get('stockTakes') ?? []) as {
        product: string;
        shard: number;
        key: string;
        units: number;
      }[];
    const done = async () => {
      await store.close();
      await app.close();
      emulator.state.clear();
    };
    return { domain, app, clock, store, lamp, place, productRef, shards, takesOf, done };
  }

  it('an order takes from the shards it records; its cancel gives the units back to those shards', async () => {
    const { domain, app, lamp, store, place, shards, takesOf, done } = await setup(40);
    try {
      await splitProductStock(app.db, lamp._id);
      const split = await shards();
      expect(split.size).toBe(domain.STOCK_SHARDS);
      expect([...split.values()]).toEqual(domain.splitUnits(40, domain.STOCK_SHARDS));
      const a = await place(1, 3);
      const b = await place(2, 5);
      const takesA = await takesOf(a._id);
      const takesB = await takesOf(b._id);
      expect(takesA.reduce((s, t) => s + t.units, 0)).toBe(3);
      expect(takesB.reduce((s, t) => s + t.units, 0)).toBe(5);
      for (const t of [...takesA, ...takesB]) expect(t).toMatchObject({ product: lamp._id, key: domain.OWN_UNITS });
      const afterPlace = await shards();
      // Each shard lost exactly what the orders recorded taking from it.
      for (const [k, units] of afterPlace) {
        const taken = [...takesA, ...takesB].filter((t) => t.shard === k).reduce((s, t) => s + t.units, 0);
        expect(units).toBe(split.get(k)! - taken);
      }
      await store.orders.cancel(b._id, new Date('2026-03-01T10:05:00.000Z'));
      const afterCancel = await shards();
      for (const [k, units] of afterCancel) {
        const back = takesB.filter((t) => t.shard === k).reduce((s, t) => s + t.units, 0);
        expect(units).toBe(afterPlace.get(k)! + back);
      }
      expect([...afterCancel.values()].reduce((s, n) => s + n, 0)).toBe(40 - 3);
    } finally {
      await done();
    }
  });

  it('a product from before the shards keeps its stock on its document; an order retried on contention splits it', async () => {
    const { domain, app, lamp, store, place, productRef, shards, takesOf, done } = await setup(25);
    try {
      // Not hot: the document is the truth, as before issue 37; no shards are written.
      await place(1, 2);
      expect((await store.products.get(lamp._id))!.countInStock).toBe(23);
      expect((await shards()).size).toBe(0);
      expect((await productRef.get()).get('stockShards')).toBeUndefined();

      // The next order's first attempt is refused as Firestore refuses a contended commit: its retry splits the
      // product (it is hot) and takes its units from the new shards, in one transaction.
      const aborted = () =>
        Object.assign(new Error('10 ABORTED: Too much contention on these documents. Please try again.'), {
          code: 10,
        });
      const runTransaction = app.db.runTransaction.bind(app.db);
      let refuseFirst = true;
      app.db.runTransaction = ((fn: Parameters<Firestore['runTransaction']>[0], options?: object) =>
        runTransaction(async (tx) => {
          const result = await fn(tx);
          if (refuseFirst) {
            refuseFirst = false;
            throw aborted();
          }
          return result;
        }, options)) as Firestore['runTransaction'];
      let order;
      try {
        order = await place(2, 4);
      } finally {
        app.db.runTransaction = runTransaction;
      }
      expect((await productRef.get()).get('stockShards')).toBe(domain.STOCK_SHARDS);
      const split = await shards();
      expect(split.size).toBe(domain.STOCK_SHARDS);
      expect([...split.values()].reduce((s, n) => s + n, 0)).toBe(23 - 4);
      expect((await takesOf(order._id)).reduce((s, t) => s + t.units, 0)).toBe(4);
      // The split wrote the exact figure on the document; one order, one history entry.
      expect((await store.products.get(lamp._id))!.countInStock).toBe(19);
      const history = await store.products.stockHistory(lamp._id, undefined, 10);
      const deltas = history!.entries.filter((e) => e.cause === 'order').map((e) => e.delta);
      expect(deltas.sort((x, y) => x - y)).toEqual([-4, -2]);
      expect((await app.db.collection('orders').get()).size).toBe(2);
    } finally {
      await done();
    }
  });

  it('an order refused for stock corrects a display that showed more; a restock after none shows at once', async () => {
    const { domain, app, lamp, store, place, productRef, done } = await setup(2);
    try {
      await splitProductStock(app.db, lamp._id);
      const a = await place(1, 2);
      expect((await store.products.get(lamp._id))!.countInStock).toBe(0);
      // A display left behind (a sync that failed): the shards refuse, with the true figure, and the display follows.
      await productRef.update({ countInStock: 5 });
      await expect(place(2, 1)).rejects.toThrow(domain.stockShortageMessage('Shard Lamp', 0, 1));
      expect((await store.products.get(lamp._id))!.countInStock).toBe(0);
      await store.orders.cancel(a._id, new Date('2026-03-01T10:05:00.000Z'));
      expect((await store.products.get(lamp._id))!.countInStock).toBe(2);
    } finally {
      await done();
    }
  });
});
