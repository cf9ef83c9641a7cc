// Payment faults beyond functions/test/payments.test.ts: PayPal's sign-in or lookup failing in every way a
// network and a provider can (HTML error pages, cut-off JSON, 500/429, dropped connections, hangs), races
// (the same capture twice at once, on one order or two), expired orders, and odd payloads. Each is refused
// with a clear message, the order unchanged, and the payment goes through once PayPal is healthy again.
// The server-side flow (create, capture, refund) under the same faults: a capture whose answer was lost is retried
// with the same PayPal-Request-Id and charges once; a refund that fails is retried, then logged for a human.
import type { Connection } from '../../src/adapters/embedded/sql.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { payPalSettings, startFakePayPal, type FakePayPal } from '../support/fakePayPal.js';
import { placeAliceOrder, startTestShop, type TestShop } from '../support/shop.js';
import { startChaosProxy, type ChaosProxy, type Fault } from './support/chaosProxy.js';
import { openDb } from './support/db.js';

let paypal: FakePayPal;
let chaos: ChaosProxy;
let shop: TestShop;
let db: Connection;
let now = new Date('2026-05-01T12:00:00Z');
const clock = { now: () => new Date(now) };

beforeAll(async () => {
  paypal = await startFakePayPal();
  chaos = await startChaosProxy(paypal.url);
  // PayPal reached through the chaos proxy, which injects the faults. The timeout is what a 'hang' waits for; a
  // healthy call on a machine busy with other suites must stay well inside it (400 ms was not: an intermittent 503).
  shop = await startTestShop(payPalSettings(paypal, { PAYPAL_API_BASE: chaos.url, PAYPAL_TIMEOUT_MS: '1500' }), {
    clock,
  });
  db = openDb(shop.config.dataDir);
});
afterAll(async () => {
  db?.close();
  await shop?.close();
  await chaos?.close();
  await paypal?.close();
});
beforeEach(() => {
  chaos.token = 'none';
  chaos.lookup = 'none';
  chaos.create = 'none';
  chaos.capture = 'none';
  chaos.refund = 'none';
  chaos.times = {};
});
afterEach(() => {
  paypal.afterCapture = null;
  vi.restoreAllMocks();
});

const newOrder = () => placeAliceOrder(shop);

const pay = async (orderId: string, body: unknown) =>
  shop.call('PUT', `/api/orders/${orderId}/pay`, { token: await shop.aliceToken(), body });

/** The order's row, exactly (status, payment, capture id, timestamps). */
const row = async (orderId: string) =>
  (await db.execute({ sql: 'SELECT * FROM orders WHERE id = ?', args: [orderId] })).rows[0];

async function expectRefusedUnchanged(
  orderId: string,
  res: { status: number; body: any },
  before: unknown,
  status: number[],
) {
  expect(status, JSON.stringify(res.body)).toContain(res.status);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message).not.toMatch(/\n\s+at |SyntaxError|Unexpected token/);
  expect(await row(orderId)).toEqual(before);
}

const FAULTS_503: Fault[] = ['html', 'truncated', 'nullJson', 'status500', 'status429', 'reset', 'hang'];

describe('PayPal sign-in (OAuth token) failing', () => {
  // First in the file: the gateway caches its token once it has one.
  for (const fault of [...FAULTS_503, 'emptyJson'] as Fault[]) {
    it(`token call → ${fault}: 503 with a message, order unchanged`, async () => {
      const order = await newOrder();
      const captured = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
      const before = await row(order._id);
      chaos.token = fault;
      const res = await pay(order._id, { id: captured.id });
      await expectRefusedUnchanged(order._id, res, before, [503]);
    });
  }
});

