// Money back through the API (issue 28): POST /api/orders/:id/refunds, the admin's PUT .../cancel on a paid order,
// the customer's cancellation request and its decision; on the simulated gateway and on a fake PayPal. The rules are
// the store contract's (contract/refunds.contract.ts) and domain/refunds.test.ts's; this checks wiring and answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPalSettings, startFakePayPal, type FakePayPal } from './support/fakePayPal.js';
import { waitForMail } from './support/mailbox.js';
import {
  createProduct,
  registerCustomer,
  shippingAddress,
  startTestShop,
  stockOf,
  type TestShop,
} from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const unique = () => Math.random().toString(36).slice(2, 8);

/** A customer's paid order (simulated payment) of `qty` units of a fresh $20 product with 10 in stock. */
async function paidOrder(s: TestShop = shop, qty = 2) {
  const p = await createProduct(s, 20, 10, `Refund Test ${unique()}`);
  const email = `refund-${unique()}@voltshop.test`;
  const reg = await s.call('POST', '/api/users', { body: { name: 'Refund Shopper', email, password: 'secret12' } });
  const token = reg.body.token as string;
  const placed = await s.call('POST', '/api/orders', {
    token,
    body: { orderItems: [{ product: p._id, qty }], shippingAddress, paymentMethod: 'PayPal' },
  });
  expect(placed.status).toBe(201);
  const paid = await s.call('PUT', `/api/orders/${placed.body._id}/pay`, { token, body: { simulated: true } });
  expect(paid.status).toBe(200);
  return { order: paid.body, product: p._id, token, email };
}

const refund = async (orderId: string, body: unknown, token?: string) =>
  shop.call('POST', `/api/orders/${orderId}/refunds`, { token: token ?? (await shop.adminToken()), body });

describe('POST /api/orders/:id/refunds', () => {
  it('refunds in part, then the rest; the order answers each refund, the total and the payment state', async () => {
    const { order, email } = await paidOrder();
    const first = await refund(order._id, { amount: 10, reason: 'Scratched' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ paymentStatus: 'partially_refunded', refundedTotal: 10, isPaid: true });
    expect(first.body.refunds).toEqual([
      expect.objectContaining({
        amount: 10,
        reason: 'Scratched',
        restock: false,
        status: 'completed',
        by: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);
    const mail = await waitForMail(shop, email, /^Refund for your Voltshop order/);
    expect(mail.text).toContain('We refunded $10.00');
    const rest = await refund(order._id, {});
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ paymentStatus: 'refunded', refundedTotal: order.totalPrice });
    const more = await refund(order._id, { amount: 0.01 });
    expect([more.status, more.body.message]).toEqual([409, 'This order is already refunded in full']);
  });

  it('by lines with restock: the stock of those lines comes back; more than was paid is refused', async () => {
    const { order, product } = await paidOrder();
    expect(await stockOf(shop, product)).toBe(8);
    const res = await refund(order._id, { items: [{ product, qty: 1 }], restock: true });
    expect(res.status).toBe(201);
    expect(res.body.refunds[0]).toMatchObject({ items: [{ product, qty: 1 }], restock: true });
    expect(await stockOf(shop, product)).toBe(9);
    const tooMuch = await refund(order._id, { amount: order.totalPrice });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toMatch(/^At most \$\d+\.\d\d can still be refunded$/);
  });

  it('bad input is a 400 naming the field; only admins; an unpaid order is refused', async () => {
    const { order, token } = await paidOrder();
    for (const body of [
      { amount: -1 },
      { amount: 1.234 },
      { amount: 'x' },
      { restock: 'yes' },
      { items: [{ qty: 1 }] },
      { extra: 1 },
    ]) {
      const res = await refund(order._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await refund(order._id, {}, token)).status).toBe(403);
    expect((await shop.call('POST', `/api/orders/${order._id}/refunds`, { body: {} })).status).toBe(401);
    const customer = await registerCustomer(shop, 'unpaid-refund');
    const p = await createProduct(shop, 5, 5, `Unpaid ${unique()}`);
    const unpaid = await shop.call('POST', '/api/orders', {
      token: customer,
      body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress },
    });
    const res = await refund(unpaid.body._id, {});
    expect([res.status, res.body.message]).toEqual([409, 'Only a paid order can be refunded']);
  });

  it('two 60% refunds at once: one goes through, the other is refused, never more than was paid', async () => {
    const { order } = await paidOrder();
    const sixty = Math.round(order.totalPrice * 60) / 100;
    const [a, b] = await Promise.all([refund(order._id, { amount: sixty }), refund(order._id, { amount: sixty })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const read = await shop.call('GET', `/api/orders/${order._id}`, { token: await shop.adminToken() });
    expect(read.body.refundedTotal).toBe(sixty);
  });
});

describe('cancelling a paid order', () => {
  it('the admin cancels a paid, undelivered order: refunded in full and restocked in one step', async () => {
    const { order, product, token } = await paidOrder();
    const admin = await shop.adminToken();
    const res = await shop.call('PUT', `/api/orders/${order._id}/cancel`, {
      token: admin,
      body: { reason: 'Out of stock' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      isCancelled: true,
      isPaid: true,
      paymentStatus: 'refunded',
      refundedTotal: order.totalPrice,
    });
    expect(await stockOf(shop, product)).toBe(10);
    // The customer still cannot cancel a paid order themself, and a cancelled one cannot be delivered.
    const again = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: admin });
    expect(again.status).toBe(409);
    expect((await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin })).status).toBe(409);
    const other = await paidOrder();
    const byOwner = await shop.call('PUT', `/api/orders/${other.order._id}/cancel`, { token: other.token });
    expect([byOwner.status, byOwner.body.message]).toEqual([
      409,
      'Order is already paid; a paid order cannot be cancelled',
    ]);
    expect(token).toBeTruthy();
  });

  it('a delivered order is not cancelled (refund it instead)', async () => {
    const { order } = await paidOrder();
    const admin = await shop.adminToken();
    await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin });
    const res = await shop.call('PUT', `/api/orders/${order._id}/cancel`, { token: admin });
    expect([res.status, res.body.message]).toEqual([409, 'A delivered order cannot be cancelled; refund it instead']);
  });

  it('the customer asks to cancel; the admin declines with a message, or approves (refund and restock)', async () => {
    const { order, product, token } = await paidOrder();
    const admin = await shop.adminToken();
    const path = `/api/orders/${order._id}/cancellation-request`;
    expect((await shop.call('POST', path, { token, body: {} })).status).toBe(400);
    expect((await shop.call('POST', path, { token: admin, body: { reason: 'x' } })).status).toBe(403);
    const asked = await shop.call('POST', path, { token, body: { reason: 'Ordered by mistake' } });
    expect(asked.status).toBe(201);
    expect(asked.body.cancellationRequest).toMatchObject({ reason: 'Ordered by mistake', status: 'pending' });
    expect((await shop.call('PUT', path, { token, body: { approve: true } })).status).toBe(403);
    const declined = await shop.call('PUT', path, {
      token: admin,
      body: { approve: false, message: 'Already shipped' },
    });
    expect(declined.body.cancellationRequest).toMatchObject({ status: 'declined', message: 'Already shipped' });
    await shop.call('POST', path, { token, body: { reason: 'Please, really' } });
    const approved = await shop.call('PUT', path, { token: admin, body: { approve: true } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(approved.body.cancellationRequest.status).toBe('approved');
    expect(await stockOf(shop, product)).toBe(10);
    const late = await shop.call('PUT', path, { token: admin, body: { approve: true } });
    expect([late.status, late.body.message]).toEqual([409, 'This order has no cancellation request waiting']);
  });
});

