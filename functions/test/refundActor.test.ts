// Issue 36: who refunded an order is the shop's business. A customer reading their order (GET /api/orders/:id as its
// owner or with a guest's token, GET /api/orders/myorders, the answers of their own requests, the live order topic,
// "download my data") sees every refund made by "the shop"; admins keep the real actor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_REFUND_ACTOR } from '../src/domain/index.js';
import { streamOpener } from './support/sse.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let now = new Date('2026-03-01T10:00:00Z');
let shop: TestShop;
let admin: string;
let adminId: string;
let productId: string;
beforeAll(async () => {
  shop = await startTestShop({}, { clock: { now: () => new Date(now) } });
  admin = await shop.adminToken();
  adminId = (await shop.call('GET', '/api/users/profile', { token: admin })).body._id;
  productId = (await createProduct(shop, 30, 100, 'Actor Lamp'))._id;
});
afterAll(() => shop.close());

const { stream, closeAll } = streamOpener(() => shop.url);
afterAll(closeAll);

const unique = () => Math.random().toString(36).slice(2, 8);
const byOf = (order: { refunds: { by: unknown }[] }) => order.refunds.map((r) => r.by);

/** A fresh customer's paid order of 2 units, refunded $5 by the admin. */
async function refundedOrder() {
  const email = `actor-${unique()}@voltshop.test`;
  const reg = await shop.call('POST', '/api/users', { body: { name: 'Actor Shopper', email, password: 'secret12' } });
  const token = reg.body.token as string;
  const placed = await shop.call('POST', '/api/orders', {
    token,
    body: { orderItems: [{ product: productId, qty: 2 }], shippingAddress, paymentMethod: 'PayPal' },
  });
  await shop.call('PUT', `/api/orders/${placed.body._id}/pay`, { token, body: { simulated: true } });
  const refunded = await shop.call('POST', `/api/orders/${placed.body._id}/refunds`, {
    token: admin,
    body: { amount: 5, reason: 'Scratched' },
  });
  expect(refunded.status).toBe(201);
  return { id: placed.body._id as string, token, refunded: refunded.body };
}

describe("a refund's actor: the shop for customers, the admin for admins (issue 36)", () => {
  it('admins see who refunded; the owner reads the order, its list and their own answers with "the shop"', async () => {
    const { id, token, refunded } = await refundedOrder();
    expect(byOf(refunded)).toEqual([{ _id: adminId, name: expect.any(String) }]);
    expect(byOf((await shop.call('GET', `/api/orders/${id}`, { token: admin })).body)).toEqual(byOf(refunded));

    const mine = await shop.call('GET', `/api/orders/${id}`, { token });
    expect(byOf(mine.body)).toEqual([SHOP_REFUND_ACTOR]);
    expect(JSON.stringify(mine.body)).not.toContain(adminId);
    const list = await shop.call('GET', '/api/orders/myorders', { token });
    expect(byOf(list.body.find((o: { _id: string }) => o._id === id))).toEqual([SHOP_REFUND_ACTOR]);
    const paged = await shop.call('GET', '/api/orders/myorders?pageNumber=1', { token });
    expect(JSON.stringify(paged.body)).not.toContain(adminId);
    const asked = await shop.call('POST', `/api/orders/${id}/cancellation-request`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    expect(asked.status).toBe(201);
    expect(byOf(asked.body)).toEqual([SHOP_REFUND_ACTOR]);

    const exported = await shop.call('GET', '/api/users/profile/export', { token });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).not.toContain(adminId);
    expect(byOf(exported.body.orders[0])).toEqual([SHOP_REFUND_ACTOR]);
  });

  it("the order's live topic carries the shop; the admin topic the admin", async () => {
    const { id, token } = await refundedOrder();
    const ticketOf = async (who: string, topics: string[]) =>
      (await shop.call('POST', '/api/live/tickets', { token: who, body: { topics } })).body.ticket;
    const mine = await stream(`ticket=${await ticketOf(token, [`order:${id}`])}`);
    const adminView = await stream(`ticket=${await ticketOf(admin, ['admin'])}`);
    await mine.next((e) => e.event === 'ready');
    await adminView.next((e) => e.event === 'ready');
    expect((await shop.call('POST', `/api/orders/${id}/refunds`, { token: admin, body: { amount: 1 } })).status).toBe(
      201,
    );
    const frame = await mine.next((e) => e.event === 'order' && e.data.data.refunds.length === 2);
    expect(byOf(frame.data.data)).toEqual([SHOP_REFUND_ACTOR, SHOP_REFUND_ACTOR]);
    const adminFrame = await adminView.next(
      (e) => e.event === 'order' && e.data.data._id === id && e.data.data.refunds.length === 2,
    );
    expect(byOf(adminFrame.data.data).map((b) => (b as { _id: string })._id)).toEqual([adminId, adminId]);
    mine.close();
    adminView.close();
  });

  it("a guest's order read with its token shows the shop", async () => {
    const placed = await shop.call('POST', '/api/orders/guest', {
      body: {
        email: `guest-actor-${unique()}@voltshop.test`,
        orderItems: [{ product: productId, qty: 1 }],
        shippingAddress: { ...shippingAddress, address: `${unique()} Guest St` },
      },
    });
    expect(placed.status).toBe(201);
    const headers = { 'X-Order-Token': placed.body.accessToken as string };
    const id = placed.body._id as string;
    expect((await shop.call('PUT', `/api/orders/${id}/pay`, { headers, body: { simulated: true } })).status).toBe(200);
    await shop.call('POST', `/api/orders/${id}/refunds`, { token: admin, body: { amount: 2 } });
    now = new Date(now.getTime() + 60_000);
    const read = await shop.call('GET', `/api/orders/${id}`, { headers });
    expect(read.status).toBe(200);
    expect(byOf(read.body)).toEqual([SHOP_REFUND_ACTOR]);
  });
});
