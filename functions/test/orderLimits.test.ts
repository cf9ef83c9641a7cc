// Issue 36, points 2 and 3, over HTTP: discount codes cannot be guessed through orders (one refused-code budget with
// POST /api/coupons/check, per address and per account; the code judged after the hold limits), and orders are
// rate limited per account, per client address and per unverified inbox (mail bombing).
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DISCOUNT_MESSAGES } from '../src/domain/index.js';
import { TOO_MANY_ATTEMPTS } from '../src/http/rateLimits.js';
import { linkIn, mails, waitForMail } from './support/mailbox.js';
import { productInput } from './support/products.js';
import {
  createProduct,
  registerCustomer,
  SHOP_HOLD_LIMITS,
  shippingAddress,
  startTestShop,
  type TestShop,
} from './support/shop.js';

const from = (address: string) => ({ 'X-Forwarded-For': address });

async function shopWith(env: Record<string, string>) {
  const shop = await startTestShop({ TRUST_PROXY: 'loopback', ...env });
  onTestFinished(() => shop.close());
  const admin = await shop.adminToken();
  const product = await createProduct(shop, 30, 1000, `Limits Kettle ${Date.now()}`);
  const created = await shop.call('POST', '/api/coupons', {
    token: admin,
    body: { code: 'REAL5', amountOff: 5, active: true },
  });
  expect(created.status).toBe(201);
  return { shop, product };
}

const orderBody = (productId: string, couponCode?: string, qty = 1) => ({
  orderItems: [{ product: productId, qty }],
  shippingAddress,
  paymentMethod: 'PayPal',
  ...(couponCode ? { couponCode } : {}),
});

const place = (shop: TestShop, token: string, productId: string, address: string, couponCode?: string) =>
  shop.call('POST', '/api/orders', { token, body: orderBody(productId, couponCode), headers: from(address) });

const placeAsGuest = (shop: TestShop, email: string, productId: string, address: string, couponCode?: string) =>
  shop.call('POST', '/api/orders/guest', {
    body: { email, ...orderBody(productId, couponCode) },
    headers: from(address),
  });

const check = (shop: TestShop, productId: string, code: string, address: string, token?: string) =>
  shop.call('POST', '/api/coupons/check', {
    ...(token ? { token } : {}),
    body: { code, items: [{ product: productId, qty: 1 }] },
    headers: from(address),
  });

