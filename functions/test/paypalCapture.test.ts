// Capture in the function (issue 12, point 8), against the fake PayPal API over HTTP: the API creates the PayPal
// order for the stored total, captures it after the buyer approved (PayPal-Request-Id = the shop order id), checks
// what PayPal captured, marks the order paid, and refunds the capture whenever the order cannot be marked paid.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payPalSettings, startFakePayPal, type FakePayPal } from './support/fakePayPal.js';
import { placeOneUnitOrder, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let paypal: FakePayPal;
let shop: TestShop;
let now = new Date('2026-06-01T12:00:00Z');
const clock = { now: () => new Date(now) };

beforeAll(async () => {
  paypal = await startFakePayPal();
  shop = await startTestShop(payPalSettings(paypal, { PAYPAL_TIMEOUT_MS: '2000' }), { clock });
});
afterAll(async () => {
  await shop?.close();
  await paypal?.close();
});
afterEach(() => {
  paypal.beforeCapture = null;
  paypal.afterCapture = null;
  paypal.declineNextCapture = null;
  vi.restoreAllMocks();
});

const newCustomer = () => registerCustomer(shop, 'capture');
// The client's totals are sent and must be ignored (the server prices the order).
const newOrder = (token: string) =>
  placeOneUnitOrder(shop, token, { minStock: 2, extra: { itemsPrice: 0.01, totalPrice: 0.01 } });

const createPayPalOrder = (orderId: string, token: string, body?: unknown) =>
  shop.call('POST', `/api/orders/${orderId}/paypal-order`, { token, body });
const capture = (orderId: string, token: string, paypalOrderId: string) =>
  shop.call('POST', `/api/orders/${orderId}/capture`, { token, body: { paypalOrderId } });
const read = async (orderId: string, token: string) =>
  (await shop.call('GET', `/api/orders/${orderId}`, { token })).body;

/** An order, its PayPal order created through the API and approved by the buyer. */
async function approvedOrder() {
  const token = await newCustomer();
  const order = await newOrder(token);
  const created = await createPayPalOrder(order._id, token);
  expect(created.status).toBe(201);
  paypal.approve(created.body.id);
  return { token, order, paypalOrderId: created.body.id as string };
}

describe('POST /api/orders/:id/paypal-order', () => {
  it('creates the PayPal order for the stored total and currency, carrying the shop order id; client amounts are ignored', async () => {
    const token = await newCustomer();
    const order = await newOrder(token);
    const res = await createPayPalOrder(order._id, token, { amount: '0.01', totalPrice: 0.01 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^ORDER-/) });
    const created = paypal.orders.get(res.body.id)!;
    expect(created.status).toBe('CREATED');
    expect(created.purchase_units[0]).toMatchObject({
      reference_id: order._id,
      custom_id: order._id,
      invoice_id: order._id,
      amount: { value: order.totalPrice.toFixed(2), currency_code: 'USD' },
    });
    expect(order.totalPrice).toBeGreaterThan(1);
  });

  it('refuses a paid, an expired or someone else’s order before asking PayPal', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    expect((await capture(order._id, token, paypalOrderId)).status).toBe(200);
    const before = paypal.orders.size;
    const paid = await createPayPalOrder(order._id, token);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('Order is already paid');

    const other = await newOrder(await newCustomer());
    expect((await createPayPalOrder(other._id, token)).status).toBe(403);
    expect((await createPayPalOrder(other._id, await shop.adminToken())).status).toBe(403);

    const late = await newOrder(token);
    now = new Date(now.getTime() + 49 * 3600_000);
    try {
      const expired = await createPayPalOrder(late._id, token);
      expect(expired.status).toBe(409);
      expect(expired.body.message).toMatch(/expired/);
    } finally {
      now = new Date(now.getTime() - 49 * 3600_000);
    }
    expect(paypal.orders.size).toBe(before);
  });
});

