// Issue 41 end to end on the embedded server, in process, with its clock moved (support/clock.ts): a signed-in
// cart left idle gets one reminder email (the dev mailbox), linking to /cart with a one-click unsubscribe that
// works without signing in; none after an order; the dashboard counts it. The e2e server (Playwright) cannot move
// its clock, so this is the end-to-end test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from './support/clock.js';
import { mails, waitForMail } from './support/mailbox.js';
import { placeOneUnitOrder, startTestShop, type TestShop } from './support/shop.js';

const HOUR = 3_600_000;
const SUBJECT = /Your Voltshop cart is waiting/;

describe('abandoned-cart reminder (embedded server, clock moved)', () => {
  let shop: TestShop;
  const clock = new MovableClock(new Date());
  let productId: string;
  let seq = 0;

  beforeAll(async () => {
    shop = await startTestShop({}, { clock });
    const list = await shop.call('GET', '/api/products?pageNumber=1');
    productId = list.body.products.find((p: { countInStock: number }) => p.countInStock >= 5)._id;
  });
  afterAll(async () => {
    await shop?.close();
  });

  async function customerWithCart() {
    const email = `reminded-${Date.now()}-${++seq}@voltshop.test`;
    const res = await shop.call('POST', '/api/users', { body: { name: 'Cara Cart', email, password: 'secret12' } });
    expect(res.status).toBe(201);
    const token = res.body.token as string;
    const cart = await shop.call('PUT', '/api/cart', { token, body: { items: [{ product: productId, qty: 2 }] } });
    expect(cart.status).toBe(200);
    return { email, token };
  }
  const remindersTo = async (email: string) =>
    (await mails(shop)).filter((m) => m.to === email && SUBJECT.test(m.subject));
  const sweepAfter = async (ms: number) => {
    clock.advance(ms);
    await shop.sweepExpired();
  };

  it('one mail after the idle time, linking to the cart; its unsubscribe link turns reminders off without sign-in', async () => {
    const { email, token } = await customerWithCart();
    await sweepAfter(23 * HOUR);
    expect(await remindersTo(email)).toEqual([]);
    await sweepAfter(1 * HOUR);
    const mail = await waitForMail(shop, email, SUBJECT);
    expect(mail.text).toMatch(/\/cart\b/);
    await sweepAfter(2 * HOUR);
    expect(await remindersTo(email)).toHaveLength(1);

    const link = mail.text.match(/https?:\/\/[^\s/]+\/unsubscribe\/cart-reminders\/([^\s)\]]+)/);
    expect(link).not.toBeNull();
    const tokenInLink = decodeURIComponent(link![1]!);
    const tampered = `${tokenInLink.slice(0, -2)}xx`;
    expect((await shop.call('POST', '/api/cart-reminders/unsubscribe', { body: { token: tampered } })).status).toBe(
      404,
    );
    expect((await shop.call('GET', '/api/cart-reminders/preference', { token })).body).toEqual({ subscribed: true });
    const unsubscribed = await shop.call('POST', '/api/cart-reminders/unsubscribe', { body: { token: tokenInLink } });
    expect(unsubscribed).toMatchObject({ status: 200, body: { subscribed: false } });
    expect((await shop.call('GET', '/api/cart-reminders/preference', { token })).body).toEqual({ subscribed: false });

    // A change of the cart would re-arm it, but the customer unsubscribed: nothing more.
    await shop.call('PUT', '/api/cart', { token, body: { items: [{ product: productId, qty: 1 }] } });
    await sweepAfter(30 * HOUR);
    expect(await remindersTo(email)).toHaveLength(1);

    // The account page's toggle turns them on again; the changed cart then gets its own reminder.
    const on = await shop.call('PUT', '/api/cart-reminders/preference', { token, body: { subscribed: true } });
    expect(on).toMatchObject({ status: 200, body: { subscribed: true } });
    await sweepAfter(1 * HOUR);
    await expect.poll(async () => (await remindersTo(email)).length).toBe(2);
  });

  it('none after an order placed since the cart changed; the dashboard counts sent and recovered', async () => {
    const before = (await shop.call('GET', '/api/admin/stats', { token: await shop.adminToken() })).body;
    const { email, token } = await customerWithCart();
    await placeOneUnitOrder(shop, token, { productId });
    await sweepAfter(25 * HOUR);
    expect(await remindersTo(email)).toEqual([]);

    // Reminded, then an order within the recovery days: recovered.
    const other = await customerWithCart();
    await sweepAfter(25 * HOUR);
    await waitForMail(shop, other.email, SUBJECT);
    clock.advance(2 * 24 * HOUR);
    await placeOneUnitOrder(shop, other.token, { productId });
    const admin = await shop.call('GET', '/api/admin/stats', { token: await shop.adminToken() });
    expect(admin.status).toBe(200);
    expect(admin.body.cartReminders.recoveryDays).toBe(7);
    expect(admin.body.cartReminders.sent).toBeGreaterThanOrEqual(1);
    expect(admin.body.cartReminders.recovered).toBe(before.cartReminders.recovered + 1);
  });
});