describe('codes guessed through orders (issue 36, point 2)', () => {
  it('an order with a wrong code spends the refused-code budget of the check, per address: then 429', async () => {
    const { shop, product } = await shopWith({ COUPON_CHECK_RATE_LIMIT: '3' });
    const token = await registerCustomer(shop);
    expect((await check(shop, product._id, 'GUESS1', '203.0.113.9')).body.ok).toBe(false);
    const wrong = await place(shop, token, product._id, '203.0.113.9', 'GUESS2');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(DISCOUNT_MESSAGES.unknown);
    expect((await placeAsGuest(shop, 'g1@example.com', product._id, '203.0.113.9', 'GUESS3')).status).toBe(400);
    // Spent: a further code by order or by check answers 429, a right one too; nothing is placed.
    const blocked = await place(shop, token, product._id, '203.0.113.9', 'GUESS4');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY_ATTEMPTS);
    expect((await place(shop, token, product._id, '203.0.113.9', 'REAL5')).status).toBe(429);
    expect((await placeAsGuest(shop, 'g2@example.com', product._id, '203.0.113.9', 'GUESS5')).status).toBe(429);
    expect((await check(shop, product._id, 'REAL5', '203.0.113.9')).status).toBe(429);
    // An order without a code is no guess; and another address is not held up.
    expect((await place(shop, token, product._id, '203.0.113.9')).status).toBe(201);
    expect((await placeAsGuest(shop, 'g3@example.com', product._id, '203.0.113.10', 'REAL5')).status).toBe(201);
  });

  it('counts a signed-in shopper’s refused codes per account too, whatever the address (orders and checks)', async () => {
    const { shop, product } = await shopWith({ COUPON_CHECK_RATE_LIMIT: '3' });
    const token = await registerCustomer(shop);
    expect((await place(shop, token, product._id, '198.51.100.1', 'GUESS1')).status).toBe(400);
    expect((await check(shop, product._id, 'GUESS2', '198.51.100.2', token)).body.ok).toBe(false);
    expect((await place(shop, token, product._id, '198.51.100.3', 'GUESS3')).status).toBe(400);
    expect((await place(shop, token, product._id, '198.51.100.4', 'GUESS4')).status).toBe(429);
    expect((await check(shop, product._id, 'GUESS5', '198.51.100.5', token)).status).toBe(429);
    // Another account from those addresses is not held up by it.
    const other = await registerCustomer(shop);
    expect((await place(shop, other, product._id, '198.51.100.4', 'REAL5')).status).toBe(201);
  });

  it('property: any mix of wrong codes by check, signed-in order and guest order from one address gets exactly the budget, then 429', async () => {
    const { shop, product } = await shopWith({ COUPON_CHECK_RATE_LIMIT: '3' });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('check', 'signedInCheck', 'order', 'guestOrder'), { minLength: 5, maxLength: 7 }),
        async (kinds) => {
          const address = `198.18.${Math.floor(run / 200)}.${run++ % 200}`; // a fresh budget each run
          const token = await registerCustomer(shop);
          const statuses = [];
          for (const [i, kind] of kinds.entries()) {
            const code = `WRONG${run}X${i}`;
            const res =
              kind === 'order'
                ? await place(shop, token, product._id, address, code)
                : kind === 'guestOrder'
                  ? await placeAsGuest(shop, `p${run}-${i}@example.com`, product._id, address, code)
                  : await check(shop, product._id, code, address, kind === 'signedInCheck' ? token : undefined);
            statuses.push(
              res.status === 200 && res.body.ok === false ? 'refused' : res.status === 400 ? 'refused' : res.status,
            );
          }
          expect(statuses).toEqual([...Array(3).fill('refused'), ...Array(kinds.length - 3).fill(429)]);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('at a hold limit a wrong and a right code get the same 409: the answer tells nothing about the code', async () => {
    const { shop, product } = await shopWith(SHOP_HOLD_LIMITS);
    const token = await registerCustomer(shop);
    for (let i = 0; i < Number(SHOP_HOLD_LIMITS.HOLD_MAX_OPEN_ORDERS); i++)
      expect((await place(shop, token, product._id, '192.0.2.1')).status).toBe(201);
    const wrong = await place(shop, token, product._id, '192.0.2.1', 'NOSUCHCODE');
    const right = await place(shop, token, product._id, '192.0.2.1', 'REAL5');
    expect(wrong.status).toBe(409);
    expect(right.status).toBe(409);
    expect(wrong.body).toEqual(right.body);
    // Guests too, at their per-email limit.
    const email = `hold-${Date.now()}@example.com`;
    for (let i = 0; i < Number(SHOP_HOLD_LIMITS.HOLD_MAX_OPEN_ORDERS); i++)
      expect((await placeAsGuest(shop, email, product._id, '192.0.2.2')).status).toBe(201);
    const guestWrong = await placeAsGuest(shop, email, product._id, '192.0.2.2', 'NOSUCHCODE');
    const guestRight = await placeAsGuest(shop, email, product._id, '192.0.2.2', 'REAL5');
    expect([guestWrong.status, guestRight.status]).toEqual([409, 409]);
    expect(guestWrong.body).toEqual(guestRight.body);
  });
});

describe('order floods and mail bombing (issue 36, point 3)', () => {
  it('orders are limited per account (ORDER_RATE_LIMIT): another account goes on', async () => {
    const { shop, product } = await shopWith({ ORDER_RATE_LIMIT: '3' });
    const token = await registerCustomer(shop);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await place(shop, token, product._id, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await place(shop, await registerCustomer(shop), product._id, '198.51.100.0')).status).toBe(201);
  });

  it('orders are limited per client address (ORDER_RATE_LIMIT_PER_ADDRESS), accounts and guests together', async () => {
    const { shop, product } = await shopWith({ ORDER_RATE_LIMIT_PER_ADDRESS: '4' });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await place(shop, await registerCustomer(shop), product._id, '203.0.113.50')).status);
    statuses.push((await placeAsGuest(shop, `flood-1@example.com`, product._id, '203.0.113.50')).status);
    statuses.push((await placeAsGuest(shop, `flood-2@example.com`, product._id, '203.0.113.50')).status);
    statuses.push((await place(shop, await registerCustomer(shop), product._id, '203.0.113.50')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    expect((await place(shop, await registerCustomer(shop), product._id, '203.0.113.51')).status).toBe(201);
  });

  it('an unverified inbox gets the mails of at most UNVERIFIED_ORDER_RATE_LIMIT orders, by account or as a guest; a confirmed one orders on', async () => {
    const { shop, product } = await shopWith({ UNVERIFIED_ORDER_RATE_LIMIT: '2' });
    // A stranger signs up with the victim's address (never confirmed) and orders, then goes on as a guest.
    const victim = `victim-${Date.now()}@example.com`;
    const signUp = await shop.call('POST', '/api/users', {
      body: { name: 'Text I chose', email: victim, password: 'secret12' },
    });
    expect(signUp.status).toBe(201);
    const token = signUp.body.token as string;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await place(shop, token, product._id, `192.0.2.${10 + i}`)).status);
    statuses.push((await placeAsGuest(shop, victim.toUpperCase(), product._id, '192.0.2.20')).status);
    statuses.push((await placeAsGuest(shop, victim.replace('@', '+x@'), product._id, '192.0.2.21')).status);
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    await waitForMail(shop, victim, /./);
    await new Promise((r) => setTimeout(r, 300)); // time for any further mail
    const orderMails = (await mails(shop)).filter((m) => m.to.toLowerCase() === victim && !/Welcome/.test(m.subject));
    expect(orderMails).toHaveLength(2);

    // A customer who confirmed the address is held to the account's limit only.
    const owner = `owner-${Date.now()}@example.com`;
    const ownerSignUp = await shop.call('POST', '/api/users', {
      body: { name: 'Owner', email: owner, password: 'secret12' },
    });
    const link = linkIn(await waitForMail(shop, owner, /Welcome/), '/verify-email/');
    const verified = await shop.call('POST', '/api/users/verify-email', { body: { token: link.split('/').pop() } });
    expect(verified.status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await place(shop, ownerSignUp.body.token, product._id, `192.0.2.${30 + i}`)).status).toBe(201);
  });

  it('defaults: 30 orders an hour per account, 60 per address, 10 per unverified inbox', async () => {
    const { readConfig } = await import('../src/config.js');
    expect(readConfig({}).orderLimits).toEqual({
      perAccount: { max: 30, windowMs: 3_600_000 },
      perAddress: { max: 60, windowMs: 3_600_000 },
      perUnverifiedInbox: { max: 10, windowMs: 3_600_000 },
    });
  });
});