describe('POST /api/orders/:id/capture', () => {
  it('captures the approved PayPal order and marks the order paid with PayPal’s capture', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    const res = await capture(order._id, token, paypalOrderId);
    expect(res.status).toBe(200);
    const [made] = paypal.capturesFor(order._id);
    expect(res.body).toMatchObject({ _id: order._id, isPaid: true, status: 'paid', paidAt: now.toISOString() });
    expect(res.body.paymentResult).toMatchObject({
      provider: 'paypal',
      id: made.id,
      status: 'COMPLETED',
      amount: order.totalPrice.toFixed(2),
      currency: 'USD',
      email: 'buyer@example.com',
    });
    expect(paypal.orders.get(paypalOrderId)!.status).toBe('COMPLETED');
    expect(paypal.refunds).toEqual([]);
  });

  it('calling capture again after success answers the paid order again, charges nothing more and refunds nothing', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    const first = await capture(order._id, token, paypalOrderId);
    expect(first.status).toBe(200);
    const calls = paypal.captureRequests;
    const again = await capture(order._id, token, paypalOrderId);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(paypal.captureRequests).toBe(calls); // only read: the order already records this PayPal order's capture
    // Another PayPal order for the paid order is still refused as paid.
    const other = paypal.approvedOrder({ amount: order.totalPrice.toFixed(2), customId: order._id });
    expect(await capture(order._id, token, other.id)).toMatchObject({
      status: 409,
      body: { message: 'Order is already paid' },
    });
    expect(other.status).toBe('APPROVED');
    expect(paypal.capturesFor(order._id)).toHaveLength(1);
    expect(paypal.refunds).toHaveLength(0);
  });

  it('the same capture sent 5 times at once, all while PayPal is still capturing: one capture, every answer the paid order, no refund', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    const refundsBefore = paypal.refunds.length;
    // PayPal holds its first answer until the other four calls are under way, so all five pass the unpaid check
    // and reach PayPal; the later ones find the order captured and read the same capture.
    paypal.afterCapture = async () => {
      paypal.afterCapture = null;
      await new Promise((r) => setTimeout(r, 400));
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => capture(order._id, token, paypalOrderId)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const captures = paypal.capturesFor(order._id);
    expect(captures).toHaveLength(1);
    for (const r of results) expect(r.body.paymentResult.id).toBe(captures[0].id);
    expect(paypal.refunds).toHaveLength(refundsBefore);
  });

  it('a PayPal order the buyer has not approved, or a declined card: a 409, nothing charged, the order unpaid', async () => {
    const token = await newCustomer();
    const order = await newOrder(token);
    const created = await createPayPalOrder(order._id, token);
    const unapproved = await capture(order._id, token, created.body.id);
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.message).toMatch(/ORDER_NOT_APPROVED.*nothing was charged/);

    paypal.approve(created.body.id);
    paypal.declineNextCapture = 'INSTRUMENT_DECLINED';
    const declined = await capture(order._id, token, created.body.id);
    expect(declined.status).toBe(409);
    expect(declined.body.message).toMatch(/INSTRUMENT_DECLINED/);
    expect(paypal.capturesFor(order._id)).toEqual([]);
    expect(await read(order._id, token)).toMatchObject({ isPaid: false, paymentResult: null });
    // The buyer tries again and it goes through.
    expect((await capture(order._id, token, created.body.id)).status).toBe(200);
  });

  it('this order’s PayPal order changed to a smaller amount after the shop read it: captured, then refunded, 409, order unpaid', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    const forged = paypal.orders.get(paypalOrderId)!;
    // As a PATCH from the buyer's browser between the shop's read and its capture would.
    paypal.beforeCapture = (made) => {
      made.purchase_units[0].amount = { value: '1.00', currency_code: 'USD' };
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await capture(order._id, token, forged.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      /^Your PayPal payment was refunded: .*Payment amount 1\.00 USD does not match the order total/,
    );
    const refund = paypal.refunds.find((r) => r.captureId === forged.purchase_units[0].payments!.captures[0].id);
    expect(refund).toMatchObject({
      amount: { value: '1.00', currency_code: 'USD' },
      requestId: `refund-${refund!.captureId}`,
    });
    expect(await read(order._id, token)).toMatchObject({ isPaid: false, paymentResult: null });
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`refunded capture ${refund!.captureId}.*${order._id}`)),
    );
  });

  it('a PayPal order for this order already captured elsewhere (its browser) at a smaller amount: refunded, 409, order unpaid', async () => {
    const token = await newCustomer();
    const order = await newOrder(token);
    const captured = paypal.completedOrder('1.00', 'USD', undefined, order._id);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await capture(order._id, token, captured.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Your PayPal payment was refunded: .*Payment amount 1\.00 USD/);
    expect(paypal.capturesFor(order._id).map((c) => c.status)).toEqual(['REFUNDED']);
    expect(await read(order._id, token)).toMatchObject({ isPaid: false, paymentResult: null });
  });

  it('the hold expires while PayPal captures: the capture is refunded and the shopper told so (409)', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const later = new Date(now.getTime() + 49 * 3600_000);
    const earlier = now;
    paypal.afterCapture = async () => {
      now = later;
      expect(await shop.sweepExpired()).toBeGreaterThanOrEqual(1);
    };
    try {
      const res = await capture(order._id, token, paypalOrderId);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^Your PayPal payment was refunded: .*Order has expired/);
    } finally {
      now = earlier;
    }
    const [made] = paypal.capturesFor(order._id);
    expect(made.status).toBe('REFUNDED');
    expect(paypal.refunds.filter((r) => r.captureId === made.id)).toHaveLength(1);
    expect(await read(order._id, token)).toMatchObject({ status: 'expired', isPaid: false, paymentResult: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`refunded capture ${made.id}`));
  });

  it('the order got paid another way while PayPal captured: the second payment is refunded, the first kept', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    paypal.afterCapture = async () => {
      paypal.afterCapture = null;
      expect((await shop.call('PUT', `/api/orders/${order._id}/pay`, { token, body: { id: other.id } })).status).toBe(
        200,
      );
    };
    const res = await capture(order._id, token, paypalOrderId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/refunded.*Order is already paid/);
    const [made] = paypal.capturesFor(order._id);
    expect(made.status).toBe('REFUNDED');
    expect((await read(order._id, token)).paymentResult.id).toBe(other.purchase_units[0].payments!.captures[0].id);
  });

  it('refuses a malformed PayPal order id with a 400 before PayPal is asked', async () => {
    const token = await newCustomer();
    const order = await newOrder(token);
    const calls = paypal.captureRequests;
    for (const body of [
      {},
      { paypalOrderId: '' },
      { paypalOrderId: '../../v1/oauth2/token' },
      { paypalOrderId: 12 },
      { paypalOrderId: 'ORDER-1', extra: 1 },
    ]) {
      const res = await shop.call('POST', `/api/orders/${order._id}/capture`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(paypal.captureRequests).toBe(calls);
  });

  it('neither an admin nor another customer can capture a customer’s order (403), even with its approved PayPal order', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    for (const other of [await shop.adminToken(), await newCustomer()]) {
      expect((await capture(order._id, other, paypalOrderId)).status).toBe(403);
    }
    expect(paypal.capturesFor(order._id)).toEqual([]);
    expect((await capture(order._id, token, paypalOrderId)).status).toBe(200);
  });
});

