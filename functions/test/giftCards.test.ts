// Gift cards through the API (issue 39): the owner issues a card, its recipient gets one mail with the code (recorded
// in the card's transaction: mail/outbox), anyone reads its balance by the code in any spelling, an unknown code is
// a 404. The store's side on both backends: contract/giftCards.contract.ts; who may call what:
// reliability/authorization.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderBody } from '../src/api/endpoints.js';
import { mails, waitForMail } from './support/mailbox.js';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
});
afterAll(async () => {
  await shop?.close();
});

describe('gift cards', () => {
  it('issues a card whose recipient gets its code once; the balance reads by the code, spaces and case aside', async () => {
    const issued = await shop.call('POST', '/api/gift-cards', {
      token: admin,
      body: { amount: 25, recipientEmail: 'lucky@example.com' },
    });
    expect(issued.status).toBe(201);
    const code = issued.body.code as string;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(issued.body.balance).toBe(25);

    const mail = await waitForMail(shop, 'lucky@example.com', /gift card/i);
    expect(mail.text).toContain(code);
    expect((await mails(shop)).filter((m) => m.to === 'lucky@example.com')).toHaveLength(1);

    const spelt = code.toLowerCase().replaceAll('-', ' ');
    const checked = await shop.call('GET', `/api/gift-cards/${encodeURIComponent(spelt)}`);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ balance: 25 });
    expect((await shop.call('GET', '/api/gift-cards/AAAA-BBBB-CCCC-DDDD')).status).toBe(404);
  });

  it('refuses an amount that is not a positive sum, and records nothing', async () => {
    const before = (await shop.call('GET', '/api/gift-cards', { token: admin })).body as unknown[];
    for (const amount of [0, -5, 'ten'])
      expect((await shop.call('POST', '/api/gift-cards', { token: admin, body: { amount } })).status).toBe(400);
    expect((await shop.call('GET', '/api/gift-cards', { token: admin })).body).toHaveLength(before.length);
  });

  it("spends the account's store credit when the web's Place Order body asks for it (useStoreCredit)", async () => {
    const lamp = await createProduct(shop, 40, 10, 'Credit Lamp');
    const token = await registerCustomer(shop, 'credit');
    // Exactly what web/src/features/checkout/routes/PlaceOrderPage.tsx sends.
    const body = (extra: Partial<PlaceOrderBody> = {}): PlaceOrderBody => ({
      orderItems: [{ product: lamp._id, qty: 1 }],
      shippingAddress,
      paymentMethod: 'PayPal',
      shippingMethod: 'standard',
      ...extra,
    });
    const credit = async () => (await shop.call('GET', '/api/gift-cards/credit', { token })).body.balance as number;

    // No credit yet: asking for it is refused, and nothing is placed.
    const refused = await shop.call('POST', '/api/orders', { token, body: body({ useStoreCredit: true }) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You have no store credit to spend');

    // A paid order, $10 of it refunded to the account's store credit.
    const first = await shop.call('POST', '/api/orders', { token, body: body() });
    expect(first.status).toBe(201);
    const total = first.body.totalPrice as number;
    const paid = await shop.call('PUT', `/api/orders/${first.body._id}/pay`, { token, body: { simulated: true } });
    expect(paid.status).toBe(200);
    const refund = await shop.call('POST', `/api/orders/${first.body._id}/refunds`, {
      token: admin,
      body: { amount: 10, to: 'storeCredit' },
    });
    expect(refund.status).toBe(201);
    expect(refund.body.refunds[0].parts).toEqual([{ kind: 'storeCredit', amount: 10, credit: true }]);
    expect(await credit()).toBe(10);

    // The next order at the total shown: the credit pays $10, the rest is still to pay; the credit is spent.
    const second = await shop.call('POST', '/api/orders', {
      token,
      body: body({ useStoreCredit: true, expectedTotal: total }),
    });
    expect(second.status).toBe(201);
    expect(second.body.tenders).toEqual([{ kind: 'storeCredit', ref: expect.any(String), amount: 10, refunded: 0 }]);
    expect(second.body.totalPrice).toBe(total);
    expect(second.body.status).toBe('awaiting_payment');
    expect(await credit()).toBe(0);

    // A credit covering the whole total: paid when placed, no payment step.
    const back = await shop.call('POST', `/api/orders/${first.body._id}/refunds`, {
      token: admin,
      body: { to: 'storeCredit' },
    });
    expect(back.status).toBe(201);
    expect(await credit()).toBe(Math.round((total - 10) * 100) / 100);
    const cheap = await createProduct(shop, 5, 10, 'Credit Sticker');
    const covered = await shop.call('POST', '/api/orders', {
      token,
      body: { ...body({ useStoreCredit: true }), orderItems: [{ product: cheap._id, qty: 1 }] },
    });
    expect(covered.status).toBe(201);
    expect(covered.body.isPaid).toBe(true);
    expect(covered.body.status).toBe('paid');
    expect(covered.body.tenders[0].amount).toBe(covered.body.totalPrice);
    expect(await credit()).toBe(Math.round((total - 10 - covered.body.totalPrice) * 100) / 100);
  });

  it("refuses a guest's order that asks for store credit (a guest has no account to spend)", async () => {
    const lamp = await createProduct(shop, 40, 10, 'Guest Lamp');
    const guest = await shop.call('POST', '/api/orders/guest', {
      body: {
        orderItems: [{ product: lamp._id, qty: 1 }],
        shippingAddress,
        paymentMethod: 'PayPal',
        useStoreCredit: true,
        email: 'guest-credit@example.com',
      },
    });
    expect(guest.status).toBe(400);
    expect(guest.body.message).toBe('A guest order cannot use store credit');
  });
});
