import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payPalSettings, startFakePayPal, type FakePayPal } from './support/fakePayPal.js';
import { placeAliceOrder, startTestShop, type TestShop } from './support/shop.js';

let paypal: FakePayPal;
let shop: TestShop;

beforeAll(async () => {
  paypal = await startFakePayPal();
  shop = await startTestShop(payPalSettings(paypal, { PAYPAL_TIMEOUT_MS: '2000' })); // not less: a loaded machine's first token fetch took over 500 ms
});
afterAll(async () => {
  await shop.close();
  await paypal.close();
});
beforeEach(() => {
  paypal.delayMs = 0;
  paypal.down = false;
});

const newOrder = () => placeAliceOrder(shop);

const pay = async (orderId: string, body: unknown, token?: string) =>
  shop.call('PUT', `/api/orders/${orderId}/pay`, { token: token ?? (await shop.aliceToken()), body });

const unchanged = async (orderId: string) => {
  const order = (await shop.call('GET', `/api/orders/${orderId}`, { token: await shop.aliceToken() })).body;
  expect(order.isPaid).toBe(false);
  expect(order.paymentResult).toBeNull();
};

describe('PayPal payments, verified with the (fake) PayPal API', () => {
  it('announces PayPal mode and the client id', async () => {
    expect((await shop.call('GET', '/api/config')).body).toMatchObject({
      paymentMode: 'paypal',
      paypalClientId: 'test-client',
      currency: 'USD',
    });
    const text = await shop.call('GET', '/api/config/paypal');
    expect(text.body).toBe('test-client');
    expect(text.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('marks the order paid when PayPal shows a completed capture of the exact total', async () => {
    const order = await newOrder();
    const captured = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', order._id);
    const res = await pay(order._id, { id: captured.id, status: 'COMPLETED', payer: { email_address: 'x@y.z' } });
    expect(res.status).toBe(200);
    expect(res.body.isPaid).toBe(true);
    expect(res.body.paymentResult).toMatchObject({
      provider: 'paypal',
      id: captured.purchase_units[0].payments!.captures[0].id,
      amount: order.totalPrice.toFixed(2),
      currency: 'USD',
      email: 'buyer@example.com',
    });
  });

  it('refuses a replayed capture for another order', async () => {
    const first = await placeAliceOrder(shop, { minStock: 2 });
    const second = await placeAliceOrder(shop, { productId: first.orderItems[0].product }); // the same total
    expect(first.totalPrice).toBe(second.totalPrice);
    const captured = paypal.completedOrder(first.totalPrice.toFixed(2));
    expect((await pay(first._id, { id: captured.id })).status).toBe(200);
    const replay = await pay(second._id, { id: captured.id });
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe('This payment was already used for an order');
    await unchanged(second._id);
  });

  it('refuses an amount or currency that does not match the order', async () => {
    const order = await newOrder();
    const cheap = paypal.completedOrder('1.00');
    const res = await pay(order._id, { id: cheap.id, status: 'COMPLETED' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/does not match the order total/);
    const euros = paypal.completedOrder(order.totalPrice.toFixed(2), 'EUR');
    expect((await pay(order._id, { id: euros.id })).status).toBe(409);
    await unchanged(order._id);
  });

  it('refuses a capture that is not COMPLETED, and client claims are not trusted', async () => {
    const order = await newOrder();
    const pending = paypal.completedOrder(order.totalPrice.toFixed(2));
    pending.status = 'APPROVED';
    pending.purchase_units[0].payments!.captures[0].status = 'PENDING';
    const res = await pay(order._id, { id: pending.id, status: 'COMPLETED' });
    expect(res.status).toBe(409);
    await unchanged(order._id);
  });

  it('refuses a capture for another shop order (reference id)', async () => {
    const order = await newOrder();
    const other = paypal.completedOrder(order.totalPrice.toFixed(2), 'USD', 'ffffffffffffffffffffffff');
    expect((await pay(order._id, { id: other.id })).status).toBe(409);
    await unchanged(order._id);
  });

  it('refuses unknown or malformed PayPal ids and the simulated payload', async () => {
    const order = await newOrder();
    expect((await pay(order._id, { id: 'ORDER-DOESNOTEXIST' })).status).toBe(400);
    expect((await pay(order._id, { id: '../../v1/oauth2/token' })).status).toBe(400);
    expect((await pay(order._id, { simulated: true })).status).toBe(400);
    expect((await pay(order._id, {})).status).toBe(400);
    await unchanged(order._id);
  });

  it('PayPal down or slow: a clear 503, the order unchanged, and it works once PayPal is back', async () => {
    const order = await newOrder();
    const captured = paypal.completedOrder(order.totalPrice.toFixed(2));
    paypal.down = true;
    const down = await pay(order._id, { id: captured.id });
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/PayPal/);
    paypal.down = false;
    paypal.delayMs = 5000; // over PAYPAL_TIMEOUT_MS=2000
    const slow = await pay(order._id, { id: captured.id });
    expect(slow.status).toBe(503);
    expect(slow.body.message).toMatch(/did not answer in time/);
    await unchanged(order._id);
    paypal.delayMs = 0;
    expect((await pay(order._id, { id: captured.id })).status).toBe(200);
  });

  it('a non-owner cannot pay, even with a valid capture', async () => {
    const order = await newOrder();
    const captured = paypal.completedOrder(order.totalPrice.toFixed(2));
    expect((await pay(order._id, { id: captured.id }, await shop.bobToken())).status).toBe(403);
    await unchanged(order._id);
  });
});
