// The outbox's renderer on a worker thread (mail/threadRenderer.ts, issue 42): the same mail as the in-process
// renderer, the same error for an unknown template, and a thread that ends fails what waits instead of losing it.
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { mailRenderer } from '../src/mail/render.js';
import { threadMailRenderer, type ThreadMailRenderer } from '../src/mail/threadRenderer.js';
import { DEMO_CUSTOMERS } from '../src/seed/seed.js';
import { linkIn, waitForMail } from './support/mailbox.js';
import { startTestShop } from './support/shop.js';

const ORIGIN = 'http://127.0.0.1:4000';
const reset = { name: 'Ann <Admin>', resetPath: '/reset-password/abc123', expiresInMinutes: 60 };
const opened: ThreadMailRenderer[] = [];
const open = (...args: Parameters<typeof threadMailRenderer>) => {
  const renderer = threadMailRenderer(...args);
  opened.push(renderer);
  return renderer;
};

describe('the mail renderer on a worker thread', () => {
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((r) => r.close()));
  });

  it('renders the very mail the in-process renderer does, in the shop’s time zone, several at once', async () => {
    const timeZone = async () => 'Asia/Tokyo';
    const thread = open(ORIGIN, { timeZone });
    const [a, b] = await Promise.all([
      thread.render('password-reset', reset),
      thread.render('password-reset', { ...reset, name: 'Bob' }),
    ]);
    expect(a).toEqual(await mailRenderer(ORIGIN, { timeZone })('password-reset', reset));
    expect(a.html).toContain('http://127.0.0.1:4000/reset-password/abc123');
    expect(b.text).toContain('Bob');
  }, 30_000);

  it('refuses an unknown template with the in-process message, and renders on after it', async () => {
    const thread = open(ORIGIN);
    await expect(thread.render('no-such-mail', {})).rejects.toThrow('Unknown mail template "no-such-mail"');
    expect((await thread.render('password-reset', reset)).subject).toBeTruthy();
  }, 30_000);

  it('a closed thread fails the render in flight (the outbox retries it); the next render starts a new thread', async () => {
    const thread = open(ORIGIN);
    await thread.render('password-reset', reset); // the thread is up
    const inFlight = thread.render('password-reset', reset);
    await thread.close();
    await expect(inFlight).rejects.toThrow();
    expect((await thread.render('password-reset', reset)).subject).toBeTruthy();
  }, 30_000);

  it('the shop started with it sends the outbox’s mail rendered on the thread (the development mailbox)', async () => {
    const shop = await startTestShop({}, { mailRenderThread: true });
    onTestFinished(() => shop.close());
    const { alice } = DEMO_CUSTOMERS;
    expect((await shop.call('POST', '/api/users/password-reset', { body: { email: alice.email } })).status).toBe(202);
    const mail = await waitForMail(shop, alice.email, /password/i, 15_000);
    expect(linkIn(mail, '/reset-password/')).toMatch(/^\/reset-password\//);
  }, 30_000);
});
