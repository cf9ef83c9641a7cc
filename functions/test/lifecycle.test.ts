// The order lifecycle through the API (issue 38): shipping as its own step, a cancelled or fully refunded order that
// ships nowhere, returns received before refunded, and the count of requests waiting for the shop. The table's
// every arrow is domain/lifecycle.test.ts's; the stores' are the contract's (contract/refunds.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/domain/index.js';
import { orderTimeline } from '../src/domain/orderTimeline.js';
import { orderUnitsRefundCents } from '../src/domain/unitCharges.js';
import { waitForMail } from './support/mailbox.js';
import { createProduct, shippingAddress, startTestShop, stockOf, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
let now = new Date('2026-03-01T10:00:00Z');
beforeAll(async () => {
  shop = await startTestShop({}, { clock: { now: () => new Date(now) } });
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const unique = () => Math.random().toString(36).slice(2, 8);

/** A customer's order of `lines` ($20 and $50 products with 10 in stock each), paid unless `pay` is false. */
async function order(pay = true) {
  const a = await createProduct(shop, 20, 10, `Lifecycle A ${unique()}`);
  const b = await createProduct(shop, 50, 10, `Lifecycle B ${unique()}`);
  const email = `life-${unique()}@voltshop.test`;
  const reg = await shop.call('POST', '/api/users', { body: { name: 'Life Shopper', email, password: 'secret12' } });
  const token = reg.body.token as string;
  const placed = await shop.call('POST', '/api/orders', {
    token,
    body: {
      orderItems: [
        { product: a._id, qty: 2 },
        { product: b._id, qty: 1 },
      ],
      shippingAddress,
      paymentMethod: 'PayPal',
    },
  });
  expect(placed.status).toBe(201);
  if (!pay) return { order: placed.body as Order, a: a._id, b: b._id, token, email };
  const paid = await shop.call('PUT', `/api/orders/${placed.body._id}/pay`, { token, body: { simulated: true } });
  expect(paid.status).toBe(200);
  return { order: paid.body as Order, a: a._id, b: b._id, token, email };
}

const ship = (id: string, body: unknown = { carrier: 'UPS', trackingNumber: '1Z999AA1' }, token = admin) =>
  shop.call('PUT', `/api/orders/${id}/ship`, { token, body });
const deliver = (id: string, body: unknown = {}) =>
  shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin, body });
const answer = (res: { status: number; body: { message?: string } }) => [res.status, res.body.message];

describe('shipping is its own step', () => {
  it('ships (carrier and tracking required), then delivers: two steps, both in the timeline; the customer is mailed', async () => {
    const { order: o, token, email } = await order();
    expect((await ship(o._id, {}, admin)).status).toBe(400);
    expect((await ship(o._id, { carrier: ' ', trackingNumber: 'x' })).body.message).toBe('Carrier is required');
    expect((await ship(o._id, { carrier: 'UPS', trackingNumber: 'x'.repeat(101) })).status).toBe(400);
    expect((await ship(o._id, undefined, token)).status).toBe(403);
    now = new Date(now.getTime() + 3_600_000);
    const shipped = await ship(o._id, { carrier: ' UPS ', trackingNumber: ' 1Z999AA1 ' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      isShipped: true,
      isDelivered: false,
      isPaid: true,
      shippedAt: now.toISOString(),
      carrier: 'UPS',
      trackingNumber: '1Z999AA1',
    });
    const mail = await waitForMail(shop, email, /is on its way$/);
    expect(mail.text).toContain('UPS');
    expect(mail.text).toContain('1Z999AA1');
    expect(answer(await ship(o._id))).toEqual([409, 'Order is already shipped']);
    // The to-ship queue (status paid) no longer holds it; the shipped filter does.
    const toShip = await shop.call('GET', '/api/orders?status=paid&pageNumber=1', { token: admin });
    expect(toShip.body.orders.map((x: Order) => x._id)).not.toContain(o._id);
    const onTheWay = await shop.call('GET', '/api/orders?status=shipped&pageNumber=1', { token: admin });
    expect(onTheWay.body.orders.map((x: Order) => x._id)).toContain(o._id);

    now = new Date(now.getTime() + 86_400_000);
    const delivered = await deliver(o._id);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'delivered', isShipped: true, carrier: 'UPS' });
    const kinds = orderTimeline(delivered.body).map((e) => e.kind);
    expect(kinds).toEqual(['placed', 'paid', 'shipped', 'delivered']);
    expect(answer(await deliver(o._id))).toEqual([409, 'Order is already delivered']);
    expect(answer(await ship(o._id))).toEqual([409, 'Order is already delivered']);
  });

  it("the spec's /deliver on a paid order ships and delivers at once; taken back, it is shipped again", async () => {
    const { order: o } = await order();
    const delivered = await deliver(o._id, { carrier: 'DHL', trackingNumber: 'JD1' });
    expect(delivered.body).toMatchObject({
      status: 'delivered',
      isShipped: true,
      shippedAt: now.toISOString(),
      deliveredAt: now.toISOString(),
    });
    const back = await shop.call('PUT', `/api/orders/${o._id}/undeliver`, { token: admin, body: {} });
    expect(back.body).toMatchObject({ status: 'shipped', isDelivered: false });
  });

  it('an unpaid order is neither shipped nor delivered', async () => {
    const { order: o } = await order(false);
    expect(answer(await ship(o._id))).toEqual([409, 'Order is not paid yet']);
    expect(answer(await deliver(o._id))).toEqual([409, 'Order is not paid yet']);
  });
});