describe('PayPal order lookup failing', () => {
  for (const fault of FAULTS_503) {
    it(`lookup → ${fault}: 503 with a message, order unchanged; then it pays once PayPal is back`, async () => {
      const order = await newOrder();
      const captured = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
      const before = await row(order._id);
      chaos.lookup = fault;
      const res = await pay(order._id, { id: captured.id });
      await expectRefusedUnchanged(order._id, res, before, [503]);
      chaos.lookup = 'none';
      const ok = await pay(order._id, { id: captured.id });
      expect(ok.status).toBe(200);
      expect(ok.body.isPaid).toBe(true);
    });
  }

  it('lookup → an empty JSON object (no status, no capture): 409 not completed, order unchanged', async () => {
    const order = await newOrder();
    const captured = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    const before = await row(order._id);
    chaos.lookup = 'emptyJson';
    await expectRefusedUnchanged(order._id, await pay(order._id, { id: captured.id }), before, [409]);
  });
});

describe('races and replays', () => {
  it('the same capture sent 6 times at once for one order: exactly one payment', async () => {
    const order = await newOrder();
    const captured = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    const results = await Promise.all(Array.from({ length: 6 }, () => pay(order._id, { id: captured.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const stored = await row(order._id);
    expect(stored.status).toBe('paid');
    expect(stored.capture_id).toBe(captured.purchase_units[0].payments!.captures[0].id);
  });

  it('one capture raced onto two orders of the same total: exactly one is paid', async () => {
    // The same product twice (not 'the first in stock' twice: earlier tests' holds may use up the first one's stock
    // between the two orders, which made this case fail on CI with two different totals).
    const a = await placeAliceOrder(shop, { minStock: 2 });
    const b = await placeAliceOrder(shop, { productId: a.orderItems[0].product });
    expect(a.totalPrice).toBe(b.totalPrice);
    const captured = paypal.completedOrder(a.totalPrice.toFixed(2)); // no reference id: could match either
    const [ra, rb] = await Promise.all([pay(a._id, { id: captured.id }), pay(b._id, { id: captured.id })]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const rows = (
      await db.execute({
        sql: 'SELECT count(*) AS n FROM orders WHERE capture_id = ?',
        args: [captured.purchase_units[0].payments!.captures[0].id],
      })
    ).rows;
    expect(Number(rows[0].n)).toBe(1);
  });

  it('a paid order cannot be paid again with a fresh capture', async () => {
    const order = await newOrder();
    const first = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    expect((await pay(order._id, { id: first.id })).status).toBe(200);
    const before = await row(order._id);
    const second = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    const again = await pay(order._id, { id: second.id });
    await expectRefusedUnchanged(order._id, again, before, [409]);
    expect(again.body.message).toBe('Order is already paid');
  });
});

describe('payloads and amounts', () => {
  it('odd payment payloads are a 400 before PayPal is asked', async () => {
    const order = await newOrder();
    const before = await row(order._id);
    const asked = chaos.requests;
    for (const body of [
      { id: 12345 },
      { id: ['ORDER-1'] },
      { id: { $ne: '' } },
      { id: 'A'.repeat(65) },
      { id: 'ORDER/../../v1/oauth2/token' },
      { id: '' },
      { id: null },
      { orderID: 'ORDER-1' },
      { id: 'ORDER 1' },
    ]) {
      await expectRefusedUnchanged(order._id, await pay(order._id, body), before, [400]);
    }
    expect(chaos.requests).toBe(asked);
  });

  it('amounts that only look equal are refused: extra decimals, a number, a missing currency', async () => {
    const order = await newOrder();
    const before = await row(order._id);
    const variants = [
      `${order.totalPrice.toFixed(2)}0`,
      order.totalPrice.toFixed(1),
      ` ${order.totalPrice.toFixed(2)}`,
    ];
    for (const value of variants) {
      const captured = paypal.completedOrder(value, 'USD', order._id);
      await expectRefusedUnchanged(order._id, await pay(order._id, { id: captured.id }), before, [409]);
    }
    const numeric = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    (numeric.purchase_units[0].payments!.captures[0].amount as any).value = order.totalPrice; // a number, not PayPal's string
    await expectRefusedUnchanged(order._id, await pay(order._id, { id: numeric.id }), before, [409]);
    const noCurrency = paypal.completedOrder(order.totalPrice.toFixed(2), '', order._id);
    await expectRefusedUnchanged(order._id, await pay(order._id, { id: noCurrency.id }), before, [409]);
  });

  it('an order past its stock hold cannot be paid, even with a valid capture', async () => {
    const order = await newOrder();
    const captured = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    const before = await row(order._id);
    now = new Date(now.getTime() + 49 * 3600_000);
    try {
      const res = await pay(order._id, { id: captured.id });
      await expectRefusedUnchanged(order._id, res, before, [409]);
      expect(res.body.message).toMatch(/expired/);
    } finally {
      now = new Date(now.getTime() - 49 * 3600_000);
    }
  });
});

describe('server-side PayPal flow (create, capture, refund) under faults', () => {
  const createPayPalOrder = async (orderId: string) =>
    shop.call('POST', `/api/orders/${orderId}/paypal-order`, { token: await shop.aliceToken() });
  const capture = async (orderId: string, paypalOrderId: string) =>
    shop.call('POST', `/api/orders/${orderId}/capture`, { token: await shop.aliceToken(), body: { paypalOrderId } });

  async function approvedOrder() {
    const order = await newOrder();
    const created = await createPayPalOrder(order._id);
    expect(created.status).toBe(201);
    paypal.approve(created.body.id);
    return { order, paypalOrderId: created.body.id as string };
  }

  it('order B’s capture request with order A’s PayPal order, raced with A’s own: A paid with it, B a 409, nothing refunded', async () => {
    const a = await approvedOrder();
    const b = await newOrder();
    const refundsBefore = paypal.refunds.length;
    const [forB, forA] = await Promise.all([capture(b._id, a.paypalOrderId), capture(a.order._id, a.paypalOrderId)]);
    expect(forB.status, JSON.stringify(forB.body)).toBe(409);
    expect(forA.status, JSON.stringify(forA.body)).toBe(200);
    const [made] = paypal.capturesFor(a.order._id);
    expect(made.status).toBe('COMPLETED');
    expect(paypal.refunds.length).toBe(refundsBefore);
    expect((await row(a.order._id)).capture_id).toBe(made.id);
    expect((await row(b._id)).status).toBe('awaiting_payment');
  });

  for (const fault of FAULTS_503) {
    it(`create → ${fault}: 503 with a message, order unchanged; then it creates once PayPal is back`, async () => {
      const order = await newOrder();
      const before = await row(order._id);
      chaos.create = fault;
      await expectRefusedUnchanged(order._id, await createPayPalOrder(order._id), before, [503]);
      chaos.create = 'none';
      expect((await createPayPalOrder(order._id)).status).toBe(201);
    });
  }

  for (const fault of FAULTS_503) {
    it(`capture → ${fault}: 503 with a message, order unchanged, nothing charged twice; the retry pays`, async () => {
      const { order, paypalOrderId } = await approvedOrder();
      const before = await row(order._id);
      chaos.capture = fault;
      const res = await capture(order._id, paypalOrderId);
      await expectRefusedUnchanged(order._id, res, before, [503]);
      chaos.capture = 'none';
      const ok = await capture(order._id, paypalOrderId);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(paypal.capturesFor(order._id)).toHaveLength(1);
      expect((await row(order._id)).capture_id).toBe(paypal.capturesFor(order._id)[0].id);
    });
  }

  it('capture → the answer is lost after PayPal captured: 503; the retry sends the same request id, gets the same capture, pays once', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    const before = await row(order._id);
    const calls = paypal.captureRequests;
    chaos.capture = 'lostAnswer';
    chaos.times.capture = 1;
    const lost = await capture(order._id, paypalOrderId);
    await expectRefusedUnchanged(order._id, lost, before, [503]);
    expect(lost.body.message).toMatch(/never charges twice|try again/);
    const [made] = paypal.capturesFor(order._id);
    expect(made.status).toBe('COMPLETED'); // PayPal took the money; the shop did not hear it

    const retry = await capture(order._id, paypalOrderId);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(paypal.captureRequests).toBe(calls + 2);
    // The retry reached PayPal with the shop order id as request id and was answered with the first answer.
    expect(paypal.replays).toContain(`/v2/checkout/orders/${paypalOrderId}/capture ${order._id}`);
    expect(paypal.capturesFor(order._id)).toEqual([made]);
    expect(retry.body.paymentResult.id).toBe(made.id);
    expect(paypal.refunds.filter((r) => r.captureId === made.id)).toEqual([]);
  });

  it('capture → the answer is lost, and the hold runs out before the retry: the retry refunds PayPal’s capture (409 saying so)', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    chaos.capture = 'lostAnswer';
    chaos.times.capture = 1;
    expect((await capture(order._id, paypalOrderId)).status).toBe(503);
    const [made] = paypal.capturesFor(order._id);
    expect(made.status).toBe('COMPLETED');
    const calls = paypal.captureRequests;

    now = new Date(now.getTime() + 49 * 3600_000);
    try {
      await shop.sweepExpired();
      const retry = await capture(order._id, paypalOrderId);
      expect(retry.status).toBe(409);
      expect(retry.body.message).toMatch(/^Your PayPal payment was refunded: .*expired/);
      // Nothing more was captured: the retry only read the PayPal order, then refunded.
      expect(paypal.captureRequests).toBe(calls);
      expect(made.status).toBe('REFUNDED');
      expect(paypal.refunds.filter((r) => r.captureId === made.id)).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`refunded capture ${made.id}`));
      // Asking again refunds nothing twice.
      const again = await capture(order._id, paypalOrderId);
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/^Order has expired/);
      expect(paypal.refunds.filter((r) => r.captureId === made.id)).toHaveLength(1);
    } finally {
      now = new Date(now.getTime() - 49 * 3600_000);
    }
    expect((await row(order._id)).status).toBe('expired');
  });

  it('capture → an empty JSON object (no capture in it): 409 not completed, order unchanged, no refund attempted', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    const before = await row(order._id);
    const refunds = paypal.refunds.length;
    chaos.capture = 'emptyJson';
    const res = await capture(order._id, paypalOrderId);
    await expectRefusedUnchanged(order._id, res, before, [409]);
    expect(res.body.message).toMatch(/not completed/);
    expect(paypal.refunds).toHaveLength(refunds);
  });

  /** Lets the hold run out while PayPal captures, so marking paid fails and the capture must be refunded. */
  function expireDuringCapture() {
    paypal.afterCapture = async () => {
      paypal.afterCapture = null;
      now = new Date(now.getTime() + 49 * 3600_000);
      await shop.sweepExpired();
    };
    return () => {
      now = new Date(now.getTime() - 49 * 3600_000);
    };
  }

  it('refund → its answer is lost once: retried with the same request id, refunded once, 409 saying so', async () => {
    const { order, paypalOrderId } = await approvedOrder();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    chaos.refund = 'lostAnswer';
    chaos.times.refund = 1;
    const restore = expireDuringCapture();
    try {
      const res = await capture(order._id, paypalOrderId);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toMatch(/^Your PayPal payment was refunded/);
    } finally {
      restore();
    }
    const [made] = paypal.capturesFor(order._id);
    expect(made.status).toBe('REFUNDED');
    expect(paypal.refunds.filter((r) => r.captureId === made.id)).toHaveLength(1);
    expect(paypal.replays).toContain(`/v2/payments/captures/${made.id}/refund refund-${made.id}`);
  });

  for (const fault of ['status500', 'hang', 'reset'] as Fault[]) {
    it(`refund → ${fault} every time: 503 saying the refund did not go through, logged for a human with the capture id`, async () => {
      const { order, paypalOrderId } = await approvedOrder();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      chaos.refund = fault;
      const restore = expireDuringCapture();
      let res;
      try {
        res = await capture(order._id, paypalOrderId);
      } finally {
        restore();
      }
      const [made] = paypal.capturesFor(order._id);
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(new RegExp(`refund did not go through.*${made.id}`));
      expect(made.status).toBe('COMPLETED');
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`REFUND FAILED: capture ${made.id} .*${order._id}`)),
        expect.anything(),
      );
      expect((await row(order._id)).status).toBe('expired');
    });
  }
});