describe('stock the shop knows is gone (issue 42)', () => {
  /** A product with one unit, sold; then a late order, refused by the placing transaction, from which the shop
   *  knows its stock is gone (the sale's mails sent first: any other write makes the shop forget, placementView.ts). */
  async function soldOut(shop: TestShop) {
    const lamp = await createProduct(shop, 30, 1, `Last Lamp ${Date.now()}`);
    const buyer = `buyer-${Date.now()}@example.com`;
    expect((await placeAsGuest(shop, buyer, lamp._id, '198.51.100.200')).status).toBe(201);
    await waitForMail(shop, buyer, /./);
    await new Promise((r) => setTimeout(r, 300)); // time for any further mail (the owner's low-stock alert)
    const late = await placeAsGuest(shop, `late-${Date.now()}@example.com`, lamp._id, '198.51.100.201');
    expect(late).toMatchObject({ status: 409, body: { message: `${lamp.name} is out of stock` } });
    return lamp;
  }

  it('is refused with the 409 before the order limits count: asking again is no flood, and the limits stay for real orders', async () => {
    const { shop, product } = await shopWith({ ORDER_RATE_LIMIT: '2', GUEST_ORDER_RATE_LIMIT: '2' });
    const token = await registerCustomer(shop); // before the sale: a sign-up is a write, which makes the shop forget
    const lamp = await soldOut(shop);
    const refused = [];
    for (let i = 0; i < 4; i++) refused.push(await place(shop, token, lamp._id, '198.51.100.7'));
    for (let i = 0; i < 3; i++)
      refused.push(await placeAsGuest(shop, `late-${i}@example.com`, lamp._id, '198.51.100.8'));
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409, 409, 409, 409]);
    for (const r of refused) expect(r.body.message).toBe(`${lamp.name} is out of stock`);
    // None of them spent the account's or the address's count: two orders of what is in stock, then the limit.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await place(shop, token, product._id, '198.51.100.7')).status);
    expect(statuses).toEqual([201, 201, 429]);
    const guests = [];
    for (let i = 0; i < 3; i++)
      guests.push((await placeAsGuest(shop, `buyer-${i}@example.com`, product._id, '198.51.100.8')).status);
    expect(guests).toEqual([201, 201, 429]);
  });

  it('is told first: a wrong address or code cannot make the order possible; a malformed list of lines is still a 400', async () => {
    const { shop } = await shopWith({});
    const token = await registerCustomer(shop); // before the sale: a sign-up is a write, which makes the shop forget
    const lamp = await soldOut(shop);
    const noPostcode = { ...orderBody(lamp._id), shippingAddress: { ...shippingAddress, postalCode: '' } };
    const wrongAddress = await shop.call('POST', '/api/orders', { token, body: noPostcode });
    expect(wrongAddress.status).toBe(409);
    expect((await place(shop, token, lamp._id, '198.51.100.9', 'NOSUCHCODE')).status).toBe(409);
    const zeroUnits = await shop.call('POST', '/api/orders', {
      token,
      body: { ...orderBody(lamp._id), orderItems: [{ product: lamp._id, qty: 0 }] },
    });
    expect(zeroUnits.status).toBe(400);
    const noLines = await shop.call('POST', '/api/orders', { token, body: { ...orderBody(lamp._id), orderItems: [] } });
    expect(noLines).toMatchObject({ status: 400, body: { message: 'No order items' } });
    // Signed out, the sign-in comes first.
    expect((await shop.call('POST', '/api/orders', { body: orderBody(lamp._id) })).status).toBe(401);
  });

  it('a restock is seen by the very next order', async () => {
    const { shop } = await shopWith({});
    const token = await registerCustomer(shop); // before the sale: a sign-up is a write, which makes the shop forget
    const lamp = await soldOut(shop);
    expect((await place(shop, token, lamp._id, '198.51.100.10')).status).toBe(409);
    const admin = await shop.adminToken();
    const restock = await shop.call('PUT', `/api/products/${lamp._id}`, {
      token: admin,
      body: productInput(lamp.name, { price: 30, countInStock: 1 }),
    });
    expect(restock.status).toBe(200);
    expect((await place(shop, token, lamp._id, '198.51.100.10')).status).toBe(201);
  });
});