describe('a cancelled or fully refunded order ships nowhere', () => {
  it('refunded in full before shipping: cancelled, out of the to-ship queue, its units back; ship and deliver say why', async () => {
    const { order: o, a, b } = await order();
    expect([await stockOf(shop, a), await stockOf(shop, b)]).toEqual([8, 9]);
    const refunded = await shop.call('POST', `/api/orders/${o._id}/refunds`, { token: admin, body: {} });
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', isCancelled: true });
    expect([await stockOf(shop, a), await stockOf(shop, b)]).toEqual([10, 10]);
    const toShip = await shop.call('GET', '/api/orders?status=paid&pageNumber=1', { token: admin });
    expect(toShip.body.orders.map((x: Order) => x._id)).not.toContain(o._id);
    expect(answer(await ship(o._id))).toEqual([409, 'This order was cancelled; it cannot be shipped']);
    expect(answer(await deliver(o._id))).toEqual([409, 'This order was cancelled; it cannot be delivered']);
  });

  it('shipped, then refunded in full: stays shipped, cannot be delivered', async () => {
    const { order: o } = await order();
    await ship(o._id);
    const refunded = await shop.call('POST', `/api/orders/${o._id}/refunds`, { token: admin, body: {} });
    expect(refunded.body).toMatchObject({ status: 'shipped', paymentStatus: 'refunded' });
    expect(answer(await deliver(o._id))).toEqual([409, 'This order was refunded in full; it cannot be delivered']);
    // A shipped order is not cancelled: it is refunded.
    const cancel = await shop.call('PUT', `/api/orders/${o._id}/cancel`, { token: admin, body: {} });
    expect(answer(cancel)).toEqual([409, 'A shipped order cannot be cancelled; refund it instead']);
  });

  it('cancelled by the shop, or by its customer unpaid: no arrow out of it', async () => {
    const { order: o } = await order();
    const cancelled = await shop.call('PUT', `/api/orders/${o._id}/cancel`, { token: admin, body: {} });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(answer(await ship(o._id))).toEqual([409, 'This order was cancelled; it cannot be shipped']);
    expect(answer(await deliver(o._id))).toEqual([409, 'This order was cancelled; it cannot be delivered']);
    const again = await shop.call('PUT', `/api/orders/${o._id}/cancel`, { token: admin, body: {} });
    expect(answer(again)).toEqual([409, 'Order is already cancelled']);

    const unpaid = await order(false);
    const gone = await shop.call('PUT', `/api/orders/${unpaid.order._id}/cancel`, { token: unpaid.token });
    expect(gone.body.status).toBe('cancelled');
    const pay = await shop.call('PUT', `/api/orders/${unpaid.order._id}/pay`, {
      token: unpaid.token,
      body: { simulated: true },
    });
    expect(pay.status).toBe(409);
    expect(answer(await ship(unpaid.order._id))).toEqual([409, 'This order was cancelled; it cannot be shipped']);
  });
});

