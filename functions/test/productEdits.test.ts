// PUT /api/products/:id with editedFrom (issue 13, "no lost updates"): a stale save is a 409 with the message the web
// shows; the stock is changed by what the admin changed, so sales made while the form was open stay sold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CHANGED_MESSAGE } from '../src/domain/index.js';
import { shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const fields = (over: Record<string, unknown> = {}) => ({
  name: 'Versioned Lamp',
  price: 25,
  image: '/images/sample.svg',
  brand: 'Volt',
  category: 'Lights',
  description: 'A lamp',
  countInStock: 5,
  ...over,
});

async function newProduct() {
  const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
  const res = await shop.call('PUT', `/api/products/${id}`, { token: admin, body: fields() });
  expect(res.status).toBe(200);
  return res.body as { _id: string; updatedAt: string; countInStock: number };
}

describe('PUT /api/products/:id with editedFrom', () => {
  it('keeps sales made while the form was open, and refuses the older form once saved (409)', async () => {
    const product = await newProduct();
    const editedFrom = { updatedAt: product.updatedAt, countInStock: product.countInStock };
    const buyer = await shop.aliceToken();
    const order = await shop.call('POST', '/api/orders', {
      token: buyer,
      body: { orderItems: [{ product: product._id, qty: 2 }], shippingAddress },
    });
    expect(order.status).toBe(201);

    const saved = await shop.call('PUT', `/api/products/${product._id}`, {
      token: admin,
      body: { ...fields({ description: 'Brighter', countInStock: 6 }), editedFrom },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ description: 'Brighter', countInStock: 4 }); // 5 - 2 sold + 1 added
    expect(saved.body).not.toHaveProperty('editedFrom');

    const stale = await shop.call('PUT', `/api/products/${product._id}`, {
      token: admin,
      body: { ...fields({ description: 'Old tab' }), editedFrom },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PRODUCT_CHANGED_MESSAGE);
    expect((await shop.call('GET', `/api/products/${product._id}`)).body).toMatchObject({
      description: 'Brighter',
      countInStock: 4,
    });
  });

  it('refuses a malformed editedFrom with a 400 naming it', async () => {
    const product = await newProduct();
    for (const editedFrom of [
      'yesterday',
      { updatedAt: 'not a date', countInStock: 1 },
      { updatedAt: product.updatedAt, countInStock: -1 },
      { updatedAt: product.updatedAt, countInStock: 1, extra: true },
    ]) {
      const res = await shop.call('PUT', `/api/products/${product._id}`, {
        token: admin,
        body: { ...fields(), editedFrom },
      });
      expect(res.status, JSON.stringify(editedFrom)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).join(' ')).toMatch(/^editedFrom/);
    }
  });

  it('keeps stock at most 1,000,000 when two forms each add 1,000,000, and the form saves the product again', async () => {
    const product = await newProduct(); // 5 in stock
    const editedFrom = { updatedAt: product.updatedAt, countInStock: product.countInStock };
    const first = await shop.call('PUT', `/api/products/${product._id}`, {
      token: admin,
      body: { ...fields({ countInStock: 1_000_000 }), editedFrom },
    });
    expect(first.status).toBe(200);
    const second = await shop.call('PUT', `/api/products/${product._id}`, {
      token: admin,
      body: {
        ...fields({ countInStock: 1_000_000 }),
        editedFrom: { updatedAt: first.body.updatedAt, countInStock: 0 },
      },
    });
    expect(second.status).toBe(200);
    expect(second.body.countInStock).toBe(1_000_000);
    // The admin form sends what it loaded: that must still be a valid save.
    const again = await shop.call('PUT', `/api/products/${product._id}`, {
      token: admin,
      body: {
        ...fields({ description: 'Still editable', countInStock: second.body.countInStock }),
        editedFrom: { updatedAt: second.body.updatedAt, countInStock: second.body.countInStock },
      },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ description: 'Still editable', countInStock: 1_000_000 });
  });
});
