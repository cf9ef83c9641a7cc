// The owner learns that email is not going out (production without SMTP_URL starts no outbox worker, so messages
// wait in the outbox): GET /api/admin/stats names since when the oldest message has waited, once it has waited
// MAIL_OVERDUE_MS; a shop whose worker sends says nothing. And that the mail server refuses what the worker sends
// (a wrong address or password in SMTP_URL): mailFailing, with the server's answer; and, once it is fixed, sends what
// was given up again (POST /api/admin/mail/resend).
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_OVERDUE_MS } from '../src/domain/limits.js';
import { MovableClock } from './support/clock.js';
import { waitForMail } from './support/mailbox.js';
import { createProduct, startTestShop, type TestShop } from './support/shop.js';
import { startTestSmtp } from './support/smtp.js';

const MINUTE = 60_000;

describe('mail not going out, on the dashboard', () => {
  let shop: TestShop | undefined;
  afterEach(async () => {
    await shop?.close();
    shop = undefined;
  });

  const stats = async () => {
    const res = await shop!.call('GET', '/api/admin/stats', { token: await shop!.adminToken() });
    expect(res.status).toBe(200);
    return res.body as {
      mailOverdueSince: string | null;
      mailFailing: { count: number; more: boolean; givenUp: number; resendable: number; lastError: string } | null;
    };
  };

  it('production without SMTP: a message waiting past MAIL_OVERDUE_MS is reported with its due time', async () => {
    const clock = new MovableClock(new Date('2026-12-02T10:00:00.000Z'));
    shop = await startTestShop({ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.test' }, { clock });
    expect(shop.mailer.mode).toBe('none');
    expect((await stats()).mailOverdueSince).toBeNull();

    const asked = clock.now().toISOString();
    const reset = await shop.call('POST', '/api/users/password-reset', { body: { email: 'alice@voltshop.test' } });
    expect(reset.status).toBe(202);
    clock.advance(MAIL_OVERDUE_MS - MINUTE);
    expect((await stats()).mailOverdueSince).toBeNull(); // not yet: a worker may be a little behind
    clock.advance(2 * MINUTE);
    expect((await stats()).mailOverdueSince).toBe(asked);
  });

  it('a shop whose outbox worker sends (the development mailbox) reports nothing', async () => {
    const clock = new MovableClock(new Date('2026-12-02T10:00:00.000Z'));
    shop = await startTestShop({}, { clock });
    const reset = await shop.call('POST', '/api/users/password-reset', { body: { email: 'alice@voltshop.test' } });
    expect(reset.status).toBe(202);
    await waitForMail(shop, 'alice@voltshop.test', /password/i);
    clock.advance(MAIL_OVERDUE_MS + MINUTE);
    expect((await stats()).mailOverdueSince).toBeNull();
    expect((await stats()).mailFailing).toBeNull();
  });

  it('a mail server that refuses (nothing listens at SMTP_URL) is reported with its answer, though nothing is overdue', async () => {
    const clock = new MovableClock(new Date('2026-12-02T10:00:00.000Z'));
    shop = await startTestShop({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Shop <shop@example.com>' }, { clock });
    expect((await stats()).mailFailing).toBeNull();
    const reset = await shop.call('POST', '/api/users/password-reset', { body: { email: 'alice@voltshop.test' } });
    expect(reset.status).toBe(202);
    // The worker tries at once (woken by the record) and is refused; the message waits for its retry.
    await expect.poll(async () => (await stats()).mailFailing, { timeout: 10_000 }).not.toBeNull();
    const { mailFailing, mailOverdueSince } = await stats();
    expect(mailFailing).toMatchObject({ count: 1, more: false, givenUp: 0, resendable: 0 });
    expect(mailFailing!.lastError).toMatch(/ECONNREFUSED/);
    expect(mailOverdueSince).toBeNull();
  });

  it("the given-up emails go out again on the admin's request, but for the expiring account links", async () => {
    const smtp = await startTestSmtp();
    try {
      shop = await startTestShop(
        { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>' },
        { mailWorker: { maxAttempts: 1 } }, // one refusal gives a message up
      );
      const admin = await shop.adminToken();
      const resend = (token?: string, body?: unknown) => shop!.call('POST', '/api/admin/mail/resend', { token, body });
      expect((await resend(admin)).body).toEqual({ queued: 0 });

      // An order mail and a password reset, both refused and given up.
      smtp.refuseNext(100); // whatever is sent until the server is fixed
      const alice = await shop.aliceToken();
      const order = await shop.call('POST', '/api/orders', {
        token: alice,
        body: {
          orderItems: [{ product: (await createProduct(shop, 25, 100, 'Resend Cable'))._id, qty: 1 }],
          shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
          paymentMethod: 'PayPal',
        },
      });
      expect(order.status).toBe(201);
      const reset = await shop.call('POST', '/api/users/password-reset', { body: { email: 'bob@voltshop.test' } });
      expect(reset.status).toBe(202);
      await expect
        .poll(async () => (await stats()).mailFailing, { timeout: 10_000 })
        .toMatchObject({ count: 2, givenUp: 2, resendable: 1 }); // the order's mail, not the reset link
      expect(smtp.received).toEqual([]);

      // Only an admin asks, with no body.
      expect((await resend()).status).toBe(401);
      expect((await resend(alice)).status).toBe(403);
      expect((await resend(admin, { all: true })).status).toBe(400);

      smtp.refuseNext(0);
      const again = await resend(admin);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ queued: 1 }); // the order's mail; the reset link would be stale
      await expect
        .poll(() => smtp.received.map((m) => m.to && (m.to as { text: string }).text), { timeout: 10_000 })
        .toEqual(['alice@voltshop.test']);
      expect(smtp.received[0]!.subject).toMatch(/order/i);
      await expect
        .poll(async () => (await stats()).mailFailing, { timeout: 10_000 })
        .toMatchObject({ count: 1, givenUp: 1, resendable: 0 });
      expect((await resend(admin)).body).toEqual({ queued: 0 }); // sent once; the reset stays given up
    } finally {
      await shop?.close();
      shop = undefined;
      await smtp.close();
    }
  });
});