// Issue 24, point 1: a capture is used only by the shop order it was made for, and a request for one order never
// refunds money another order holds (or could still claim).
describe('a PayPal order or capture of another shop order', () => {
  /** One shopper's paid order A and their new, unpaid order B (the attack needs nothing more). */
  async function paidAndUnpaid() {
    const a = await approvedOrder();
    expect((await capture(a.order._id, a.token, a.paypalOrderId)).status).toBe(200);
    const b = await newOrder(a.token);
    return { token: a.token, a: a.order, aPayPalOrderId: a.paypalOrderId, b };
  }

  it('capturing order B with paid order A’s PayPal order: 409, A’s capture not refunded, A still paid, B unpaid', async () => {
    const { token, a, aPayPalOrderId, b } = await paidAndUnpaid();
    const aBefore = await read(a._id, token);
    const refundsBefore = paypal.refunds.length;
    const res = await capture(b._id, token, aPayPalOrderId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/another order/);
    expect(res.body.message).not.toMatch(/refunded/);
    const [aCapture] = paypal.capturesFor(a._id);
    expect(aCapture.status).toBe('COMPLETED');
    expect(paypal.refunds.slice(refundsBefore)).toEqual([]);
    expect(await read(a._id, token)).toEqual(aBefore);
    expect(aBefore).toMatchObject({ isPaid: true, status: 'paid', paymentResult: { id: aCapture.id } });
    expect(await read(b._id, token)).toMatchObject({ isPaid: false, status: 'awaiting_payment', paymentResult: null });
  });

  it('the same attack on a B that can no longer be paid (expired): A’s capture not refunded', async () => {
    const { token, a, aPayPalOrderId, b } = await paidAndUnpaid();
    const refundsBefore = paypal.refunds.length;
    now = new Date(now.getTime() + 49 * 3600_000);
    try {
      await shop.sweepExpired();
      const res = await capture(b._id, token, aPayPalOrderId);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^Order has expired/);
    } finally {
      now = new Date(now.getTime() - 49 * 3600_000);
    }
    expect(paypal.refunds.slice(refundsBefore)).toEqual([]);
    expect(await read(a._id, token)).toMatchObject({ isPaid: true, status: 'paid' });
  });

  it('a replayed capture request (twice, then three at once): the same paid order each time, one capture, no refund', async () => {
    const { token, order, paypalOrderId } = await approvedOrder();
    const refundsBefore = paypal.refunds.length;
    const first = await capture(order._id, token, paypalOrderId);
    expect(first.status).toBe(200);
    const again = await capture(order._id, token, paypalOrderId);
    const together = await Promise.all([1, 2, 3].map(() => capture(order._id, token, paypalOrderId)));
    for (const res of [again, ...together]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual(first.body);
    }
    expect(paypal.capturesFor(order._id)).toHaveLength(1);
    expect(paypal.refunds.length).toBe(refundsBefore);
  });

  it('capturing order B with order A’s approved, uncaptured PayPal order: 409, nothing captured or refunded; A pays with it afterwards', async () => {
    const mine = await approvedOrder();
    const theirs = await approvedOrder();
    const refundsBefore = paypal.refunds.length;
    const res = await capture(mine.order._id, mine.token, theirs.paypalOrderId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/another order/);
    expect(paypal.orders.get(theirs.paypalOrderId)!.status).toBe('APPROVED');
    expect(paypal.capturesFor(theirs.order._id)).toEqual([]);
    expect(paypal.refunds.length).toBe(refundsBefore);
    expect(await read(mine.order._id, mine.token)).toMatchObject({ isPaid: false, paymentResult: null });
    expect(await capture(theirs.order._id, theirs.token, theirs.paypalOrderId)).toMatchObject({
      status: 200,
      body: { isPaid: true, paymentResult: { id: paypal.capturesFor(theirs.order._id)[0].id } },
    });
    // And B still pays with its own.
    expect((await capture(mine.order._id, mine.token, mine.paypalOrderId)).status).toBe(200);
  });

  it('a PayPal order naming no shop order, or made for a smaller amount, is not captured: 409, nothing taken', async () => {
    const token = await newCustomer();
    const order = await newOrder(token);
    const refundsBefore = paypal.refunds.length;
    for (const made of [
      paypal.approvedOrder({ amount: order.totalPrice.toFixed(2) }),
      paypal.approvedOrder({ amount: order.totalPrice.toFixed(2), customId: 'ffffffffffffffffffffffff' }),
      paypal.approvedOrder({ amount: '1.00', customId: order._id }),
    ]) {
      const res = await capture(order._id, token, made.id);
      expect(res.status, made.purchase_units[0].custom_id).toBe(409);
      expect(paypal.orders.get(made.id)!.status).toBe('APPROVED');
    }
    expect(paypal.refunds.length).toBe(refundsBefore);
    expect(await read(order._id, token)).toMatchObject({ isPaid: false, paymentResult: null });
  });
});

