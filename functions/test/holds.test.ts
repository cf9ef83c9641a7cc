// Holds through the API (issue 13): the shop's default hold limits and hold time, and PUT /api/orders/:id/cancel.
// The rules themselves are the store contract's (contract/holds.contract.ts); this checks the wiring and answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  registerCustomer,
  shippingAddress,
  SHOP_HOLD_LIMITS,
  startTestShop,
  stockOf,
  type TestShop,
} from './support/shop.js';
import { waitForMail } from './support/mailbox.js';

let shop: TestShop;
let now = new Date('2026-03-01T10:00:00Z');
const clock = { now: () => new Date(now) };

beforeAll(async () => {
  shop = await startTestShop(SHOP_HOLD_LIMITS, { clock });
});
afterAll(() => shop.close());

const product = (price: number, countInStock: number) =>
  createProduct(shop, price, countInStock, `Hold Test ${Math.random().toString(36).slice(2, 8)}`);
const place = (token: string, productId: string, qty: number) =>
  shop.call('POST', '/api/orders', {
    token,
    body: { orderItems: [{ product: productId, qty }], shippingAddress, paymentMethod: 'PayPal' },
  });

describe('hold limits through the API (defaults)', () => {
  it('a fresh account cannot empty a shelf: 5 units held at most, then a 409 telling what to do', async () => {
    const p = await product(20, 50);
    const hoarder = await registerCustomer(shop, 'hoarder');
    expect((await place(hoarder, p._id, 5)).status).toBe(201);
    const refused = await place(hoarder, p._id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/At most 5 of .* may be held per customer.*Pay for or cancel/);
    const alone = await place(hoarder, p._id, 40);
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe(`At most 5 of ${p.name} per customer (you asked for 40)`);
    expect(await stockOf(shop, p._id)).toBe(45);
  });

  it('3 open orders at most; the 30-minute hold is the deadline the order answers', async () => {
    const p = await product(5, 50);
    const shopper = await registerCustomer(shop, 'three');
    const first = await place(shopper, p._id, 1);
    expect(first.body.expiresAt).toBe(new Date(now.getTime() + 30 * 60_000).toISOString());
    expect(first.body).toMatchObject({ isCancelled: false, cancelledAt: null });
    await place(shopper, p._id, 1);
    await place(shopper, p._id, 1);
    const fourth = await place(shopper, p._id, 1);
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toMatch(/^You already have 3 unpaid orders/);
    // Cancelling one makes room at once.
    expect((await shop.call('PUT', `/api/orders/${first.body._id}/cancel`, { token: shopper })).status).toBe(200);
    expect((await place(shopper, p._id, 1)).status).toBe(201);
  });
});

describe('PUT /api/orders/:id/cancel', () => {
  it('the owner cancels an unpaid order: stock back at once, the order says cancelled', async () => {
    const p = await product(30, 6);
    const owner = await registerCustomer(shop, 'canceller');
    const order = (await place(owner, p._id, 4)).body;
    expect(await stockOf(shop, p._id)).toBe(2);
    const res = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: order._id, status: 'cancelled', isPaid: false, isCancelled: true });
    expect(res.body.cancelledAt).toBe(now.toISOString());
    expect(await stockOf(shop, p._id)).toBe(6);
    const again = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: owner });
    expect([again.status, again.body.message]).toEqual([409, 'Order is already cancelled']);
    const pay = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: owner, body: { simulated: true } });
    expect(pay.status).toBe(409);
    expect(await stockOf(shop, p._id)).toBe(6);
  });

  it('an admin cancels an unpaid order too: stock back, the admin view answered, the customer mailed that the shop did', async () => {
    const p = await product(30, 6);
    const owner = await registerCustomer(shop, 'shopcancelled');
    const order = (await place(owner, p._id, 2)).body;
    const admin = await shop.adminToken();
    const withBody = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: admin, body: { reason: 'x' } });
    expect(withBody.status).toBe(400);
    expect(await stockOf(shop, p._id)).toBe(4);
    const res = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: order._id, status: 'cancelled', isPaid: false, isCancelled: true });
    expect(await stockOf(shop, p._id)).toBe(6);
    const again = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: admin });
    expect([again.status, again.body.message]).toEqual([409, 'Order is already cancelled']);
    const byOwner = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: owner });
    expect(byOwner.status).toBe(409);
    expect(await stockOf(shop, p._id)).toBe(6);
    const mail = await waitForMail(shop, order.user.email as string, /was cancelled/);
    expect(mail.text).toContain('The shop cancelled this order before it was paid');
  });

  it('another customer cannot cancel it; a paid order cannot be cancelled by its customer; a body is refused', async () => {
    const p = await product(30, 6);
    const owner = await registerCustomer(shop, 'owner');
    const other = await registerCustomer(shop, 'other');
    const order = (await place(owner, p._id, 1)).body;
    const byOther = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: other });
    expect([byOther.status, byOther.body.message]).toEqual([403, 'Not authorized to view this order']);
    const withBody = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: owner, body: { x: 1 } });
    expect(withBody.status).toBe(400);
    expect(await stockOf(shop, p._id)).toBe(5);

    const pay = await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: owner, body: { simulated: true } });
    expect(pay.status).toBe(200);
    const paid = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: owner });
    expect([paid.status, paid.body.message]).toEqual([409, 'Order is already paid; a paid order cannot be cancelled']);
    expect(await stockOf(shop, p._id)).toBe(5);
  });

  it('after the hold ended it is expired, not cancellable', async () => {
    const p = await product(30, 6);
    const owner = await registerCustomer(shop, 'late');
    const order = (await place(owner, p._id, 1)).body;
    now = new Date(now.getTime() + 31 * 60_000);
    const res = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: owner });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/expired/);
  });
});
