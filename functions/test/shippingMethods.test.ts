// Issue 40 over HTTP: a state or province on the address, tax by state and a shipping method chosen with
// `shippingMethod` on POST /api/orders and /guest (the cheapest when absent: the original clients), the method's
// price inside the `expectedTotal` check, and the settings that hold them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSettings } from '../src/domain/settings.js';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
let customer: string;

const austin = { address: '1 Congress Ave', city: 'Austin', state: 'Texas', postalCode: '78701', country: 'USA' };

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
  customer = await registerCustomer(shop, 'methods');
  const defaults = (await shop.call('GET', '/api/settings', { token: admin })).body as ShopSettings;
  const body = { ...defaults, tax: { ...defaults.tax, states: [{ country: 'US', state: 'TX', percent: 8.25 }] } };
  expect((await shop.call('PUT', '/api/settings', { token: admin, body })).status).toBe(200);
});
afterAll(() => shop.close());

let seq = 0;
const product = async () => (await createProduct(shop, 40, 20, `Method Lamp ${Date.now()}-${++seq}`))._id;

describe('POST /api/orders with a state and a shipping method (issue 40)', () => {
  it("records Express and the state's code, charging Express and Texas's tax", async () => {
    const id = await product();
    const res = await shop.call('POST', '/api/orders', {
      token: customer,
      body: {
        orderItems: [{ product: id, qty: 1 }],
        shippingAddress: austin,
        shippingMethod: 'express',
        expectedTotal: 193.3,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      shippingAddress: { state: 'TX', country: 'US' },
      shippingMethod: { id: 'express', label: 'Express', days: { min: 1, max: 3 } },
      shippingPrice: 150,
      taxPrice: 3.3,
      totalPrice: 193.3,
    });
  });

  it("the original clients' body (no state, no method) still places, at the cheapest method and the country's rate", async () => {
    const id = await product();
    const res = await shop.call('POST', '/api/orders', {
      token: customer,
      body: { orderItems: [{ product: id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ shippingPrice: 100, taxPrice: 6, totalPrice: 146 });
    expect(res.body.shippingMethod.id).toBe('standard');
  });

  it('refuses a method not offered, a state not of the country, and a total shown for Standard when Express is asked', async () => {
    const id = await product();
    const base = { orderItems: [{ product: id, qty: 1 }], shippingAddress: austin };
    const unknown = await shop.call('POST', '/api/orders', {
      token: customer,
      body: { ...base, shippingMethod: 'drone' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      "Shipping method drone is not offered to United States: choose one of the shop's methods",
    );
    const badState = await shop.call('POST', '/api/orders', {
      token: customer,
      body: { ...base, shippingAddress: { ...austin, state: 'Ontario' } },
    });
    expect(badState.status).toBe(400);
    expect(badState.body.message).toContain("State must be one of United States's");
    // Standard: $40 + $100 + $3.30 = $143.30 shown; Express asked: 409 with Express's figures.
    const moved = await shop.call('POST', '/api/orders', {
      token: customer,
      body: { ...base, shippingMethod: 'express', expectedTotal: 143.3 },
    });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ totalPrice: 193.3, shippingPrice: 150 });
  });

  it('a guest chooses a method too', async () => {
    const id = await product();
    const res = await shop.call('POST', '/api/orders/guest', {
      body: {
        orderItems: [{ product: id, qty: 1 }],
        shippingAddress: { ...austin, recipientName: 'Gil Guest' },
        shippingMethod: 'express',
        email: `methods-guest-${Date.now()}@voltshop.test`,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.shippingMethod.id).toBe('express');
  });

  it("settings: a client without issue 40's fields keeps the saved state rates and methods", async () => {
    const saved = (await shop.call('GET', '/api/settings', { token: admin })).body as ShopSettings;
    const { states: _states, ...oldTax } = saved.tax;
    const { standardDays: _days, methods: _methods, ...oldShipping } = saved.shipping;
    const res = await shop.call('PUT', '/api/settings', {
      token: admin,
      body: { ...saved, tax: oldTax, shipping: oldShipping },
    });
    expect(res.status).toBe(200);
    const after = (await shop.call('GET', '/api/settings/public')).body as ShopSettings;
    expect(after.tax.states).toEqual([{ country: 'US', state: 'TX', percent: 8.25 }]);
    expect(after.shipping.methods.map((m) => m.id)).toEqual(['express']);
  });
});
