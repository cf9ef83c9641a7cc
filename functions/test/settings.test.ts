// The owner's settings through the API (issue 30): the environment's values are the defaults, a save is in force
// for the next order at once (the cache hears SettingsSaved), each save is in the history, bad input is a 400.
// The storage rules are the store contract's (contract/settings.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ShopSettings } from '../src/domain/index.js';
import { createProduct, registerCustomer, SHOP_HOLD_LIMITS, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop({ ...SHOP_HOLD_LIMITS, ORDER_HOLD_MINUTES: '20' });
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const germanAddress = { address: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' };
const place = (token: string, productId: string, qty: number, shippingAddress = germanAddress) =>
  shop.call('POST', '/api/orders', {
    token,
    body: { orderItems: [{ product: productId, qty }], shippingAddress, paymentMethod: 'PayPal' },
  });

describe('settings through the API', () => {
  it('answers the defaults (the spec prices, the environment hold values) until the owner saves', async () => {
    const pub = await shop.call('GET', '/api/settings/public');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({ ...DEFAULT_SETTINGS, holdMinutes: 20 });
    expect((await shop.call('GET', '/api/settings', { token: admin })).body).toEqual(pub.body);
  });

  it('a saved change prices the next order for its country, sets the limits and the hold, and is recorded', async () => {
    const before = (await shop.call('GET', '/api/settings', { token: admin })).body as ShopSettings;
    const p = await createProduct(shop, 50, 100, 'Settings Kettle');
    const shopper = await registerCustomer(shop, 'settings');
    // Defaults: the spec's totals.
    const spec = await place(shopper, p._id, 1);
    expect(spec.body).toMatchObject({ itemsPrice: 50, shippingPrice: 100, taxPrice: 7.5, totalPrice: 157.5 });

    const changed: ShopSettings = {
      ...before,
      tax: { ...before.tax, countries: [{ country: 'DE', percent: 19 }] },
      // A country's name (or an alias) is saved as its ISO code.
      shipping: { ...before.shipping, countries: [{ country: 'Germany', price: 4.9 }] },
      limits: { ...before.limits, maxUnitsPerProduct: 2 },
      holdMinutes: 90,
    };
    const saved = await shop.call('PUT', '/api/settings', { token: admin, body: changed });
    expect(saved.status).toBe(200);
    const stored = { ...changed, shipping: { ...changed.shipping, countries: [{ country: 'DE', price: 4.9 }] } };
    expect(saved.body).toEqual(stored);
    expect((await shop.call('GET', '/api/settings/public')).body).toEqual(stored);

    const de = await place(shopper, p._id, 1);
    expect(de.status).toBe(201);
    expect(de.body).toMatchObject({ shippingPrice: 4.9, taxPrice: 9.5, totalPrice: 64.4 });
    expect(new Date(de.body.expiresAt).getTime() - new Date(de.body.createdAt).getTime()).toBe(90 * 60_000);
    // The new per-product limit (2 in all; the two orders above hold 2).
    const refused = await place(shopper, p._id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/At most 2 of Settings Kettle may be held per customer/);

    const history = await shop.call('GET', '/api/settings/history', { token: admin });
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ by: { name: 'Admin User' } });
    expect(history.body[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'tax.countries.DE', from: null, to: 19 },
        { field: 'limits.maxUnitsPerProduct', from: 5, to: 2 },
        { field: 'holdMinutes', from: 20, to: 90 },
      ]),
    );
    // Back to the defaults for the other cases.
    expect((await shop.call('PUT', '/api/settings', { token: admin, body: before })).status).toBe(200);
  });

  it('bad settings are a 400 naming the field, and nothing changes', async () => {
    const before = (await shop.call('GET', '/api/settings', { token: admin })).body as ShopSettings;
    const res = await shop.call('PUT', '/api/settings', {
      token: admin,
      body: { ...before, shipping: { ...before.shipping, defaultPrice: -1 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Default shipping price must not be negative');
    expect(res.body.fields).toHaveProperty(['shipping.defaultPrice']);
    expect((await shop.call('GET', '/api/settings', { token: admin })).body).toEqual(before);
  });

  it('the store details and policies are public once saved, and a client that sends none keeps them (issue 40)', async () => {
    const before = (await shop.call('GET', '/api/settings', { token: admin })).body as ShopSettings;
    const store = { name: 'Volt Co', address: '1 Main St\nTown', email: 'help@volt.example', phone: '+1 555 0100' };
    const policies = { ...before.policies, shipping: '## Fast\n\nWe ship daily.' };
    expect(
      (await shop.call('PUT', '/api/settings', { token: admin, body: { ...before, store, policies } })).status,
    ).toBe(200);
    expect((await shop.call('GET', '/api/settings/public')).body).toMatchObject({ store, policies });
    const { store: _s, policies: _p, ...older } = before;
    expect(
      (await shop.call('PUT', '/api/settings', { token: admin, body: { ...older, holdMinutes: 45 } })).status,
    ).toBe(200);
    expect((await shop.call('GET', '/api/settings/public')).body).toMatchObject({ store, policies, holdMinutes: 45 });
    const html = { ...before, store, policies: { ...policies, terms: 'x'.repeat(20_001) } };
    const refused = await shop.call('PUT', '/api/settings', { token: admin, body: html });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Terms must be at most 20000 characters');
  });

  it('customers may read the public settings only', async () => {
    const shopper = await registerCustomer(shop, 'nosy');
    expect((await shop.call('GET', '/api/settings', { token: shopper })).status).toBe(403);
    expect((await shop.call('PUT', '/api/settings', { token: shopper, body: DEFAULT_SETTINGS })).status).toBe(403);
    expect((await shop.call('GET', '/api/settings/history', { token: shopper })).status).toBe(403);
  });
});
