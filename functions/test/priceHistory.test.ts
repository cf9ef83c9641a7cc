// Issue 41 through the API: a product answers its 30-day low beside a compare-at price only as the owner's setting
// (showLowestPrice30Days: auto, on, off) says, and GET /api/products/:id/price-history is the admin's only. What
// each store records is the store contract's (contract/priceHistory.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSettings } from '../src/domain/index.js';
import { productInput } from './support/products.js';
import { startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
let defaults: ShopSettings;
beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
  defaults = (await shop.call('GET', '/api/settings', { token: admin })).body;
});
afterAll(async () => {
  await shop.call('PUT', '/api/settings', { token: admin, body: defaults });
  await shop.close();
});

let made = 0;
const headphones = (price: number, compareAtPrice?: number, variantId?: string, sku = `OMNI-${made}`) =>
  productInput('Omnibus ANC', {
    options: [{ name: 'Colour', values: ['Black'] }],
    variants: [
      {
        ...(variantId ? { _id: variantId } : {}),
        sku,
        options: { Colour: 'Black' },
        price,
        ...(compareAtPrice === undefined ? {} : { compareAtPrice }),
        countInStock: 4,
      },
    ],
  });

/** A product saved at $100, then $120, then "$99, was $120": its 30-day low is $100. */
async function saleProduct(): Promise<{ id: string; variant: string }> {
  made += 1; // each product its own SKU
  const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
  const save = (body: unknown) => shop.call('PUT', `/api/products/${id}`, { token: admin, body });
  const first = await save(headphones(100));
  expect(first.status).toBe(200);
  const variant = first.body.variants[0]._id as string;
  expect((await save(headphones(120, undefined, variant))).status).toBe(200);
  expect((await save(headphones(99, 120, variant))).status).toBe(200);
  return { id, variant };
}

const setting = async (showLowestPrice30Days: string, shippingCountries: string[]) => {
  const res = await shop.call('PUT', '/api/settings', {
    token: admin,
    body: {
      ...defaults,
      showLowestPrice30Days,
      shipping: { ...defaults.shipping, countries: shippingCountries.map((country) => ({ country, price: 5 })) },
    },
  });
  expect(res.status).toBe(200);
};

describe('the 30-day low beside a sale price, as the settings say', () => {
  let sale: { id: string; variant: string };
  beforeAll(async () => {
    sale = await saleProduct();
  });
  const product = async () => (await shop.call('GET', `/api/products/${sale.id}`)).body;
  const listed = async () =>
    (await shop.call('GET', '/api/products?keyword=omnibus')).body.products.find(
      (p: { _id: string }) => p._id === sale.id,
    );

  it('auto: hidden for a shop that ships to no EU country, shown once it ships to one', async () => {
    await setting('auto', ['US']);
    expect(await product()).toMatchObject({ price: 99, compareAtPrice: 120 });
    expect((await product()).lowestPrice30Days).toBeUndefined();
    expect((await product()).variants[0].lowestPrice30Days).toBeUndefined();
    await setting('auto', ['US', 'DE']);
    expect(await product()).toMatchObject({ price: 99, compareAtPrice: 120, lowestPrice30Days: 100 });
    expect((await product()).variants[0]).toMatchObject({ lowestPrice30Days: 100 });
    expect(await listed()).toMatchObject({ lowestPrice30Days: 100 });
  });

  it('on: shown without an EU country; off: hidden even with one (product, list and compare answers)', async () => {
    await setting('on', []);
    expect(await product()).toMatchObject({ lowestPrice30Days: 100 });
    await setting('off', ['FR']);
    expect((await product()).lowestPrice30Days).toBeUndefined();
    expect((await product()).variants[0].lowestPrice30Days).toBeUndefined();
    expect((await listed()).lowestPrice30Days).toBeUndefined();
    expect(JSON.stringify(await listed())).not.toContain('lowestPrice30Days');
  });

  it('refuses a setting outside auto, on, off', async () => {
    const res = await shop.call('PUT', '/api/settings', {
      token: admin,
      body: { ...defaults, showLowestPrice30Days: 'always' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Lowest price in the last 30 days must be auto, on or off');
  });
});

describe('GET /api/products/:id/price-history', () => {
  it('answers the admin each change, newest first: who, when, from, to, variant', async () => {
    const { id, variant } = await saleProduct();
    const adminId = (await shop.call('GET', '/api/users/profile', { token: admin })).body._id;
    const res = await shop.call('GET', `/api/products/${id}/price-history`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entries: [
        { at: expect.any(String), by: adminId, variant, fromCents: 12_000, toCents: 9_900 },
        { at: expect.any(String), by: adminId, variant, fromCents: 10_000, toCents: 12_000 },
        { at: expect.any(String), by: adminId, variant, fromCents: null, toCents: 10_000 },
      ],
      nextBefore: null,
    });
  });

  it('is the admin’s only: a customer 403, no token 401, an unknown product 404, a forged cursor 400', async () => {
    const { id } = await saleProduct();
    const alice = await shop.aliceToken();
    expect((await shop.call('GET', `/api/products/${id}/price-history`, { token: alice })).status).toBe(403);
    expect((await shop.call('GET', `/api/products/${id}/price-history`)).status).toBe(401);
    const unknown = await shop.call('GET', '/api/products/00000000000000000000000a/price-history', { token: admin });
    expect(unknown.status).toBe(404);
    const forged = await shop.call('GET', `/api/products/${id}/price-history?before=abc`, { token: admin });
    expect(forged.status).toBe(400);
  });
});
