// Issue 28's order paperwork over HTTP: shipping details, taking a delivery back, admin notes (never the customer's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_NOTE_LENGTH, UNDELIVER_WINDOW_HOURS } from '../src/domain/index.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let now = new Date('2026-03-01T10:00:00Z');
const clock = { now: () => new Date(now) };
const hours = (n: number) => n * 3_600_000;

beforeAll(async () => {
  shop = await startTestShop({}, { clock });
});
afterAll(() => shop.close());

/** A paid order of Alice's. */
async function paidOrder() {
  const p = await createProduct(shop, 20, 50, `Paperwork ${Math.random().toString(36).slice(2, 8)}`);
  const alice = await shop.aliceToken();
  const placed = await shop.call('POST', '/api/orders', {
    token: alice,
    body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
  });
  expect(placed.status).toBe(201);
  const paid = await shop.call('PUT', `/api/orders/${placed.body._id}/pay`, {
    token: alice,
    body: { simulated: true },
  });
  expect(paid.status).toBe(200);
  return placed.body._id as string;
}

describe('PUT /api/orders/:id/deliver with details', () => {
  it('records the carrier and tracking number, which the customer then reads', async () => {
    const id = await paidOrder();
    const admin = await shop.adminToken();
    const res = await shop.call('PUT', `/api/orders/${id}/deliver`, {
      token: admin,
      body: { carrier: '  DHL Express ', trackingNumber: 'JD014600006281234' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isDelivered: true, carrier: 'DHL Express', trackingNumber: 'JD014600006281234' });
    const mine = await shop.call('GET', `/api/orders/${id}`, { token: await shop.aliceToken() });
    expect(mine.body).toMatchObject({ carrier: 'DHL Express', trackingNumber: 'JD014600006281234' });
  });

  it('an empty body (the original clients) and blank fields mark delivered with no details', async () => {
    const admin = await shop.adminToken();
    for (const body of [undefined, {}, { carrier: '', trackingNumber: '   ' }]) {
      const id = await paidOrder();
      const res = await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin, body });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ isDelivered: true, carrier: null, trackingNumber: null });
    }
  });

  it('refuses bad details with a 400 naming the field, and delivers nothing', async () => {
    const id = await paidOrder();
    const admin = await shop.adminToken();
    for (const [body, message] of [
      [{ carrier: 'x'.repeat(61) }, 'Carrier must be at most 60 characters'],
      [{ trackingNumber: 'x'.repeat(101) }, 'Tracking number must be at most 100 characters'],
      [{ trackingNumber: 42 }, 'Tracking number is required'],
      [{ carrier: 'DHL\u0000' }, 'Carrier must not contain control characters'],
    ] as const) {
      const res = await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const unknown = await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin, body: { isDelivered: true } });
    expect(unknown.status).toBe(400);
    expect((await shop.call('GET', `/api/orders/${id}`, { token: admin })).body.isDelivered).toBe(false);
  });
});

