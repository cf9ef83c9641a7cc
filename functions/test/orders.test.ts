import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, shippingAddress, startTestShop, stockOf, type TestShop } from './support/shop.js';

let shop: TestShop;
let now = new Date('2026-03-01T10:00:00Z');
const clock = { now: () => new Date(now) };

beforeAll(async () => {
  shop = await startTestShop({}, { clock });
});
afterAll(() => shop.close());

/** A fresh product with a given price and stock (admin API). */
const product = (price: number, countInStock: number, name = `Order Test ${Math.random().toString(36).slice(2, 8)}`) =>
  createProduct(shop, price, countInStock, name);

async function place(token: string, lines: { product: string; qty: number }[], extra: Record<string, unknown> = {}) {
  return shop.call('POST', '/api/orders', {
    token,
    body: { orderItems: lines, shippingAddress, paymentMethod: 'PayPal', ...extra },
  });
}

describe('POST /api/orders', () => {
  it('prices from the database and ignores client prices and totals', async () => {
    const p = await product(89.99, 10);
    const alice = await shop.aliceToken();
    const res = await place(alice, [{ product: p._id, qty: 3 }], {
      itemsPrice: 0.01,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 0.01,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      itemsPrice: 269.97,
      shippingPrice: 0,
      taxPrice: 40.5,
      totalPrice: 310.47,
      isPaid: false,
      isDelivered: false,
    });
    expect(res.body.orderItems[0]).toMatchObject({ product: p._id, name: p.name, price: 89.99, qty: 3 });
    expect(res.body.user.email).toBe('alice@voltshop.test');
    expect(res.body.status).toBe('awaiting_payment');
    expect(await stockOf(shop, p._id)).toBe(7);
  });

  it('ignores a forged line price too', async () => {
    const p = await product(50, 5);
    const res = await place(await shop.aliceToken(), [
      { product: p._id, qty: 1, price: 0.01, name: 'cheap', countInStock: 99 } as any,
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ itemsPrice: 50, shippingPrice: 100, taxPrice: 7.5, totalPrice: 157.5 });
    expect(res.body.orderItems[0].name).toBe(p.name);
  });

  it("refuses an empty order with 'No order items'", async () => {
    const res = await place(await shop.aliceToken(), []);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('No order items');
  });

  it('refuses bad quantities and unknown products, taking no stock', async () => {
    const p = await product(10, 5);
    const alice = await shop.aliceToken();
    for (const qty of [0, -2, 1.5, '2', null]) {
      expect((await place(alice, [{ product: p._id, qty: qty as number }])).status).toBe(400);
    }
    const unknown = await place(alice, [
      { product: p._id, qty: 1 },
      { product: 'ffffffffffffffffffffffff', qty: 1 },
    ]);
    expect(unknown.status).toBe(404);
    expect(await stockOf(shop, p._id)).toBe(5);
  });

  it('refuses more than the stock with a 409 naming the product, taking nothing', async () => {
    const a = await product(10, 5, 'Stocky Cable');
    const b = await product(10, 2, 'Scarce Charger');
    const res = await place(await shop.aliceToken(), [
      { product: a._id, qty: 2 },
      { product: b._id, qty: 3 },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Scarce Charger');
    expect(await stockOf(shop, a._id)).toBe(5); // the first line's stock was given back by the rollback
    expect(await stockOf(shop, b._id)).toBe(2);
  });

  it('never oversells under concurrent orders', async () => {
    const p = await product(5, 10);
    const [alice, bob] = await Promise.all([shop.aliceToken(), shop.bobToken()]);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => place(i % 2 ? alice : bob, [{ product: p._id, qty: 1 }])),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body.message).toContain(p.name);
    expect(await stockOf(shop, p._id)).toBe(0);
    expect(new Set(ok.map((r) => r.body._id)).size).toBe(10);
  });

  it('needs a signed-in user', async () => {
    expect((await shop.call('POST', '/api/orders', { body: { orderItems: [] } })).status).toBe(401);
  });
});

