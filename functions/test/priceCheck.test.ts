// Price shown = price charged (issue 38): an order sent with the total its page showed is placed only at that total;
// the public settings the page prices with are revalidated (ETag) and a save reaches open pages live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_TOTAL_MESSAGE } from '../src/domain/schemas.js';
import type { ShopSettings } from '../src/domain/settings.js';
import { mails, waitForMail } from './support/mailbox.js';
import { streamOpener } from './support/sse.js';
import {
  createProduct,
  registerCustomer,
  shippingAddress,
  startTestShop,
  stockOf,
  type TestShop,
} from './support/shop.js';

let shop: TestShop;
let admin: string;
let defaults: ShopSettings;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
  defaults = (await shop.call('GET', '/api/settings', { token: admin })).body as ShopSettings;
});
afterAll(() => shop.close());

/** The owner sets the default shipping price (never free), as in the issue: shipping changed during checkout. */
async function setShipping(price: number) {
  const body = { ...defaults, shipping: { ...defaults.shipping, defaultPrice: price, freeOver: null } };
  expect((await shop.call('PUT', '/api/settings', { token: admin, body })).status).toBe(200);
}

let seq = 0;
const product = (countInStock = 5) => createProduct(shop, 53.68, countInStock, `Price Check ${Date.now()}-${++seq}`);

const placing = (lines: { product: string; qty: number }[], extra: Record<string, unknown> = {}) => ({
  orderItems: lines,
  shippingAddress,
  paymentMethod: 'PayPal',
  ...extra,
});

// $53.68 + 15% tax ($8.05): $61.73 with free shipping, $76.73 once shipping is $15.
const SHOWN = 61.73;
const CHARGED = 76.73;
const MESSAGE =
  'The total changed from $61.73 to $76.73: prices, a code or shipping changed since the page was shown. ' +
  'Check the order and place it again.';
const REFUSAL = {
  message: MESSAGE,
  expectedTotal: SHOWN,
  totalPrice: CHARGED,
  itemsPrice: 53.68,
  discountPrice: 0,
  shippingPrice: 15,
  taxPrice: 8.05,
};

/** The orders an admin finds for an email (every order of a customer or guest; searched by its first 25
 *  characters, unique in this suite). */