describe('PUT /api/orders/:id/undeliver', () => {
  it('takes an accidental mark back within the window, without a reason', async () => {
    const id = await paidOrder();
    const admin = await shop.adminToken();
    await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin, body: { carrier: 'UPS' } });
    const deliveredAt = now.toISOString();
    now = new Date(now.getTime() + hours(UNDELIVER_WINDOW_HOURS) - 60_000);
    const res = await shop.call('PUT', `/api/orders/${id}/undeliver`, { token: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'shipped', isDelivered: false, deliveredAt: null, carrier: 'UPS' });
    expect(res.body.undeliveries).toEqual([{ deliveredAt, at: now.toISOString(), reason: null }]);
    // Delivered again later (now undelivered twice is a conflict until then).
    expect((await shop.call('PUT', `/api/orders/${id}/undeliver`, { token: admin, body: {} })).status).toBe(409);
    expect((await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin })).status).toBe(200);
  });

  it('after the window needs a reason (400 without), recorded on the order', async () => {
    const id = await paidOrder();
    const admin = await shop.adminToken();
    await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin });
    now = new Date(now.getTime() + hours(UNDELIVER_WINDOW_HOURS) + 60_000);
    const bare = await shop.call('PUT', `/api/orders/${id}/undeliver`, { token: admin, body: { reason: '  ' } });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/Give a reason/);
    expect((await shop.call('GET', `/api/orders/${id}`, { token: admin })).body.isDelivered).toBe(true);
    const res = await shop.call('PUT', `/api/orders/${id}/undeliver`, {
      token: admin,
      body: { reason: 'Carrier returned the parcel' },
    });
    expect(res.status).toBe(200);
    expect(res.body.undeliveries.at(-1).reason).toBe('Carrier returned the parcel');
    const long = await shop.call('PUT', `/api/orders/${id}/undeliver`, {
      token: admin,
      body: { reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
  });

  it('refuses an order that is not delivered (unpaid or paid), a customer, and unknown orders', async () => {
    const id = await paidOrder();
    const admin = await shop.adminToken();
    const alice = await shop.aliceToken();
    const paid = await shop.call('PUT', `/api/orders/${id}/undeliver`, { token: admin, body: {} });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('Order is not delivered');
    await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin });
    // The customer may not take their own delivery back, nor mark it.
    expect((await shop.call('PUT', `/api/orders/${id}/undeliver`, { token: alice, body: {} })).status).toBe(403);
    expect((await shop.call('PUT', `/api/orders/${id}/undeliver`, { body: {} })).status).toBe(401);
    expect((await shop.call('GET', `/api/orders/${id}`, { token: admin })).body.isDelivered).toBe(true);
    const missing = await shop.call('PUT', '/api/orders/000000000000000000000000/undeliver', {
      token: admin,
      body: {},
    });
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/orders/:id/notes', () => {
  it('adds notes an admin reads, which the customer never does (the order, my orders)', async () => {
    const id = await paidOrder();
    const admin = await shop.adminToken();
    const alice = await shop.aliceToken();
    const secret = 'Customer sounded angry; offer 10% next time';
    const res = await shop.call('POST', `/api/orders/${id}/notes`, { token: admin, body: { text: secret } });
    expect(res.status).toBe(201);
    expect(res.body.notes).toEqual([
      {
        _id: expect.any(String),
        text: secret,
        createdAt: now.toISOString(),
        by: { _id: expect.any(String), name: expect.any(String) },
      },
    ]);
    expect((await shop.call('GET', `/api/orders/${id}`, { token: admin })).body.notes).toHaveLength(1);

    const mine = await shop.call('GET', `/api/orders/${id}`, { token: alice });
    expect(mine.status).toBe(200);
    expect(mine.body).not.toHaveProperty('notes');
    expect(JSON.stringify(mine.body)).not.toContain('angry');
    for (const url of ['/api/orders/myorders', '/api/orders/myorders?pageNumber=1']) {
      const list = await shop.call('GET', url, { token: alice });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('angry');
    }
    // Delivering answers the admin's view; the customer's read after it still has no notes.
    await shop.call('PUT', `/api/orders/${id}/deliver`, { token: admin });
    expect(JSON.stringify((await shop.call('GET', `/api/orders/${id}`, { token: alice })).body)).not.toContain('angry');
  });

  it('refuses customers, empty and overlong notes, and unknown orders', async () => {
    const id = await paidOrder();
    const admin = await shop.adminToken();
    const alice = await shop.aliceToken();
    expect((await shop.call('POST', `/api/orders/${id}/notes`, { token: alice, body: { text: 'mine' } })).status).toBe(
      403,
    );
    for (const body of [{}, { text: '   ' }, { text: 'x'.repeat(MAX_ORDER_NOTE_LENGTH + 1) }, { text: 'a', by: 'x' }]) {
      const res = await shop.call('POST', `/api/orders/${id}/notes`, { token: admin, body });
      expect(res.status).toBe(400);
    }
    const multiLine = await shop.call('POST', `/api/orders/${id}/notes`, { token: admin, body: { text: 'a\nb' } });
    expect(multiLine.status).toBe(201);
    expect(
      (await shop.call('GET', `/api/orders/${id}`, { token: admin })).body.notes.map((n: { text: string }) => n.text),
    ).toEqual(['a\nb']);
    const missing = await shop.call('POST', '/api/orders/000000000000000000000000/notes', {
      token: admin,
      body: { text: 'x' },
    });
    expect(missing.status).toBe(404);
  });
});
