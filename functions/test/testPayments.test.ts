// Test payments that mean it (issue 13, point 8): in simulated mode the shop takes only its own labelled test
// payment, and only from the customer who placed the order. Anything else is a 400 saying the shop runs in
// test-payment mode, and the order stays unpaid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT } from '../src/domain/index.js';
import { placeOneUnitOrder, registerCustomer, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const newCustomer = () => registerCustomer(shop, 'test-pay');
const newOrder = (token: string) => placeOneUnitOrder(shop, token);

async function expectUnpaid(orderId: string, token: string) {
  const order = (await shop.call('GET', `/api/orders/${orderId}`, { token })).body;
  expect(order).toMatchObject({ isPaid: false, paidAt: null, paymentResult: null, status: 'awaiting_payment' });
}

const TEST_MODE = /test-payment mode/;

describe('simulated mode: only the shop’s own test payment', () => {
  it('refuses {}, a FAILED status, a PayPal-shaped capture and near-miss labels with a 400 naming test-payment mode', async () => {
    const owner = await newCustomer();
    const order = await newOrder(owner);
    const paypalShaped = {
      id: '5O190127TN364715T',
      status: 'COMPLETED',
      payer: { email_address: 'buyer@example.com' },
      purchase_units: [
        {
          reference_id: order._id,
          payments: {
            captures: [
              {
                id: '3C679366HH908993F',
                status: 'COMPLETED',
                amount: { value: order.totalPrice.toFixed(2), currency_code: 'USD' },
              },
            ],
          },
        },
      ],
    };
    const refused: unknown[] = [
      {},
      { status: 'FAILED' },
      { status: 'COMPLETED' },
      paypalShaped,
      { simulated: 'true' },
      { simulated: 1 },
      { simulated: false },
      { simulated: true, status: 'FAILED' },
      { simulated: true, id: 'CAPTURE-1' },
      [{ simulated: true }],
    ];
    for (const body of refused) {
      const res = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(TEST_MODE);
    }
    // No body at all is refused too.
    const empty = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: owner });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(TEST_MODE);
    await expectUnpaid(order._id, owner);
  });

  it('accepts exactly { simulated: true } from the owner, for the stored total', async () => {
    const owner = await newCustomer();
    const order = await newOrder(owner);
    const res = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: owner, body: { simulated: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isPaid: true, status: 'paid' });
    expect(res.body.paymentResult).toMatchObject({
      provider: 'simulated',
      status: 'COMPLETED',
      amount: order.totalPrice.toFixed(2),
      currency: 'USD',
    });
  });

  it('an admin cannot pay a customer’s order (403, order unchanged); an admin pays their own order', async () => {
    const owner = await newCustomer();
    const order = await newOrder(owner);
    const admin = await shop.adminToken();
    const res = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: admin, body: { simulated: true } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only the customer who placed this order can pay it');
    await expectUnpaid(order._id, owner);

    const own = await newOrder(admin);
    expect(
      (await shop.call('PUT', `/api/orders/${own._id}/pay`, { token: admin, body: { simulated: true } })).status,
    ).toBe(200);
  });

  it('the PayPal routes are refused in test-payment mode, before anything is created or captured', async () => {
    const owner = await newCustomer();
    const order = await newOrder(owner);
    const create = await shop.call('POST', `/api/orders/${order._id}/paypal-order`, { token: owner });
    expect(create.status).toBe(400);
    expect(create.body.message).toMatch(TEST_MODE);
    const capture = await shop.call('POST', `/api/orders/${order._id}/capture`, {
      token: owner,
      body: { paypalOrderId: 'ORDER-1' },
    });
    expect(capture.status).toBe(400);
    expect(capture.body.message).toMatch(TEST_MODE);
    await expectUnpaid(order._id, owner);
  });

  it('the PayPal routes are the owner’s alone, as pay is', async () => {
    const owner = await newCustomer();
    const order = await newOrder(owner);
    for (const token of [await shop.adminToken(), await newCustomer()]) {
      expect((await shop.call('POST', `/api/orders/${order._id}/paypal-order`, { token })).status).toBe(403);
      expect(
        (await shop.call('POST', `/api/orders/${order._id}/capture`, { token, body: { paypalOrderId: 'ORDER-1' } }))
          .status,
      ).toBe(403);
    }
    await expectUnpaid(order._id, owner);
  });
});

describe('simulated mode: a test payment pays one order, once', () => {
  it('paying twice, in a row or at once, pays once: one payment kept, the others a 409', async () => {
    const owner = await newCustomer();
    const order = await newOrder(owner);
    const pay = () => shop.call('PUT', `/api/orders/${order._id}/pay`, { token: owner, body: { simulated: true } });
    const first = await pay();
    expect(first.status).toBe(200);
    const again = [await pay(), ...(await Promise.all([pay(), pay(), pay()]))];
    for (const res of again) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Order is already paid');
    }
    const concurrentOrder = await newOrder(owner);
    const together = await Promise.all(
      [1, 2, 3, 4].map(() =>
        shop.call('PUT', `/api/orders/${concurrentOrder._id}/pay`, { token: owner, body: { simulated: true } }),
      ),
    );
    expect(together.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const stored = (await shop.call('GET', `/api/orders/${order._id}`, { token: owner })).body;
    expect(stored.paymentResult).toEqual(first.body.paymentResult);
  });

  it('one order’s test payment cannot be applied to another order, and each order gets its own payment', async () => {
    const owner = await newCustomer();
    const a = await newOrder(owner);
    const b = await newOrder(owner);
    const paidA = await shop.call('PUT', `/api/orders/${a._id}/pay`, { token: owner, body: { simulated: true } });
    expect(paidA.status).toBe(200);
    // What A's payment looked like, sent as B's payment: refused (only the labelled test payment is taken).
    for (const body of [paidA.body.paymentResult, { id: paidA.body.paymentResult.id }, { ...TEST_PAYMENT, id: 'x' }]) {
      const res = await shop.call('PUT', `/api/orders/${b._id}/pay`, { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    await expectUnpaid(b._id, owner);
    // The PayPal routes cannot move a test payment either.
    const capture = await shop.call('POST', `/api/orders/${b._id}/capture`, {
      token: owner,
      body: { paypalOrderId: paidA.body.paymentResult.id },
    });
    expect(capture.status).toBe(400);
    await expectUnpaid(b._id, owner);
    const paidB = await shop.call('PUT', `/api/orders/${b._id}/pay`, { token: owner, body: { simulated: true } });
    expect(paidB.status).toBe(200);
    expect(paidB.body.paymentResult.id).not.toBe(paidA.body.paymentResult.id);
    expect((await shop.call('GET', `/api/orders/${a._id}`, { token: owner })).body.paymentResult).toEqual(
      paidA.body.paymentResult,
    );
  });
});
