// Gift cards through the API (issue 39): the owner issues a card, its recipient gets one mail with the code (recorded
// in the card's transaction: mail/outbox), anyone reads its balance by the code in any spelling, an unknown code is
// a 404. The store's side on both backends: contract/giftCards.contract.ts; who may call what:
// reliability/authorization.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, waitForMail } from './support/mailbox.js';
import { startTestShop, type TestShop } from './support/shop.js';

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
});
