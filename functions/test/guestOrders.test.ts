// Guest checkout over HTTP (issue 30): POST /api/orders/guest, the order's signed token as the only way in for a
// guest (read and pay; nothing else), the confirmation email's link, the hold limits per email and per address,
// and "Create an account" taking the paid order (POST /api/users with orderToken; POST /api/orders/claim).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_MESSAGES, ORDER_MESSAGES } from '../src/domain/index.js';
import { waitForMail } from './support/mailbox.js';
import {
  createProduct,
  registerCustomer,
  shippingAddress,
  SHOP_HOLD_LIMITS,
  startTestShop,
  type TestShop,
} from './support/shop.js';

let shop: TestShop;
let productId: string;

beforeAll(async () => {
  shop = await startTestShop();
  productId = (await createProduct(shop, 25, 500, 'Guest Lamp'))._id;
});
afterAll(() => shop.close());

let seq = 0;
const freshEmail = () => `guest-${Date.now()}-${++seq}@voltshop.test`;

/** Places a guest order of one unit (201 checked); answers the order with its accessToken. */
async function guestOrder(email = freshEmail(), address = shippingAddress) {
  const res = await shop.call('POST', '/api/orders/guest', {
    body: { email, orderItems: [{ product: productId, qty: 1 }], shippingAddress: address },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    _id: string;
    accessToken: string;
    isGuest: boolean;
    user: { email: string };
    totalPrice: number;
  };
}

const withToken = (token: string) => ({ headers: { 'X-Order-Token': token } });

describe('POST /api/orders/guest', () => {
  it('places the order without an account and answers it with its access token', async () => {
    const email = freshEmail();
    const order = await guestOrder(`  ${email.toUpperCase()} `);
    expect(order).toMatchObject({ isGuest: true, status: 'awaiting_payment', user: { email: email.toUpperCase() } });
    expect(order.totalPrice).toBeGreaterThan(25);
    expect(order.accessToken).toMatch(new RegExp(`^${order._id}\\.[A-Za-z0-9_-]+$`));
  });

  it('refuses a missing or invalid email and an empty order with a 400 naming it, and places nothing', async () => {
    const body = { orderItems: [{ product: productId, qty: 1 }], shippingAddress };
    const missing = await shop.call('POST', '/api/orders/guest', { body });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/Email/);
    const invalid = await shop.call('POST', '/api/orders/guest', { body: { ...body, email: 'not-an-email' } });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toMatch(/valid email/);
    const empty = await shop.call('POST', '/api/orders/guest', {
      body: { ...body, orderItems: [], email: freshEmail() },
    });
    expect(empty.status).toBe(400);
  });

  it('sends the confirmation to the guest with the signed link to the order', async () => {
    const email = freshEmail();
    const order = await guestOrder(email);
    const mail = await waitForMail(shop, email, /.*/);
    expect(mail.text).toContain(`/order/${order._id}?token=${encodeURIComponent(order.accessToken)}`);
  });

  it('is listed for the admin with the guest email (list, search and CSV)', async () => {
    const email = freshEmail();
    const order = await guestOrder(email);
    const admin = await shop.adminToken();
    const list = await shop.call('GET', `/api/orders?pageNumber=1&search=${encodeURIComponent(email.slice(0, 25))}`, {
      token: admin,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.orders.map((o: { _id: string }) => o._id)).toContain(order._id);
    const csv = await fetch(`${shop.url}/api/orders/export.csv`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(await csv.text()).toContain(email);
  });
});

describe('the order token', () => {
  it('reads the order (header or ?token=) and nothing without it', async () => {
    const order = await guestOrder();
    const byHeader = await shop.call('GET', `/api/orders/${order._id}`, withToken(order.accessToken));
    expect(byHeader.status).toBe(200);
    expect(byHeader.body._id).toBe(order._id);
    const byQuery = await shop.call('GET', `/api/orders/${order._id}?token=${encodeURIComponent(order.accessToken)}`);
    expect(byQuery.status).toBe(200);
    expect((await shop.call('GET', `/api/orders/${order._id}`)).status).toBe(401);
    // A signed-in stranger reads nothing either.
    const stranger = await registerCustomer(shop, 'guest-stranger');
    expect((await shop.call('GET', `/api/orders/${order._id}`, { token: stranger })).status).toBe(403);
  });

  it('a wrong token, a forged one and another order’s token answer 404 like an unknown order', async () => {
    const order = await guestOrder();
    const other = await guestOrder();
    const [id, signature] = order.accessToken.split('.');
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    for (const token of [
      'nonsense',
      `${id}.${flipped}`,
      `${id}.`,
      other.accessToken,
      `${other._id}.${signature}`,
      'x'.repeat(500),
    ]) {
      const res = await shop.call('GET', `/api/orders/${order._id}`, withToken(token));
      expect(res.status, token).toBe(404);
      expect(res.body.message).toBe(ORDER_MESSAGES.notFound);
    }
    // Unknown order with a token: the same answer.
    const unknown = await shop.call('GET', '/api/orders/65f0c0ffee0000000000d0728e', withToken(order.accessToken));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ORDER_MESSAGES.notFound);
  });

  it('pays the order (simulated), once', async () => {
    const order = await guestOrder();
    const paid = await shop.call('PUT', `/api/orders/${order._id}/pay`, {
      ...withToken(order.accessToken),
      body: { simulated: true },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ isPaid: true, status: 'paid' });
    const again = await shop.call('PUT', `/api/orders/${order._id}/pay`, {
      ...withToken(order.accessToken),
      body: { simulated: true },
    });
    expect(again.status).toBe(409);
    // Another order's token pays nothing.
    const other = await guestOrder();
    const wrong = await shop.call('PUT', `/api/orders/${other._id}/pay`, {
      ...withToken(order.accessToken),
      body: { simulated: true },
    });
    expect(wrong.status).toBe(404);
  });

  it('cannot cancel, refund, request a return, deliver, note or export anything', async () => {
    const order = await guestOrder();
    const auth = withToken(order.accessToken);
    const attempts: [string, string, unknown?][] = [
      ['PUT', `/api/orders/${order._id}/cancel`],
      ['POST', `/api/orders/${order._id}/refunds`, { amount: 1 }],
      ['POST', `/api/orders/${order._id}/cancellation-request`, { reason: 'x' }],
      ['POST', `/api/orders/${order._id}/returns`, { items: [] }],
      ['PUT', `/api/orders/${order._id}/deliver`],
      ['PUT', `/api/orders/${order._id}/undeliver`],
      ['POST', `/api/orders/${order._id}/notes`, { text: 'x' }],
      ['GET', '/api/orders'],
      ['GET', '/api/orders/myorders'],
      ['GET', '/api/orders/export.csv'],
    ];
    for (const [method, path, body] of attempts) {
      const res = await shop.call(method, path, { ...auth, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const still = await shop.call('GET', `/api/orders/${order._id}`, auth);
    expect(still.body.status).toBe('awaiting_payment');
  });
});

describe('the hold limits per email and per address', () => {
  let limited: TestShop;
  let phone: string;
  beforeAll(async () => {
    limited = await startTestShop(SHOP_HOLD_LIMITS);
    phone = (await createProduct(limited, 10, 500, 'Limited Phone'))._id;
  });
  afterAll(() => limited.close());

  const place = (email: string, qty: number, address = shippingAddress) =>
    limited.call('POST', '/api/orders/guest', {
      body: { email, orderItems: [{ product: phone, qty }], shippingAddress: address },
    });

  it('one email: variants of it share the per-product limit', async () => {
    const email = `hoarder-${Date.now()}@voltshop.test`;
    const home = { ...shippingAddress, address: `${Date.now()} Email Road` };
    expect((await place(email, 3, home)).status).toBe(201);
    const other = { ...shippingAddress, address: `${Date.now()} Other Road` };
    const variant = await place(`  ${email.replace('@', '+2@').toUpperCase()} `, 3, other);
    expect(variant.status).toBe(409);
    expect(variant.body.message).toContain('Limited Phone');
  });

  it('one address: other emails share its per-product limit, however the address is typed', async () => {
    const street = `${Date.now()} Hoard Lane`;
    expect((await place(`a-${Date.now()}@voltshop.test`, 4, { ...shippingAddress, address: street })).status).toBe(201);
    const typed = { ...shippingAddress, address: `  ${street.toUpperCase()}. `, city: 'springfield ' };
    const res = await place(`b-${Date.now()}@voltshop.test`, 2, typed);
    expect(res.status).toBe(409);
  });
});

describe('Create an account after paying', () => {
  async function paidGuestOrder(email: string) {
    const order = await guestOrder(email);
    const paid = await shop.call('PUT', `/api/orders/${order._id}/pay`, {
      ...withToken(order.accessToken),
      body: { simulated: true },
    });
    expect(paid.status).toBe(200);
    return order;
  }

  it('registering with the order token of the same email takes the order into the account', async () => {
    const email = freshEmail();
    const order = await paidGuestOrder(email);
    const res = await shop.call('POST', '/api/users', {
      body: { name: 'Gail Guest', email: email.toUpperCase(), password: 'secret12', orderToken: order.accessToken },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mine = await shop.call('GET', '/api/orders/myorders', { token: res.body.token });
    expect(mine.body.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    const read = await shop.call('GET', `/api/orders/${order._id}`, { token: res.body.token });
    expect(read.body).toMatchObject({ isGuest: false, user: { _id: res.body._id, name: 'Gail Guest' } });
  });

  it('a token of another email’s order, a forged token or an unpaid order: 400 and no account', async () => {
    const order = await paidGuestOrder(freshEmail());
    const unpaid = await guestOrder();
    for (const [orderToken, message] of [
      [order.accessToken, GUEST_MESSAGES.claimRefused],
      [`${order._id}.AAAA`, GUEST_MESSAGES.claimRefused],
      [unpaid.accessToken, GUEST_MESSAGES.claimRefused],
    ] as const) {
      const email = freshEmail();
      const res = await shop.call('POST', '/api/users', {
        body: { name: 'Mallory', email, password: 'secret12', orderToken },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      const login = await shop.call('POST', '/api/users/login', { body: { email, password: 'secret12' } });
      expect(login.status).toBe(401);
    }
    // The order stays the guest's.
    const still = await shop.call('GET', `/api/orders/${order._id}`, withToken(order.accessToken));
    expect(still.body.isGuest).toBe(true);
  });

  it('an unpaid order of the same email cannot be taken yet (400, no account)', async () => {
    const email = freshEmail();
    const unpaid = await guestOrder(email);
    const res = await shop.call('POST', '/api/users', {
      body: { name: 'Early', email, password: 'secret12', orderToken: unpaid.accessToken },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(GUEST_MESSAGES.claimUnpaid);
  });

  it('POST /api/orders/claim: a signed-in account of the email takes it; another account cannot', async () => {
    const email = freshEmail();
    const order = await paidGuestOrder(email);
    const stranger = await registerCustomer(shop, 'claim-stranger');
    const refused = await shop.call('POST', '/api/orders/claim', {
      token: stranger,
      body: { orderToken: order.accessToken },
    });
    expect(refused.status).toBe(400);
    expect((await shop.call('POST', '/api/orders/claim', { body: { orderToken: order.accessToken } })).status).toBe(
      401,
    );
    const owner = await shop.call('POST', '/api/users', { body: { name: 'Later', email, password: 'secret12' } });
    // Registered without the token: the order is not attached automatically.
    expect((await shop.call('GET', '/api/orders/myorders', { token: owner.body.token })).body).toEqual([]);
    const claimed = await shop.call('POST', '/api/orders/claim', {
      token: owner.body.token,
      body: { orderToken: order.accessToken },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ _id: order._id, isGuest: false, user: { _id: owner.body._id } });
    // Once taken, a second claim (by anyone) is refused.
    const again = await shop.call('POST', '/api/orders/claim', {
      token: owner.body.token,
      body: { orderToken: order.accessToken },
    });
    expect(again.status).toBe(400);
  });
});