async function ordersOf(email: string): Promise<number> {
  const search = encodeURIComponent(email.slice(0, 25));
  const res = await shop.call('GET', `/api/orders?pageNumber=1&search=${search}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.total as number;
}

const placedMails = async (email: string) =>
  (await mails(shop)).filter((m) => m.to === email && /please pay to complete it/.test(m.subject)).length;

describe('POST /api/orders with expectedTotal (issue 38)', () => {
  it('shipping changed between showing and placing: 409 with the new total, nothing placed; then placed at it', async () => {
    await setShipping(0);
    const p = await product();
    const token = await registerCustomer(shop, 'pricecheck');
    const email = (await shop.call('GET', '/api/users/profile', { token })).body.email as string;
    // The page shows the order with the settings of then...
    const shown = (await shop.call('GET', '/api/settings/public')).body as ShopSettings;
    expect(shown.shipping.defaultPrice).toBe(0);
    // ...the owner changes shipping...
    await setShipping(15);
    // ...and the shopper places what was shown.
    const refused = await shop.call('POST', '/api/orders', {
      token,
      body: placing([{ product: p._id, qty: 1 }], { expectedTotal: SHOWN }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(REFUSAL);
    expect(await stockOf(shop, p._id)).toBe(5);
    expect((await shop.call('GET', '/api/orders/myorders', { token })).body).toEqual([]);
    expect(await ordersOf(email)).toBe(0);

    // Placed again at the total the 409 said: the order, its stock and its one mail.
    const placed = await shop.call('POST', '/api/orders', {
      token,
      body: placing([{ product: p._id, qty: 1 }], { expectedTotal: refused.body.totalPrice }),
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ itemsPrice: 53.68, shippingPrice: 15, taxPrice: 8.05, totalPrice: CHARGED });
    expect(await stockOf(shop, p._id)).toBe(4);
    expect(await ordersOf(email)).toBe(1);
    await waitForMail(shop, email, /please pay to complete it/);
    expect(await placedMails(email)).toBe(1); // none for the refused one
  });

  it("a guest's order the same way (POST /api/orders/guest)", async () => {
    await setShipping(15);
    const p = await product();
    const email = `pricecheck-guest-${Date.now()}@voltshop.test`;
    const refused = await shop.call('POST', '/api/orders/guest', {
      body: placing([{ product: p._id, qty: 1 }], { email, expectedTotal: SHOWN }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(REFUSAL);
    expect(await stockOf(shop, p._id)).toBe(5);
    expect(await ordersOf(email)).toBe(0);

    const placed = await shop.call('POST', '/api/orders/guest', {
      body: placing([{ product: p._id, qty: 1 }], { email, expectedTotal: CHARGED }),
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ totalPrice: CHARGED, isGuest: true });
    expect(await stockOf(shop, p._id)).toBe(4);
    await waitForMail(shop, email, /please pay to complete it/);
    expect(await placedMails(email)).toBe(1);
  });

  it('a refused total takes no use of its discount code', async () => {
    await setShipping(15);
    const p = await product();
    const code = `PRICE${Date.now().toString(36).toUpperCase()}`;
    expect(
      (await shop.call('POST', '/api/coupons', { token: admin, body: { code, amountOff: 5, active: true } })).status,
    ).toBe(201);
    const token = await registerCustomer(shop, 'pricecode');
    // $53.68 - $5 = $48.68, tax $7.30, shipping $15: $70.98. The page showed it without the code.
    const refused = await shop.call('POST', '/api/orders', {
      token,
      body: placing([{ product: p._id, qty: 1 }], { couponCode: code, expectedTotal: CHARGED }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ expectedTotal: CHARGED, totalPrice: 70.98, discountPrice: 5, taxPrice: 7.3 });
    expect((await shop.call('GET', `/api/coupons/${code}`, { token: admin })).body.uses).toBe(0);
    expect(await stockOf(shop, p._id)).toBe(5);
    const placed = await shop.call('POST', '/api/orders', {
      token,
      body: placing([{ product: p._id, qty: 1 }], { couponCode: code, expectedTotal: 70.98 }),
    });
    expect(placed.status).toBe(201);
    expect((await shop.call('GET', `/api/coupons/${code}`, { token: admin })).body.uses).toBe(1);
  });

  it('without expectedTotal (the original clients) the order is placed at whatever it costs, as before', async () => {
    await setShipping(15);
    const p = await product();
    const res = await shop.call('POST', '/api/orders', {
      token: await registerCustomer(shop, 'priceplain'),
      body: placing([{ product: p._id, qty: 1 }], { totalPrice: SHOWN }),
    });
    expect(res.status).toBe(201);
    expect(res.body.totalPrice).toBe(CHARGED);
  });

  it('a wrong-format expectedTotal is a 400 naming it, and nothing is placed', async () => {
    const p = await product();
    const token = await registerCustomer(shop, 'priceformat');
    for (const expectedTotal of [61.733, -1, '76.73', null, true, 1e20, {}]) {
      const res = await shop.call('POST', '/api/orders', {
        token,
        body: placing([{ product: p._id, qty: 1 }], { expectedTotal }),
      });
      expect(res.status, String(expectedTotal)).toBe(400);
      expect(res.body.message, String(expectedTotal)).toBe(EXPECTED_TOTAL_MESSAGE);
    }
    const guest = await shop.call('POST', '/api/orders/guest', {
      body: placing([{ product: p._id, qty: 1 }], { email: 'format@voltshop.test', expectedTotal: 'soon' }),
    });
    expect(guest.status).toBe(400);
    expect(await stockOf(shop, p._id)).toBe(5);
  });
});

describe('GET /api/settings/public is revalidated, not cached blind', () => {
  it('answers an ETag and no-cache; the same tag is a 304, a save gives a new body and tag', async () => {
    await setShipping(15);
    const first = await shop.call('GET', '/api/settings/public');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await shop.call('GET', '/api/settings/public', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // A list, and the weak form, match as well.
    expect(
      (await shop.call('GET', '/api/settings/public', { headers: { 'If-None-Match': `"other", W/${etag}` } })).status,
    ).toBe(304);

    await setShipping(16);
    const changed = await shop.call('GET', '/api/settings/public', { headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.body.shipping.defaultPrice).toBe(16);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('a settings save reaches open pages live', () => {
  const { stream, closeAll } = streamOpener(() => shop.url);
  afterAll(closeAll);

  it('the public settings topic hears the saved settings, as GET /api/settings/public then answers them', async () => {
    const s = await stream('topics=settings');
    expect(s.status).toBe(200);
    await s.next((e) => e.event === 'ready');
    await setShipping(17);
    const heard = await s.next((e) => e.event === 'settings');
    expect(heard.data.topic).toBe('settings');
    expect(heard.data.data).toEqual((await shop.call('GET', '/api/settings/public')).body);
    expect(heard.data.data.shipping.defaultPrice).toBe(17);
  });
});
