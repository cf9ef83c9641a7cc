// Issue 39: the app's answers against the endpoint table's strict schemas (api/outputs.ts) over HTTP, on the
// embedded backend: every GET row with a schema is walked once (the test says which were not), and the main writes'
// answers too. An extra or a missing key in any answer fails, naming the call and the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, type EndpointSpec } from '../src/api/endpoint.js';
import { endpoints, type EndpointName } from '../src/api/endpoints.js';
import { shapeProblems } from './support/shapes.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => shop?.close());

const walked = new Set<EndpointName>();

/** Calls a row (its path filled in), expects its status, and answers the body and the shape's problems. */
async function check(
  name: EndpointName,
  options: { params?: Record<string, string>; query?: string; token?: string; body?: unknown } = {},
) {
  const row: EndpointSpec = endpoints[name];
  const path = fillPath(row.path, options.params) + (options.query ? `?${options.query}` : '');
  const res = await shop.call(row.method, path, { token: options.token, body: options.body });
  expect(res.status, `${row.method} ${path}: ${JSON.stringify(res.body)}`).toBe(row.status ?? 200);
  walked.add(name);
  expect(shapeProblems(row.output.schema!, res.body), `${row.method} ${path} answers ${row.output.name}`).toEqual([]);
  return res.body as any;
}

describe('answers have their declared shapes (HTTP, embedded)', () => {
  let plain: { _id: string };
  let other: { _id: string };
  let admin: string;
  let alice: string;
  beforeAll(async () => {
    admin = await shop.adminToken();
    alice = await shop.aliceToken();
    plain = await createProduct(shop, 25, 4, 'Shape Lamp');
    other = await createProduct(shop, 40, 0, 'Shape Desk');
  });

  it('the catalogue, its lists and the discount codes', async () => {
    const product = await check('productGet', { params: { id: plain._id } });
    await check('productGet', { params: { id: plain._id }, query: 'reviews=none' });
    await check('reviewCreate', { params: { id: plain._id }, token: alice, body: { rating: 4, comment: 'Bright' } });
    await check('productList');
    await check('productList', { query: 'keyword=shape' });
    await check('productFacets');
    await check('productSuggest', { query: 'q=shap' });
    await check('productTop');
    await check('productCompare', { query: `ids=${plain._id},${other._id},missing` });
    await check('productDrafts', { token: admin });
    await check('productStockHistory', { params: { id: plain._id }, token: admin });
    await check('productPriceHistory', { params: { id: plain._id }, token: admin });
    await check('stockAlertDemand', { query: `products=${other._id}`, token: admin });

    const categories = await check('categoryList');
    await check('categoryBySlug', { params: { slug: categories[0].slug } });
    const brands = await check('brandList');
    await check('brandBySlug', { params: { slug: brands[0].slug } });
    const made = await check('categoryCreate', { token: admin, body: { name: 'Shape Spares' } });
    await check('categoryRename', { params: { id: made._id }, token: admin, body: { name: 'Shape Parts' } });
    await check('categoryMerge', {
      params: { id: made._id },
      token: admin,
      body: { into: categories.find((c: { name: string }) => c.name === product.category)._id },
    });

    await check('couponCreate', {
      token: admin,
      body: { code: 'SHAPE10', percentOff: 10, amountOff: null, active: true, scope: null },
    });
    await check('couponList', { token: admin });
    await check('couponGet', { params: { code: 'SHAPE10' }, token: admin });
    // Gift cards (issue 39): issued, checked by code, listed, and one paying part of an order.
    const card = await check('giftCardIssue', {
      token: admin,
      body: { amount: 10, recipientEmail: 'gift@example.com' },
    });
    await check('giftCardCheck', { params: { code: card.code } });
    await check('giftCardList', { token: admin });
    await check('storeCreditGet', { token: alice });
    await check('orderPlace', {
      token: alice,
      body: {
        orderItems: [{ product: plain._id, qty: 1 }],
        shippingAddress,
        paymentMethod: 'PayPal',
        giftCardCode: card.code,
      },
    });
    await check('couponCheck', {
      token: alice,
      body: { code: 'SHAPE10', items: [{ product: plain._id, qty: 1 }] },
    });
  });

  it('orders, accounts and the admin’s reads', async () => {
    const order = await check('orderPlace', {
      token: alice,
      body: { orderItems: [{ product: plain._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    await check('orderGet', { params: { id: order._id }, token: alice });
    await check('orderGet', { params: { id: order._id }, token: admin });
    await check('orderNoteAdd', { params: { id: order._id }, token: admin, body: { text: 'Shape check' } });
    await check('myOrders', { token: alice });
    await check('myOrders', { token: alice, query: 'pageNumber=1' });
    await check('orderList', { token: admin });
    await check('orderList', { token: admin, query: 'pageNumber=1' });
    await check('orderRequestsSummary', { token: admin });

    const profile = await check('profileGet', { token: alice });
    await check('addressList', { token: alice });
    await check('emailVerificationGet', { token: alice });
    await check('wishlistPut', { token: alice, body: { items: [{ product: plain._id }] } });
    await check('wishlistGet', { token: alice });
    await check('cartReminderPreference', { token: alice });
    await check('userList', { token: admin });
    await check('userList', { token: admin, query: 'pageNumber=1' });
    await check('userGet', { params: { id: profile._id }, token: admin });
    await check('userOpenOrders', { params: { id: profile._id }, token: admin });
    await check('customerList', { token: admin });
    await check('customerGet', { params: { key: profile._id }, token: admin });
    await check('settingsPublic');
    await check('settingsGet', { token: admin });
    await check('settingsHistory', { token: admin });
    await check('adminStats', { token: admin });
    await check('config');
    await check('health');
  });

  it('walked every GET row with a schema (those of an option the test shop leaves off aside)', () => {
    const unwalked = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
      const row: EndpointSpec = endpoints[name];
      return row.method === 'GET' && row.output.schema && !walked.has(name) && row.only !== 'embedded';
    });
    expect(unwalked).toEqual([]);
  });
});