describe('returns are refunded once received', () => {
  async function deliveredWithReturn() {
    const made = await order();
    await deliver(made.order._id);
    const asked = await shop.call('POST', `/api/orders/${made.order._id}/returns`, {
      token: made.token,
      body: {
        items: [
          { product: made.a, qty: 2 },
          { product: made.b, qty: 1 },
        ],
        reason: 'Not as described',
      },
    });
    expect(asked.status).toBe(201);
    return { ...made, path: `/api/orders/${made.order._id}/returns/${asked.body.returns[0].id}` };
  }

  it('request, approve (nothing refunded, no stock), receive restocking one line: refunded as charged', async () => {
    const { path, a, b, email } = await deliveredWithReturn();
    const approved = await shop.call('PUT', path, { token: admin, body: { action: 'approve' } });
    expect(approved.status).toBe(200);
    expect(approved.body.returns[0].status).toBe('approved');
    expect(approved.body).toMatchObject({ refunds: [], paymentStatus: 'paid' });
    expect([await stockOf(shop, a), await stockOf(shop, b)]).toEqual([8, 9]);
    await waitForMail(shop, email, /is approved$/);
    now = new Date(now.getTime() + 3 * 86_400_000); // the parcel travels
    // The return's units as charged (domain/unitCharges.ts), before the refund.
    const expected = orderUnitsRefundCents(approved.body, [
      { product: a, qty: 2 },
      { product: b, qty: 1 },
    ]);
    const tooMany = await shop.call('PUT', path, {
      token: admin,
      body: { action: 'receive', restock: [{ product: a, qty: 3 }] },
    });
    expect(tooMany.status).toBe(400);
    const received = await shop.call('PUT', path, {
      token: admin,
      body: { action: 'receive', restock: [{ product: a, qty: 1 }] },
    });
    expect(received.status).toBe(200);
    expect(received.body.returns[0]).toMatchObject({
      status: 'refunded',
      restocked: [{ product: a, qty: 1 }],
      receivedAt: now.toISOString(),
    });
    expect(received.body.refunds).toHaveLength(1);
    expect(Math.round(received.body.refunds[0].amount * 100)).toBe(expected);
    expect(received.body.refunds[0]).toMatchObject({ restock: false, status: 'completed' });
    // Only the line the owner chose went back on sale.
    expect([await stockOf(shop, a), await stockOf(shop, b)]).toEqual([9, 9]);
    const kinds = orderTimeline(received.body).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['return-requested', 'return-approved', 'return-received', 'refunded']),
    );
    // Terminal: nothing more happens to it.
    for (const action of ['approve', 'decline', 'receive'])
      expect((await shop.call('PUT', path, { token: admin, body: { action } })).status).toBe(409);
  });

  it('received without restock: stock unchanged; the older web approve:false declines with a message', async () => {
    const first = await deliveredWithReturn();
    await shop.call('PUT', first.path, { token: admin, body: { action: 'approve' } });
    const received = await shop.call('PUT', first.path, { token: admin, body: { action: 'receive' } });
    expect(received.body.returns[0]).toMatchObject({ status: 'refunded', restocked: [] });
    expect([await stockOf(shop, first.a), await stockOf(shop, first.b)]).toEqual([8, 9]);

    const second = await deliveredWithReturn();
    const declined = await shop.call('PUT', second.path, {
      token: admin,
      body: { approve: false, message: 'Opened and used' },
    });
    expect(declined.body.returns[0]).toMatchObject({ status: 'declined', message: 'Opened and used' });
    const late = await shop.call('PUT', second.path, { token: admin, body: { action: 'receive' } });
    expect(late.status).toBe(409);
    expect((await shop.call('PUT', second.path, { token: admin, body: { action: 'lose' } })).status).toBe(400);
  });

  it('an approved return may be refunded before it arrives (POST .../refunds with returnId)', async () => {
    const { path, order: o } = await deliveredWithReturn();
    const returnId = path.split('/').at(-1);
    const early = await shop.call('POST', `/api/orders/${o._id}/refunds`, { token: admin, body: { returnId } });
    expect(answer(early)).toEqual([409, 'Approve this return before refunding it']);
    await shop.call('PUT', path, { token: admin, body: { action: 'approve' } });
    const refunded = await shop.call('POST', `/api/orders/${o._id}/refunds`, { token: admin, body: { returnId } });
    expect(refunded.status).toBe(201);
    expect(refunded.body.returns[0].status).toBe('refunded');
  });
});

describe('the owner hears about requests', () => {
  it('GET /api/orders/requests/summary counts waiting cancellations and open returns; ?requests=waiting lists them', async () => {
    const before = (await shop.call('GET', '/api/orders/requests/summary', { token: admin })).body;
    const { order: o, token } = await order();
    expect((await shop.call('GET', '/api/orders/requests/summary', { token })).status).toBe(403);
    await shop.call('POST', `/api/orders/${o._id}/cancellation-request`, { token, body: { reason: 'Too slow' } });
    const after = await shop.call('GET', '/api/orders/requests/summary', { token: admin });
    expect(after.body).toEqual({ cancellations: before.cancellations + 1, returns: before.returns });
    const waiting = await shop.call('GET', '/api/orders?requests=waiting&pageNumber=1', { token: admin });
    expect(waiting.body.orders.map((x: Order) => x._id)).toContain(o._id);
    expect((await shop.call('GET', '/api/orders?requests=all', { token: admin })).status).toBe(400);
    await shop.call('PUT', `/api/orders/${o._id}/cancellation-request`, {
      token: admin,
      body: { approve: false, message: 'Already packed' },
    });
    expect((await shop.call('GET', '/api/orders/requests/summary', { token: admin })).body).toEqual(before);
  });
});
