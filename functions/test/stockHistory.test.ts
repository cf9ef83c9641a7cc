// GET /api/products/:id/stock-history through the API (issue 28): the admin's view of a product's stock changes.
// What each store records is the store contract's ("stock history") and the property test's; this checks the
// route: who may read it, its answer, paging, and its 400 / 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_HISTORY_PAGE_SIZE } from '../src/domain/index.js';
import { productInput } from './support/products.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const history = async (id: string, query = '', token?: string) =>
  shop.call('GET', `/api/products/${id}/stock-history${query}`, { token: token ?? (await shop.adminToken()) });

describe('GET /api/products/:id/stock-history', () => {
  it('answers the admin each change, newest first: cause, delta, stock after, order and who', async () => {
    const p = await createProduct(shop, 10, 8, 'History Route');
    const alice = await shop.aliceToken();
    const placed = await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ product: p._id, qty: 3 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    expect(placed.status).toBe(201);
    expect((await shop.call('PUT', `/api/orders/${placed.body._id}/cancel`, { token: alice })).status).toBe(200);

    const res = await history(p._id);
    expect(res.status).toBe(200);
    const adminId = (await shop.call('GET', '/api/users/profile', { token: await shop.adminToken() })).body._id;
    const aliceId = placed.body.user._id as string;
    expect(res.body.nextBefore).toBeNull();
    expect(res.body.entries).toEqual([
      { at: expect.any(String), delta: 3, after: 8, cause: 'cancel', orderId: placed.body._id, by: aliceId },
      { at: expect.any(String), delta: -3, after: 5, cause: 'order', orderId: placed.body._id, by: aliceId },
      { at: expect.any(String), delta: 8, after: 8, cause: 'admin-edit', by: adminId },
    ]);
  });

  it('pages by the nextBefore cursor, never more than a page', async () => {
    const p = await createProduct(shop, 10, 1, 'History Pages');
    const admin = await shop.adminToken();
    for (let stock = 2; stock <= STOCK_HISTORY_PAGE_SIZE + 3; stock++) {
      const saved = await shop.call('PUT', `/api/products/${p._id}`, {
        token: admin,
        body: productInput('History Pages', { countInStock: stock }),
      });
      expect(saved.status).toBe(200);
    }
    const first = await history(p._id);
    expect(first.body.entries).toHaveLength(STOCK_HISTORY_PAGE_SIZE);
    expect(first.body.entries[0].after).toBe(STOCK_HISTORY_PAGE_SIZE + 3);
    const second = await history(p._id, `?before=${first.body.nextBefore}`);
    expect(second.body.entries.map((e: { after: number }) => e.after)).toEqual([3, 2, 1]);
    expect(second.body.nextBefore).toBeNull();
  });

  it('is the admin’s only; unknown products are 404, a forged cursor or an unknown parameter 400', async () => {
    const p = await createProduct(shop, 10, 2, 'History Guarded');
    expect((await shop.call('GET', `/api/products/${p._id}/stock-history`)).status).toBe(401);
    expect((await history(p._id, '', await shop.aliceToken())).status).toBe(403);
    const unknown = await history('ffffffffffffffffffffffff');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    const forged = await history(p._id, '?before=abc');
    expect(forged).toMatchObject({ status: 400, body: { message: 'Invalid before cursor' } });
    expect((await history(p._id, '?before=%3Cscript%3E')).status).toBe(400);
    expect((await history(p._id, '?pageNumber=2')).status).toBe(400);
  });
});
