// Issue 36, point 8, over HTTP on the embedded backend: a review's "verified purchase" mark is decided again when
// the order is cancelled and refunded in full, and the product page (a cached catalogue answer) shows it at once.
// The stores' side: contract/productMedia.contract.ts ("the mark is decided again").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('verified purchase after a refund (issue 36)', () => {
  it('the admin cancels the paid order (full refund): the review loses its mark on the product page', async () => {
    const admin = await shop.adminToken();
    const token = await registerCustomer(shop, 'reviewer');
    const p = await createProduct(shop, 40, 10, 'Reverified Kettle');
    const placed = await shop.call('POST', '/api/orders', {
      token,
      body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    await shop.call('PUT', `/api/orders/${placed.body._id}/pay`, { token, body: { simulated: true } });
    const reviewed = await shop.call('POST', `/api/products/${p._id}/reviews`, {
      token,
      body: { rating: 5, comment: 'Boils fast' },
    });
    expect(reviewed.status).toBe(201);
    const marks = async () =>
      (await shop.call('GET', `/api/products/${p._id}`)).body.reviews.map((r: { verified: boolean }) => r.verified);
    expect(await marks()).toEqual([true]);
    expect(await marks()).toEqual([true]); // the second read comes from the catalogue cache
    const cancelled = await shop.call('PUT', `/api/orders/${placed.body._id}/cancel`, { token: admin, body: {} });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await marks()).toEqual([false]);
  });
});
