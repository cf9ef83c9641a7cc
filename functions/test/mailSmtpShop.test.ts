// The shop with SMTP_URL: account emails leave through a real SMTP server (started here), rendered, with links
// to PUBLIC_URL; the development mailbox does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './support/shop.js';
import { startTestSmtp, type TestSmtp } from './support/smtp.js';

describe('shop with SMTP', () => {
  let smtp: TestSmtp;
  let shop: TestShop;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    shop = await startTestShop({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Voltshop <orders@shop.example>',
      PUBLIC_URL: 'https://shop.example',
    });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  const arrived = async (to: string, subject: RegExp) => {
    for (let i = 0; i < 200; i++) {
      const found = smtp.received.find((m) => (m.to as { text: string }).text === to && subject.test(m.subject ?? ''));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no ${subject} to ${to}`);
  };

  it('sends the welcome and the reset email through SMTP, links on PUBLIC_URL, HTML and text', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    expect((await shop.call('POST', '/api/users', { body: { name: 'Sam', email, password: 'secret12' } })).status).toBe(
      201,
    );
    const welcome = await arrived(email, /Welcome to Voltshop/);
    expect(welcome.text).toMatch(/https:\/\/shop\.example\/verify-email\/[A-Za-z0-9_-]{43}/);
    expect((await shop.call('POST', '/api/users/password-reset', { body: { email } })).status).toBe(202);
    const reset = await arrived(email, /Reset your Voltshop password/);
    expect(reset.html).toMatch(/href="https:\/\/shop\.example\/reset-password\/[A-Za-z0-9_-]{43}"/);
    expect(reset.text).toMatch(/https:\/\/shop\.example\/reset-password\//);
    expect(reset.from?.value[0].address).toBe('orders@shop.example');
    expect((await shop.call('GET', '/api/dev/mail')).status).toBe(404);
  });
});