describe('reading orders', () => {
  it('only the owner or an admin can read an order (no IDOR)', async () => {
    const p = await product(20, 5);
    const order = (await place(await shop.aliceToken(), [{ product: p._id, qty: 1 }])).body;
    expect((await shop.call('GET', `/api/orders/${order._id}`, { token: await shop.aliceToken() })).status).toBe(200);
    expect((await shop.call('GET', `/api/orders/${order._id}`, { token: await shop.adminToken() })).status).toBe(200);
    expect((await shop.call('GET', `/api/orders/${order._id}`, { token: await shop.bobToken() })).status).toBe(403);
    expect((await shop.call('GET', `/api/orders/${order._id}`)).status).toBe(401);
    expect(
      (await shop.call('GET', '/api/orders/ffffffffffffffffffffffff', { token: await shop.aliceToken() })).status,
    ).toBe(404);
    expect((await shop.call('GET', '/api/orders/%24where', { token: await shop.aliceToken() })).status).toBe(404);
  });

  it('my orders lists only mine; all orders is admin only', async () => {
    const mine = await shop.call('GET', '/api/orders/myorders', { token: await shop.bobToken() });
    expect(mine.status).toBe(200);
    for (const o of mine.body) expect(o.user.email).toBe('bob@voltshop.test');
    expect((await shop.call('GET', '/api/orders', { token: await shop.bobToken() })).status).toBe(403);
    const all = await shop.call('GET', '/api/orders', { token: await shop.adminToken() });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(mine.body.length);
  });
});

describe('pay and deliver (simulated payments)', () => {
  it('pays once; a second pay is refused; a non-owner cannot pay', async () => {
    const p = await product(30, 5);
    const alice = await shop.aliceToken();
    const order = (await place(alice, [{ product: p._id, qty: 1 }])).body;
    expect(
      (
        await shop.call('PUT', `/api/orders/${order._id}/pay`, {
          token: await shop.bobToken(),
          body: { simulated: true },
        })
      ).status,
    ).toBe(403);

    const paid = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } });
    expect(paid.status).toBe(200);
    expect(paid.body.isPaid).toBe(true);
    expect(paid.body.paidAt).toBe(now.toISOString());
    expect(paid.body.paymentResult).toMatchObject({
      provider: 'simulated',
      status: 'COMPLETED',
      amount: '134.50',
      currency: 'USD',
    });

    const again = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Order is already paid');
  });

  it('concurrent pays: exactly one succeeds', async () => {
    const p = await product(30, 5);
    const alice = await shop.aliceToken();
    const order = (await place(alice, [{ product: p._id, qty: 1 }])).body;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
  });

  it('delivers only paid orders, once, by an admin', async () => {
    const p = await product(30, 5);
    const alice = await shop.aliceToken();
    const admin = await shop.adminToken();
    const order = (await place(alice, [{ product: p._id, qty: 1 }])).body;
    const unpaid = await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('Order is not paid yet');
    await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } });
    expect((await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: alice })).status).toBe(403);
    const delivered = await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ isDelivered: true, status: 'delivered', deliveredAt: now.toISOString() });
    expect((await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin })).status).toBe(409);
  });

  it('simulated payments are refused in production', async () => {
    const prod = await startTestShop({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
    try {
      const alice = await prod.aliceToken();
      const top = await prod.call('GET', '/api/products/top');
      const order = (
        await prod.call('POST', '/api/orders', {
          token: alice,
          body: { orderItems: [{ product: top.body[0]._id, qty: 1 }], shippingAddress },
        })
      ).body;
      const res = await prod.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Test payments are disabled in production');
      expect((await prod.call('GET', `/api/orders/${order._id}`, { token: alice })).body.isPaid).toBe(false);
    } finally {
      await prod.close();
    }
  });
});

describe('stock holds', () => {
  it('expires unpaid orders after the hold and returns their stock; expired orders cannot be paid', async () => {
    const p = await product(10, 4);
    const alice = await shop.aliceToken();
    const order = (await place(alice, [{ product: p._id, qty: 3 }])).body;
    expect(order.expiresAt).toBe(new Date(now.getTime() + 30 * 60_000).toISOString()); // the default hold: 30 minutes
    expect(await stockOf(shop, p._id)).toBe(1);

    now = new Date(now.getTime() + 29 * 60_000);
    expect(await shop.sweepExpired()).toBe(0);
    expect(await stockOf(shop, p._id)).toBe(1);

    now = new Date(now.getTime() + 2 * 60_000);
    // even before the sweep runs, an order past its hold cannot be paid
    expect(
      (await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } })).status,
    ).toBe(409);
    expect(await shop.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(shop, p._id)).toBe(4);
    const expired = (await shop.call('GET', `/api/orders/${order._id}`, { token: alice })).body;
    expect(expired).toMatchObject({ status: 'expired', isPaid: false });
    const pay = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toMatch(/expired/);
    // sweeping again returns nothing twice
    await shop.sweepExpired();
    expect(await stockOf(shop, p._id)).toBe(4);
  });
});