describe('refunds through PayPal', () => {
  let paypal: FakePayPal;
  let ppShop: TestShop;
  beforeAll(async () => {
    paypal = await startFakePayPal();
    ppShop = await startTestShop(payPalSettings(paypal, { PAYPAL_TIMEOUT_MS: '2000' }));
  });
  afterAll(async () => {
    await ppShop?.close();
    await paypal?.close();
  });

  /** An order paid through the server-side PayPal flow. */
  async function paypalPaidOrder() {
    const p = await createProduct(ppShop, 20, 10, `PayPal Refund ${unique()}`);
    const token = await registerCustomer(ppShop, 'pp-refund');
    const placed = await ppShop.call('POST', '/api/orders', {
      token,
      body: { orderItems: [{ product: p._id, qty: 2 }], shippingAddress },
    });
    const created = await ppShop.call('POST', `/api/orders/${placed.body._id}/paypal-order`, { token });
    paypal.approve(created.body.id);
    const captured = await ppShop.call('POST', `/api/orders/${placed.body._id}/capture`, {
      token,
      body: { paypalOrderId: created.body.id },
    });
    expect(captured.status).toBe(200);
    return captured.body;
  }

  it('refunds part of the capture with the refund as PayPal-Request-Id; a refusal releases the amount', async () => {
    const order = await paypalPaidOrder();
    const admin = await ppShop.adminToken();
    const res = await ppShop.call('POST', `/api/orders/${order._id}/refunds`, { token: admin, body: { amount: 5 } });
    expect(res.status).toBe(201);
    const made = paypal.refunds.filter((r) => r.captureId === order.paymentResult.id);
    expect(made).toEqual([expect.objectContaining({ amount: { value: '5.00', currency_code: 'USD' } })]);
    expect(made[0]!.requestId).toBe(`refund-${res.body.refunds[0].id}`);

    paypal.down = true;
    try {
      const unknown = await ppShop.call('POST', `/api/orders/${order._id}/refunds`, {
        token: admin,
        body: { amount: 1 },
      });
      expect(unknown.status).toBe(503);
      const pending = (await ppShop.call('GET', `/api/orders/${order._id}`, { token: admin })).body.refunds[1];
      expect(pending.status).toBe('pending');
      // While it is pending, no other refund can start (it might still have gone through).
      const blocked = await ppShop.call('POST', `/api/orders/${order._id}/refunds`, {
        token: admin,
        body: { amount: 1 },
      });
      expect(blocked.status).toBe(409);
      paypal.down = false;
      const retried = await ppShop.call('POST', `/api/orders/${order._id}/refunds/${pending.id}/retry`, {
        token: admin,
      });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ refundedTotal: 6, paymentStatus: 'partially_refunded' });
    } finally {
      paypal.down = false;
    }
    // PayPal refuses more than the capture's remainder (the fake's 422): the refund is failed, nothing counted.
    const before = paypal.refunds.length;
    paypal.refunds.push({
      id: 'OUTSIDE',
      captureId: order.paymentResult.id,
      requestId: 'x',
      amount: { value: '30.00', currency_code: 'USD' },
    });
    const refused = await ppShop.call('POST', `/api/orders/${order._id}/refunds`, { token: admin, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The refund did not go through: PayPal refused the refund/);
    expect(paypal.refunds.length).toBe(before + 1);
    const after = (await ppShop.call('GET', `/api/orders/${order._id}`, { token: admin })).body;
    expect(after.refundedTotal).toBe(6);
    expect(after.refunds.at(-1).status).toBe('failed');
  });
});

