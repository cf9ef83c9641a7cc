// "Delete my account" (issue 27): DELETE /api/users/profile {password}. The password again; refused for an admin and
// while an unpaid order holds stock; then the sessions end, the account cannot sign in, its orders stay for the
// shop's books anonymised and its email is free again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, DELETED_CUSTOMER_NAME } from '../src/domain/index.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let seq = 0;

describe('DELETE /api/users/profile', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  async function signUp(password = 'secret12') {
    const email = `leaving-${Date.now()}-${++seq}@example.com`;
    const res = await shop.call('POST', '/api/users', { body: { name: 'Lea Leaving', email, password } });
    expect(res.status).toBe(201);
    return { id: res.body._id as string, token: res.body.token as string, email, password };
  }
  const remove = (token: string | undefined, body: unknown) =>
    shop.call('DELETE', '/api/users/profile', { token, body });

  it('needs the password: missing is a 400, wrong a 403, and the account stays', async () => {
    const lea = await signUp();
    const missing = await remove(lea.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter your password to delete your account');
    const wrong = await remove(lea.token, { password: 'not-it' });
    expect(wrong.status).toBe(403);
    expect((await shop.call('GET', '/api/users/profile', { token: lea.token })).status).toBe(200);
    expect((await remove(undefined, { password: lea.password })).status).toBe(401);
  });

  it('is refused while an unpaid order holds stock; once it is cancelled, the account goes', async () => {
    const lea = await signUp();
    const p = await createProduct(shop, 30, 5, 'Leaving Lamp');
    const placed = await shop.call('POST', '/api/orders', {
      token: lea.token,
      body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    expect(placed.status).toBe(201);
    const refused = await remove(lea.token, { password: lea.password });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ACCOUNT_DELETION_MESSAGES.unpaidOrders);
    expect((await shop.call('PUT', `/api/orders/${placed.body._id}/cancel`, { token: lea.token })).status).toBe(200);

    const done = await remove(lea.token, { password: lea.password });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(ACCOUNT_DELETION_MESSAGES.deleted);
    // Signed out everywhere, and no way back in.
    expect((await shop.call('GET', '/api/users/profile', { token: lea.token })).status).toBe(401);
    const login = await shop.call('POST', '/api/users/login', { body: { email: lea.email, password: lea.password } });
    expect(login.status).toBe(401);
    // The order stays for the books, without her name, email or address.
    const admin = await shop.adminToken();
    const kept = await shop.call('GET', `/api/orders/${placed.body._id}`, { token: admin });
    expect(kept.status).toBe(200);
    expect(kept.body.user).toMatchObject({ _id: lea.id, name: DELETED_CUSTOMER_NAME });
    expect(JSON.stringify(kept.body)).not.toContain(lea.email);
    expect(kept.body.shippingAddress).toEqual({ address: '', city: '', postalCode: '', country: '' });
    // Her address is free for a new account.
    const again = await shop.call('POST', '/api/users', {
      body: { name: 'Lea Again', email: lea.email, password: 'secret34' },
    });
    expect(again.status).toBe(201);
  });

  it('is refused while a paid order is not delivered (the shop needs the address to ship); the export and the answer say so (issue 36)', async () => {
    const lea = await signUp();
    const admin = await shop.adminToken();
    const p = await createProduct(shop, 30, 5, 'Undelivered Lamp');
    const paidOrder = async () => {
      const placed = await shop.call('POST', '/api/orders', {
        token: lea.token,
        body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
      });
      const id = placed.body._id as string;
      const paid = await shop.call('PUT', `/api/orders/${id}/pay`, { token: lea.token, body: { simulated: true } });
      expect(paid.status).toBe(200);
      return id;
    };
    const shipped = await paidOrder();
    const refunded = await paidOrder();
    const cancelled = await paidOrder();

    const refused = await remove(lea.token, { password: lea.password });
    expect([refused.status, refused.body.message]).toEqual([409, ACCOUNT_DELETION_MESSAGES.undeliveredOrders]);
    const exported = await shop.call('GET', '/api/users/profile/export', { token: lea.token });
    expect(exported.body.accountDeletion).toEqual({
      allowed: false,
      message: ACCOUNT_DELETION_MESSAGES.undeliveredOrders,
      orders: expect.arrayContaining([shipped, refunded, cancelled]),
    });
    // The address stays: the order can still be shipped.
    const kept = await shop.call('GET', `/api/orders/${shipped}`, { token: admin });
    expect(kept.body.shippingAddress).toMatchObject({ address: shippingAddress.address, city: shippingAddress.city });

    // Delivered, refunded in full, or cancelled (and refunded): nothing left to ship.
    expect((await shop.call('PUT', `/api/orders/${shipped}/deliver`, { token: admin })).status).toBe(200);
    expect((await shop.call('POST', `/api/orders/${refunded}/refunds`, { token: admin, body: {} })).status).toBe(201);
    expect((await shop.call('PUT', `/api/orders/${cancelled}/cancel`, { token: admin, body: {} })).status).toBe(200);
    const allowed = await shop.call('GET', '/api/users/profile/export', { token: lea.token });
    expect(allowed.body.accountDeletion).toEqual({ allowed: true, message: null, orders: [] });
    const done = await remove(lea.token, { password: lea.password });
    expect(done.status).toBe(200);
  });

  it('an admin cannot delete their own account here (another admin removes it)', async () => {
    const admin = await shop.adminToken();
    const res = await remove(admin, { password: 'admin1234' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ACCOUNT_DELETION_MESSAGES.adminSelf);
    expect((await shop.call('GET', '/api/users/profile', { token: admin })).status).toBe(200);
  });
});
