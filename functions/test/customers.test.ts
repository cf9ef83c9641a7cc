// GET /api/customers and GET /api/customers/:key over HTTP (issue 40): admins only; the page's shape; a customer
// reached by account id and a guest by email (any case), with their orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOneUnitOrder, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
let customer: { _id: string; token: string };
let orderId: string;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
  const reg = await shop.call('POST', '/api/users', {
    body: { name: 'Carla Customer', email: 'carla@customers.test', password: 'secret12' },
  });
  expect(reg.status).toBe(201);
  customer = { _id: reg.body._id, token: reg.body.token };
  orderId = (await placeOneUnitOrder(shop, customer.token))._id;
}, 60_000);
afterAll(() => shop.close());

describe('GET /api/customers', () => {
  it('refuses anyone but an admin: 401 signed out, 403 a customer (their own key too)', async () => {
    expect((await shop.call('GET', '/api/customers')).status).toBe(401);
    expect((await shop.call('GET', '/api/customers', { token: customer.token })).status).toBe(403);
    expect((await shop.call('GET', `/api/customers/${customer._id}`, { token: customer.token })).status).toBe(403);
  });

  it('answers {customers, page, pages, total}, searched by keyword', async () => {
    const res = await shop.call('GET', '/api/customers?keyword=carla&page=1', { token: admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['customers', 'page', 'pages', 'total']);
    expect(res.body).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(res.body.customers[0]).toEqual({
      _id: customer._id,
      name: 'Carla Customer',
      email: 'carla@customers.test',
      guest: false,
      orders: 1,
      totalSpent: 0,
      lastOrderAt: expect.any(String),
    });
    expect((await shop.call('GET', '/api/customers?page=0', { token: admin })).status).toBe(400);
  });

  it('answers a customer with their orders; an unknown key is a 404', async () => {
    const res = await shop.call('GET', `/api/customers/${customer._id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ _id: customer._id, orders: 1 });
    expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect((await shop.call('GET', '/api/customers/nobody', { token: admin })).status).toBe(404);
    expect(
      (await shop.call('GET', `/api/customers/${encodeURIComponent('Nobody@x.test')}`, { token: admin })).status,
    ).toBe(404);
  });
});