describe('returns', () => {
  let now = new Date('2026-03-01T10:00:00Z');
  let returnsShop: TestShop;
  beforeAll(async () => {
    returnsShop = await startTestShop({}, { clock: { now: () => new Date(now) } });
  });
  afterAll(() => returnsShop.close());

  it('the owner returns a line within 30 days of delivery; the admin approves, receives (refund) or declines', async () => {
    const { order, product, token, email } = await paidOrder(returnsShop, 2);
    const admin = await returnsShop.adminToken();
    const path = `/api/orders/${order._id}/returns`;
    const early = await returnsShop.call('POST', path, {
      token,
      body: { items: [{ product, qty: 1 }], reason: 'Broken' },
    });
    expect([early.status, early.body.message]).toEqual([409, 'Only a delivered order can be returned']);
    await returnsShop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin });
    now = new Date(now.getTime() + 10 * 86_400_000);
    expect((await returnsShop.call('POST', path, { token, body: { items: [], reason: 'x' } })).status).toBe(400);
    expect(
      (await returnsShop.call('POST', path, { token: admin, body: { items: [{ product, qty: 1 }], reason: 'x' } }))
        .status,
    ).toBe(403);
    const asked = await returnsShop.call('POST', path, {
      token,
      body: { items: [{ product, qty: 1 }], reason: 'Broken' },
    });
    expect(asked.status).toBe(201);
    const ret = asked.body.returns[0];
    expect(ret).toMatchObject({ status: 'requested', items: [{ product, qty: 1 }], reason: 'Broken' });
    expect((await returnsShop.call('PUT', `${path}/${ret.id}`, { token, body: { approve: true } })).status).toBe(403);
    // The older web's { approve: true } approves only (issue 38): nothing refunded, nothing restocked.
    const approved = await returnsShop.call('PUT', `${path}/${ret.id}`, { token: admin, body: { approve: true } });
    expect(approved.status).toBe(200);
    expect(approved.body.returns[0]).toMatchObject({ status: 'approved' });
    expect(approved.body.refunds).toEqual([]);
    expect(approved.body.paymentStatus).toBe('paid');
    expect(await stockOf(returnsShop, product)).toBe(8);
    await waitForMail(returnsShop, email, /^Your return for Voltshop order .* is approved/);
    const again = await returnsShop.call('PUT', `${path}/${ret.id}`, { token: admin, body: { approve: true } });
    expect([again.status, again.body.message]).toEqual([409, 'This return is not waiting for a decision']);
    // Received with its line restocked: refunded then.
    const received = await returnsShop.call('PUT', `${path}/${ret.id}`, {
      token: admin,
      body: { action: 'receive', restock: [{ product, qty: 1 }] },
    });
    expect(received.status).toBe(200);
    expect(received.body.returns[0]).toMatchObject({ status: 'refunded', restocked: [{ product, qty: 1 }] });
    expect(received.body.refunds[0]).toMatchObject({
      items: [{ product, qty: 1 }],
      restock: false,
      status: 'completed',
    });
    expect(received.body.paymentStatus).toBe('partially_refunded');
    expect(await stockOf(returnsShop, product)).toBe(9);
    await waitForMail(returnsShop, email, /^Refund for your Voltshop order/);

    const second = await returnsShop.call('POST', path, {
      token,
      body: { items: [{ product, qty: 1 }], reason: 'Also' },
    });
    const declined = await returnsShop.call('PUT', `${path}/${second.body.returns[1].id}`, {
      token: admin,
      body: { approve: false, message: 'Used' },
    });
    expect(declined.body.returns[1]).toMatchObject({ status: 'declined', message: 'Used' });
    now = new Date(now.getTime() + 21 * 86_400_000);
    const late = await returnsShop.call('POST', path, {
      token,
      body: { items: [{ product, qty: 1 }], reason: 'Late' },
    });
    expect([late.status, late.body.message]).toEqual([409, 'Returns are accepted within 30 days of delivery']);
  });
});
