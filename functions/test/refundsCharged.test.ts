// Issue 36, point 1, over HTTP on the embedded backend: a refund of lines (the admin's refund by items, a return's
// approval) pays what those units cost as charged, with the order's discount and its tax as the order computed them.
// The rule itself: domain/unitCharges.test.ts (its figures and properties); the stores: contract/refunds.contract.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSettings } from '../src/domain/index.js';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let now = new Date('2026-03-01T10:00:00Z');
let shop: TestShop;
let admin: string;
beforeAll(async () => {
  shop = await startTestShop({}, { clock: { now: () => new Date(now) } });
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const unique = () => Math.random().toString(36).slice(2, 8);

/** A fresh customer's paid order of 2 × a fresh $400 product, with `couponCode` if given. */
async function paidTwoAt400(couponCode?: string) {
  const p = await createProduct(shop, 400, 10, `Charged ${unique()}`);
  const token = await registerCustomer(shop, 'charged');
  const placed = await shop.call('POST', '/api/orders', {
    token,
    body: {
      orderItems: [{ product: p._id, qty: 2 }],
      shippingAddress,
      paymentMethod: 'PayPal',
      ...(couponCode ? { couponCode } : {}),
    },
  });
  expect(placed.status).toBe(201);
  const paid = await shop.call('PUT', `/api/orders/${placed.body._id}/pay`, { token, body: { simulated: true } });
  expect(paid.status).toBe(200);
  return { order: paid.body, product: p._id, token };
}

describe('a refund of lines pays what the units cost as charged (issue 36)', () => {
  it("50% off 2 × $400, paid $460: the admin's refund of one unit pays $230, of the other the rest of the goods", async () => {
    const code = `HALF${unique().toUpperCase()}`;
    const created = await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code, percentOff: 50, active: true },
    });
    expect(created.status).toBe(201);
    const { order, product } = await paidTwoAt400(code);
    expect(order).toMatchObject({ itemsPrice: 800, discountPrice: 400, taxPrice: 60, totalPrice: 460 });
    const path = `/api/orders/${order._id}/refunds`;
    const one = await shop.call('POST', path, { token: admin, body: { items: [{ product, qty: 1 }] } });
    expect(one.status).toBe(201);
    expect(one.body.refunds.map((r: { amount: number }) => r.amount)).toEqual([230]);
    const other = await shop.call('POST', path, { token: admin, body: { items: [{ product, qty: 1 }] } });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ refundedTotal: 460, paymentStatus: 'refunded' });
  });

  it('20% tax included in prices, 2 × $400 = $800 paid: the received return of one unit pays $400', async () => {
    const before = (await shop.call('GET', '/api/settings', { token: admin })).body as ShopSettings;
    const included: ShopSettings = { ...before, tax: { ...before.tax, defaultPercent: 20, pricesIncludeTax: true } };
    expect((await shop.call('PUT', '/api/settings', { token: admin, body: included })).status).toBe(200);
    try {
      const { order, product, token } = await paidTwoAt400();
      expect(order).toMatchObject({ itemsPrice: 800, taxPrice: 133.33, shippingPrice: 0, totalPrice: 800 });
      await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin });
      now = new Date(now.getTime() + 86_400_000);
      const asked = await shop.call('POST', `/api/orders/${order._id}/returns`, {
        token,
        body: { items: [{ product, qty: 1 }], reason: 'Too big' },
      });
      expect(asked.status).toBe(201);
      const approved = await shop.call('PUT', `/api/orders/${order._id}/returns/${asked.body.returns[0].id}`, {
        token: admin,
        body: { action: 'receive' },
      });
      expect(approved.status).toBe(200);
      expect(approved.body.refunds.map((r: { amount: number }) => r.amount)).toEqual([400]);
      expect(approved.body.refundedTotal).toBe(400);
    } finally {
      expect((await shop.call('PUT', '/api/settings', { token: admin, body: before })).status).toBe(200);
    }
  });
});
