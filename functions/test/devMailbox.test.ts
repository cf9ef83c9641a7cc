// The development outbox: mail "delivered" into the shop's database and shown at /dev/mailbox and /api/dev/mail,
// outside production only.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './support/shop.js';

const message = (n: number) => ({
  to: `shopper${n}@example.com`,
  subject: `Hello <${n}>`,
  text: `Plain ${n}`,
  html: `<p style="color:#123">Rich <b>${n}</b></p>`,
});

describe('development mailbox', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('is the mailer when no SMTP server is set, outside production', () => {
    expect(shop.mailer.mode).toBe('devbox');
  });

  it('is announced by GET /api/config (the admin links it from there, without asking a path that may 404)', async () => {
    expect((await shop.call('GET', '/api/config')).body.devMailbox).toBe(true);
  });

  it('answers GET /api/dev/mail with the messages, newest first, each kept once per id', async () => {
    expect((await shop.call('GET', '/api/dev/mail')).body).toEqual([]);
    await shop.mailer.send('m1', message(1));
    await new Promise((r) => setTimeout(r, 5));
    await shop.mailer.send('m2', message(2));
    await shop.mailer.send('m2', message(2)); // a redelivery of the same outbox message
    const { status, body } = await shop.call('GET', '/api/dev/mail');
    expect(status).toBe(200);
    expect(body.map((m: { id: string }) => m.id)).toEqual(['m2', 'm1']);
    expect(body[0]).toEqual({ id: 'm2', ...message(2), createdAt: expect.any(String) });
  });

  it('lists the messages at /dev/mailbox and shows one with its HTML and text', async () => {
    const list = await fetch(`${shop.url}/dev/mailbox`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/text\/html/);
    const html = await list.text();
    expect(html).toContain('Hello &lt;2&gt;');
    expect(html.indexOf('Hello &lt;2&gt;')).toBeLessThan(html.indexOf('Hello &lt;1&gt;'));
    expect(html).toContain('name="viewport"');
    // The shop's icon, so the browser does not ask for /favicon.ico (a 404 in the console of every mailbox page).
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');

    const one = await (await fetch(`${shop.url}/dev/mailbox/m1`)).text();
    expect(one).toContain('shopper1@example.com');
    expect(one).toContain('src="/dev/mailbox/m1/html"');
    expect(one).toContain('Plain 1');
    expect(await (await fetch(`${shop.url}/dev/mailbox/m1/html`)).text()).toBe(message(1).html);
    expect((await fetch(`${shop.url}/dev/mailbox/nope`)).status).toBe(404);
  });
});

describe('in production', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => shop.close());

  it('has no mailbox: its routes are 404, and GET /api/config says there is none', async () => {
    expect((await shop.call('GET', '/api/dev/mail')).status).toBe(404);
    expect((await fetch(`${shop.url}/dev/mailbox`)).status).toBe(404);
    expect((await shop.call('GET', '/api/config')).body.devMailbox).toBe(false);
  });

  it('without SMTP settings refuses to pretend mail was sent', async () => {
    expect(shop.mailer.mode).toBe('none');
    await expect(shop.mailer.send('x', message(1))).rejects.toThrow(/SMTP_URL/);
  });
});

describe('with SMTP_URL', () => {
  it('uses SMTP and mounts no mailbox', async () => {
    const shop = await startTestShop({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Shop <shop@example.com>' });
    try {
      expect(shop.mailer.mode).toBe('smtp');
      expect((await shop.call('GET', '/api/dev/mail')).status).toBe(404);
    } finally {
      await shop.close();
    }
  });

  it('refuses SMTP_URL without MAIL_FROM in production, and a URL that is not smtp(s)', async () => {
    await expect(
      startTestShop({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', SMTP_URL: 'smtp://127.0.0.1:1' }),
    ).rejects.toThrow(/MAIL_FROM/);
    await expect(startTestShop({ SMTP_URL: 'https://mail.example' })).rejects.toThrow(/SMTP_URL/);
  });
});

/** This machine's first address that is not loopback (the sandbox and CI machines have one). */
function outwardAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  if (!address) throw new Error('this test needs a non-loopback IPv4 interface');
  return address;
}

/** What GET /api/config tells the client at `origin` of the development mailbox. */
const devMailboxAt = async (origin: string) =>
  ((await (await fetch(`${origin}/api/config`)).json()) as { devMailbox: boolean }).devMailbox;

describe('who the development mailbox answers (issue 36)', () => {
  it('answers loopback clients only, whatever X-Forwarded-For claims, while the server listens on every interface', async () => {
    const shop = await startTestShop({ HOST: '0.0.0.0', TRUST_PROXY: 'true' });
    try {
      const port = new URL(shop.url).port;
      const outside = `http://${outwardAddress()}:${port}`;
      expect((await fetch(`${outside}/api/dev/mail`)).status).toBe(404);
      expect((await fetch(`${outside}/api/dev/mail`, { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(
        404,
      );
      expect((await fetch(`${outside}/dev/mailbox`)).status).toBe(404);
      expect((await fetch(`${outside}/dev/mailbox/m1/html`)).status).toBe(404);
      expect(await devMailboxAt(outside)).toBe(false);
      expect(await devMailboxAt(shop.url)).toBe(true);
      // The shop itself still answers there; and the mailbox answers this machine.
      expect((await fetch(`${outside}/api/config/paypal`)).status).not.toBe(404);
      expect((await fetch(`${shop.url}/api/dev/mail`)).status).toBe(200);
      expect((await fetch(`${shop.url}/dev/mailbox`)).status).toBe(200);
    } finally {
      await shop.close();
    }
  });

  it('answers every client with DEV_MAILBOX_OPEN=true', async () => {
    const shop = await startTestShop({ HOST: '0.0.0.0', DEV_MAILBOX_OPEN: 'true' });
    try {
      const outside = `http://${outwardAddress()}:${new URL(shop.url).port}`;
      expect((await fetch(`${outside}/api/dev/mail`)).status).toBe(200);
      expect((await fetch(`${outside}/dev/mailbox`)).status).toBe(200);
      expect(await devMailboxAt(outside)).toBe(true);
    } finally {
      await shop.close();
    }
  });
});
