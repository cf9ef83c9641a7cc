// The owner learns that email is not going out (production without SMTP_URL starts no outbox worker, so messages
// wait in the outbox): GET /api/admin/stats names since when the oldest message has waited, once it has waited
// MAIL_OVERDUE_MS; a shop whose worker sends says nothing. And that the mail server refuses what the worker sends
// (a wrong address or password in SMTP_URL): mailFailing, with the server's answer.
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_OVERDUE_MS } from '../src/domain/limits.js';
import { MovableClock } from './support/clock.js';
import { waitForMail } from './support/mailbox.js';
import { startTestShop, type TestShop } from './support/shop.js';

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
      mailFailing: { count: number; more: boolean; givenUp: number; lastError: string } | null;
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
    expect(mailFailing).toMatchObject({ count: 1, more: false, givenUp: 0 });
    expect(mailFailing!.lastError).toMatch(/ECONNREFUSED/);
    expect(mailOverdueSince).toBeNull();
  });
});
