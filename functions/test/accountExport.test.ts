// "Download my data" (issue 27): GET /api/users/profile/export answers the caller's profile, the shipping
// addresses of their orders (each once), their orders and their reviews, as a JSON attachment; nothing of anyone
// else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../src/seed/seed.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

describe('GET /api/users/profile/export', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('answers the caller’s own profile, addresses, orders and reviews as a JSON attachment', async () => {
    const [alice, bob] = [await shop.aliceToken(), await shop.bobToken()];
    const lamp = await createProduct(shop, 20, 10, 'Export Lamp');
    const order = (token: string, address = shippingAddress) =>
      shop.call('POST', '/api/orders', {
        token,
        body: { orderItems: [{ product: lamp._id, qty: 1 }], shippingAddress: address, paymentMethod: 'PayPal' },
      });
    const elsewhere = { address: '9 Side Rd', city: 'Shelbyville', postalCode: '54321', country: 'USA' };
    const a1 = await order(alice);
    const a2 = await order(alice, { ...shippingAddress, city: ` ${shippingAddress.city.toUpperCase()} ` }); // same place
    const a3 = await order(alice, elsewhere);
    const b1 = await order(bob);
    for (const res of [a1, a2, a3, b1]) expect(res.status).toBe(201);
    const reviewed = await shop.call('POST', `/api/products/${lamp._id}/reviews`, {
      token: alice,
      body: { rating: 4, comment: 'Warm light' },
    });
    expect(reviewed.status).toBe(201);
    await shop.call('POST', `/api/products/${lamp._id}/reviews`, { token: bob, body: { rating: 1, comment: 'Bob’s' } });

    // Issue 41: her wishlist is in it; Bob's is not.
    await shop.call('PUT', '/api/wishlist', { token: alice, body: { items: [{ product: lamp._id }] } });
    await shop.call('PUT', '/api/wishlist', { token: bob, body: { items: [{ product: 'bobs-wish' }] } });
    const res = await shop.call('GET', '/api/users/profile/export', { token: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?voltshop-data-\d{4}-\d\d-\d\d\.json"?$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data.profile).toMatchObject({ email: DEMO_CUSTOMERS.alice.email, isAdmin: false });
    expect(Object.keys(data.profile).sort()).toEqual(['_id', 'createdAt', 'email', 'isAdmin', 'name']);
    expect(data.orders.map((o: { _id: string }) => o._id).sort()).toEqual(
      [a1.body._id, a2.body._id, a3.body._id].sort(),
    );
    expect(data.addresses).toHaveLength(2);
    // Stored with the country's ISO code (the client sent "USA").
    expect(data.addresses).toContainEqual({ ...elsewhere, country: 'US' });
    // The seeded demo reviews are hers too: all of hers, none of Bob's.
    expect(data.reviews).toContainEqual(
      expect.objectContaining({ product: lamp._id, productName: 'Export Lamp', rating: 4, comment: 'Warm light' }),
    );
    expect(data.reviews.every((r: { user: string }) => r.user === data.profile._id)).toBe(true);
    expect(data.reviews.some((r: { comment: string }) => r.comment === 'Bob’s')).toBe(false);
    expect(data.wishlist).toEqual([{ product: lamp._id }]);
    expect(JSON.stringify(data)).not.toContain(b1.body._id);
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
  });

  it('is refused without a session', async () => {
    expect((await shop.call('GET', '/api/users/profile/export')).status).toBe(401);
  });
});