describe('hoarding with fresh accounts (issue 36, point 4)', () => {
  it('four fresh accounts from one address cannot take a 20-unit product to 0; a buyer from another address buys', async () => {
    const { shop } = await shopWith(SHOP_HOLD_LIMITS); // 5 units per customer; an address holds twice that
    const scarce = await createProduct(shop, 50, 20, `Scarce Console ${Date.now()}`);
    const fiveUnits = (token: string, address: string) =>
      shop.call('POST', '/api/orders', {
        token,
        body: orderBody(scarce._id, undefined, 5),
        headers: from(address),
      });
    const tokens = await Promise.all([1, 2, 3, 4].map(() => registerCustomer(shop)));
    const statuses = await Promise.all(tokens.map((token) => fiveUnits(token, '203.0.113.77')));
    expect(statuses.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    expect(statuses.find((r) => r.status === 409)!.body.message).toMatch(/held from your network/);
    // A guest from there is held by the same count.
    const guest = await shop.call('POST', '/api/orders/guest', {
      body: { email: `hoarder-${Date.now()}@example.com`, ...orderBody(scarce._id) },
      headers: from('203.0.113.77'),
    });
    expect(guest.status).toBe(409);
    expect((await shop.call('GET', `/api/products/${scarce._id}`)).body.countInStock).toBe(10);
    const buyer = await fiveUnits(await registerCustomer(shop), '198.51.100.99');
    expect(buyer.status).toBe(201);
    // The order answers carry no client address or its key.
    expect(JSON.stringify(buyer.body)).not.toMatch(/clientKey|client_key|198\.51\.100\.99/);
  });
});

describe('a once-per-customer code counts the person (issue 36, point 7)', () => {
  it('used by an account, it is refused to a guest order with the account’s email, and the other way round', async () => {
    const { shop, product } = await shopWith({});
    const admin = await shop.adminToken();
    const created = await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'ONCEEACH', amountOff: 5, maxUsesPerCustomer: 1, active: true },
    });
    expect(created.status).toBe(201);
    const email = `person-${Date.now()}@example.com`;
    const signUp = await shop.call('POST', '/api/users', { body: { name: 'Pat', email, password: 'secret12' } });
    expect((await place(shop, signUp.body.token, product._id, '192.0.2.40', 'ONCEEACH')).status).toBe(201);
    const again = await placeAsGuest(
      shop,
      email.replace('@', '+2@').toUpperCase(),
      product._id,
      '192.0.2.41',
      'ONCEEACH',
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(DISCOUNT_MESSAGES.usedUpForYou);

    const guestEmail = `guest-person-${Date.now()}@example.com`;
    expect((await placeAsGuest(shop, guestEmail, product._id, '192.0.2.42', 'ONCEEACH')).status).toBe(201);
    const account = await shop.call('POST', '/api/users', {
      body: { name: 'Gus', email: guestEmail, password: 'secret12' },
    });
    // The signed-in check already says so, and the order refuses it.
    const checked = await check(shop, product._id, 'ONCEEACH', '192.0.2.43', account.body.token);
    expect(checked.body).toMatchObject({ ok: false, message: DISCOUNT_MESSAGES.usedUpForYou });
    const refused = await place(shop, account.body.token, product._id, '192.0.2.43', 'ONCEEACH');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DISCOUNT_MESSAGES.usedUpForYou);
  });
});
