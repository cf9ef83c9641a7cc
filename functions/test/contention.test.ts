// Issue 36, point 10: past the Admin SDK's retries a contended Firestore transaction rejects with gRPC ABORTED
// (code 10; 'aborted' from the REST and web SDKs). It answers 503 with Retry-After, never 500, and nothing of the
// order is written: a transaction commits whole or not at all. Shown on the community Firestore emulator with the
// commit refused as Firestore refuses it (the order's reads and writes all made, then ABORTED instead of the commit).
import type { Server } from 'node:http';
import express from 'express';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../src/adapters/firebase/store/index.js';
import { DEFAULT_HOLD_LIMITS, DEFAULT_HOLD_MINUTES, holdUntil } from '../src/domain/index.js';
import { CONTENTION_RETRY_AFTER_SECONDS, errorHandler } from '../src/http/errors.js';
import { MovableClock } from './support/clock.js';
import { type CommunityFirestore, startCommunityFirestore } from './support/communityFirestore.js';
import { productInput } from './support/products.js';

/** What the Admin SDK rejects with once its retries of a contended transaction are spent. */
const aborted = () =>
  Object.assign(new Error('10 ABORTED: Too much contention on these documents. Please try again.'), { code: 10 });

/** The app's one error handler behind a route that fails with `error`. */
async function answerTo(error: unknown) {
  const app = express();
  app.get('/', () => {
    throw error;
  });
  app.use(errorHandler);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('contention answers 503 with Retry-After', () => {
  it('for the Admin SDK’s ABORTED (code 10) and the REST/web SDKs’ "aborted"', async () => {
    for (const error of [aborted(), Object.assign(new Error('aborted'), { code: 'aborted' })]) {
      expect(await answerTo(error)).toEqual({
        status: 503,
        retryAfter: String(CONTENTION_RETRY_AFTER_SECONDS),
        body: { message: 'Many shoppers are buying the same items right now. Please try again in a moment.' },
      });
    }
  });

  it('other failures stay a 500 without Retry-After', async () => {
    const other = await answerTo(Object.assign(new Error('boom'), { code: 13 }));
    expect(other.status).toBe(500);
    expect(other.retryAfter).toBeNull();
  });
});

describe('an order whose transaction is refused (community Firestore emulator)', () => {
  let emulator: CommunityFirestore;
  let db: Firestore;
  let close: () => Promise<void>;
  const hostBefore = process.env.FIRESTORE_EMULATOR_HOST;
  beforeAll(async () => {
    emulator = await startCommunityFirestore();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    const app = initializeApp({ projectId: 'demo-voltshop-contention' }, `contention-${Date.now()}`);
    db = getFirestore(app);
    close = () => deleteApp(app);
  });
  afterAll(async () => {
    await close?.();
    if (hostBefore === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = hostBefore;
    await emulator?.stop();
  });

  it('is not half-placed: no order, stock, code use, hold lock, stock history or mail written', async () => {
    const clock = new MovableClock();
    const store = createFirestoreStore(db, { clock, events: { publish: () => {} } });
    const product = await store.products.create(productInput('Contended Phone', { countInStock: 5 }), 'owner-1');
    await store.coupons.create({
      code: 'DROP10',
      ...{ percentOff: 10, amountOff: null, minSubtotal: null, startsAt: null, endsAt: null },
      ...{ maxUses: null, maxUsesPerCustomer: null, scope: null, active: true },
    });
    const now = clock.now();
    const command = {
      user: { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' },
      lines: [{ product: product._id, qty: 2 }],
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      paymentMethod: 'PayPal',
      couponCode: 'DROP10',
      now,
      expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
      holdLimits: DEFAULT_HOLD_LIMITS,
    };
    const counts = async () => ({
      orders: (await db.collection('orders').get()).size,
      holdLocks: (await db.collection('holdLocks').get()).size,
      mail: (await db.collection('mailOutbox').get()).size,
      history: (await db.collection(`products/${product._id}/stockHistory`).get()).size,
      stock: (await store.products.get(product._id))?.countInStock,
      uses: (await store.coupons.get('DROP10'))?.uses,
    });
    const before = await counts();

    // Every step of the order's transaction runs (its reads, its decision, its writes buffered), then Firestore
    // refuses the commit as it does past the retries of a contended transaction.
    const run = db.runTransaction.bind(db);
    db.runTransaction = ((fn: Parameters<Firestore['runTransaction']>[0]) =>
      run(
        async (tx) => {
          await fn(tx);
          throw aborted();
        },
        { maxAttempts: 1 },
      )) as Firestore['runTransaction'];
    try {
      await expect(store.orders.place(command)).rejects.toMatchObject({ code: 10 });
    } finally {
      db.runTransaction = run;
    }
    expect(await counts()).toEqual(before);

    // The same order, not contended, is placed whole (what the shopper's retry after Retry-After does).
    await store.orders.place(command);
    expect(await counts()).toMatchObject({ orders: 1, stock: 3, uses: 1 });
    await store.close();
  });
});