describe('PUT /api/orders/:id/pay in PayPal mode (the original clients)', () => {
  it('a PayPal payment made for order B (custom_id only) does not pay order A; B’s capture request then takes it, refunding nothing', async () => {
    const token = await newCustomer();
    const b = await newOrder(token);
    // A: the same product, so the same total (the payment for B then matches A's amount too).
    const placed = await shop.call('POST', '/api/orders', {
      token,
      body: { orderItems: [{ product: (b as any).orderItems[0].product, qty: 1 }], shippingAddress },
    });
    expect(placed.status).toBe(201);
    const a = placed.body as typeof b;
    expect(a.totalPrice).toBe(b.totalPrice);
    const forB = paypal.completedOrder(b.totalPrice.toFixed(2), 'USD', undefined, b._id);
    const refundsBefore = paypal.refunds.length;
    const res = await shop.call('PUT', `/api/orders/${a._id}/pay`, { token, body: { id: forB.id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/another order/);
    expect(await read(a._id, token)).toMatchObject({ isPaid: false, paymentResult: null });
    const paid = await capture(b._id, token, forB.id);
    expect(paid).toMatchObject({ status: 200, body: { isPaid: true } });
    expect(paid.body.paymentResult.id).toBe(forB.purchase_units[0].payments!.captures[0].id);
    expect(paypal.refunds.length).toBe(refundsBefore);
  });

  it('an admin cannot pay a customer’s order, even with a valid capture', async () => {
    const token = await newCustomer();
    const order = await newOrder(token);
    const captured = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    const res = await shop.call('PUT', `/api/orders/${order._id}/pay`, {
      token: await shop.adminToken(),
      body: { id: captured.id },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only the customer who placed this order can pay it');
    expect((await read(order._id, token)).isPaid).toBe(false);
    expect((await shop.call('PUT', `/api/orders/${order._id}/pay`, { token, body: { id: captured.id } })).status).toBe(
      200,
    );
  });
});
