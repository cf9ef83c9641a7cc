// Password reset on the embedded backend: enumeration-safe requests, one-time hashed tokens that expire, sessions
// and live streams ended, "password changed" sent; the admin's "Send password reset link".
import { Connection } from '../src/adapters/embedded/sql.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_REQUESTED, RESET_LINK_INVALID } from '../src/domain/index.js';
import { MovableClock } from './support/clock.js';
import { linkIn, mails, waitForMail } from './support/mailbox.js';
import { openStream } from './support/sse.js';
import { startTestShop, type TestShop } from './support/shop.js';

let seq = 0;
async function newAccount(shop: TestShop, password = 'old-secret1') {
  const email = `reset-${Date.now()}-${++seq}@example.com`;
  const res = await shop.call('POST', '/api/users', { body: { name: 'Rita Reset', email, password } });
  expect(res.status).toBe(201);
  return { email, password, token: res.body.token as string, id: res.body._id as string };
}

const request = (shop: TestShop, email: string, headers?: Record<string, string>) =>
  shop.call('POST', '/api/users/password-reset', { body: { email }, headers });
const confirm = (shop: TestShop, token: string, password: string) =>
  shop.call('POST', '/api/users/password-reset/confirm', { body: { token, password } });
const tokenOf = (path: string) => path.split('/').pop()!;

describe('password reset', () => {
  let shop: TestShop;
  const clock = new MovableClock(new Date());
  beforeAll(async () => {
    shop = await startTestShop({ PASSWORD_RESET_RATE_LIMIT: '1000' }, { clock });
  });
  afterAll(() => shop.close());

  it('answers 202 with the same body whether or not the address has an account, and mails only the account', async () => {
    const ann = await newAccount(shop);
    const known = await request(shop, ann.email.toUpperCase());
    const unknown = await request(shop, `nobody-${Date.now()}@example.com`);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    const mail = await waitForMail(shop, ann.email, /Reset your Voltshop password/);
    expect(linkIn(mail, '/reset-password/')).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`${shop.url}/reset-password/`); // the server's own origin in development
    expect(mail.html).toContain(`href="${shop.url}/reset-password/`);
    expect((await mails(shop)).filter((m) => m.to.startsWith('nobody-'))).toEqual([]);
  });

  it('sets the password once: the new one signs in, the old one and the used link fail', async () => {
    const bob = await newAccount(shop);
    await request(shop, bob.email);
    const token = tokenOf(linkIn(await waitForMail(shop, bob.email, /Reset/), '/reset-password/'));
    const done = await confirm(shop, token, 'new-secret2');
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/password was changed/);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: bob.email, password: 'new-secret2' } })).status,
    ).toBe(200);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: bob.email, password: bob.password } })).status,
    ).toBe(401);
    const again = await confirm(shop, token, 'third-secret3');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RESET_LINK_INVALID);
    const changed = await waitForMail(shop, bob.email, /password was changed/);
    expect(changed.text).toMatch(/with a password reset link/);
  });

  it("a link sent before the account's sessions were ended is void: a profile password change, signing out everywhere, an email changed away and back", async () => {
    const linkFor = async (who: { email: string }) => {
      await request(shop, who.email);
      return tokenOf(linkIn(await waitForMail(shop, who.email, /Reset/), '/reset-password/'));
    };
    // A password changed on the profile (the owner saw the link's mail, or not: someone may hold it).
    const dan = await newAccount(shop);
    const danLink = await linkFor(dan);
    const changed = await shop.call('PUT', '/api/users/profile', {
      token: dan.token,
      body: { name: 'Rita Reset', email: dan.email, password: 'profile-new1', currentPassword: dan.password },
    });
    expect(changed.status).toBe(200);
    const refused = await confirm(shop, danLink, 'attacker-1');
    expect([refused.status, refused.body.message]).toEqual([400, RESET_LINK_INVALID]);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: dan.email, password: 'profile-new1' } })).status,
    ).toBe(200);
    // "Sign out everywhere".
    const eva = await newAccount(shop);
    const evaLink = await linkFor(eva);
    expect((await shop.call('POST', '/api/users/logout-all', { token: eva.token })).status).toBeLessThan(300);
    expect((await confirm(shop, evaLink, 'attacker-2')).status).toBe(400);
    // The email changed away and back: the link sent to the address before is not valid again.
    const fay = await newAccount(shop);
    const fayLink = await linkFor(fay);
    const away = await shop.call('PUT', '/api/users/profile', {
      token: fay.token,
      body: { name: 'Rita Reset', email: `away-${fay.email}`, currentPassword: fay.password },
    });
    expect(away.status).toBe(200);
    const back = await shop.call('PUT', '/api/users/profile', {
      token: away.body.token,
      body: { name: 'Rita Reset', email: fay.email, currentPassword: fay.password },
    });
    expect(back.status).toBe(200);
    expect((await confirm(shop, fayLink, 'attacker-3')).status).toBe(400);
    // A link asked for after them works.
    expect((await confirm(shop, await linkFor(fay), 'fay-fresh-1')).status).toBe(200);
  });

  it('ends every session and live stream of the account', async () => {
    const cy = await newAccount(shop);
    const ticket = await shop.call('POST', '/api/live/tickets', { token: cy.token, body: { topics: ['cart'] } });
    const live = await openStream(`${shop.url}/api/live?ticket=${ticket.body.ticket}`);
    await live.next((e) => e.event === 'ready');
    await request(shop, cy.email);
    const token = tokenOf(linkIn(await waitForMail(shop, cy.email, /Reset/), '/reset-password/'));
    expect((await confirm(shop, token, 'brand-new1')).status).toBe(200);
    expect((await shop.call('GET', '/api/users/profile', { token: cy.token })).status).toBe(401);
    await expect(
      Promise.race([live.ended.then(() => 'ended'), new Promise((r) => setTimeout(r, 3000, 'open'))]),
    ).resolves.toBe('ended');
    live.close();
  });

  it('expires a link after one hour, and a newer link voids the older one', async () => {
    const di = await newAccount(shop);
    await request(shop, di.email);
    const first = tokenOf(linkIn(await waitForMail(shop, di.email, /Reset/), '/reset-password/'));
    clock.advance(61 * 60_000);
    expect((await confirm(shop, first, 'late-secret1')).status).toBe(400);

    await request(shop, di.email);
    await new Promise((r) => setTimeout(r, 50));
    const all = (await mails(shop)).filter((m) => m.to === di.email && /Reset/.test(m.subject));
    expect(all).toHaveLength(2);
    const second = tokenOf(linkIn(all[0], '/reset-password/'));
    clock.advance(1_000);
    await request(shop, di.email); // a third: the second stops working
    await new Promise((r) => setTimeout(r, 50));
    const third = tokenOf(
      linkIn(
        (await mails(shop)).find((m) => m.to === di.email)!,
        '/reset-password/',
      ),
    );
    expect(third).not.toBe(second);
    expect((await confirm(shop, second, 'mid-secret1')).status).toBe(400);
    expect((await confirm(shop, third, 'ok-secret1')).status).toBe(200);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: di.email, password: di.password } })).status,
    ).toBe(401);
  });

  it('refuses a made-up token and a weak password with 400s', async () => {
    expect((await confirm(shop, 'A'.repeat(43), 'whatever1')).status).toBe(400);
    expect((await confirm(shop, 'short', 'whatever1')).status).toBe(400);
    const ed = await newAccount(shop);
    await request(shop, ed.email);
    const token = tokenOf(linkIn(await waitForMail(shop, ed.email, /Reset/), '/reset-password/'));
    const weak = await confirm(shop, token, '123');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/at least 6/);
    expect((await confirm(shop, token, 'strong-one1')).status).toBe(200); // the weak try did not use it up
  });

  it('a link sent before migration 43 (no session version kept) keeps its hour', async () => {
    const gus = await newAccount(shop);
    await request(shop, gus.email);
    const token = tokenOf(linkIn(await waitForMail(shop, gus.email, /Reset/), '/reset-password/'));
    const db = new Connection(join(shop.config.dataDir, 'voltshop.db'));
    try {
      const older = await db.execute({
        sql: `UPDATE account_tokens SET token_version = NULL
              WHERE user_id = ? AND purpose = 'password-reset' AND used_at IS NULL`,
        args: [gus.id],
      });
      expect(older.rowsAffected).toBe(1);
    } finally {
      db.close();
    }
    expect((await confirm(shop, token, 'gus-new-secret1')).status).toBe(200);
  });

  it('keeps only a hash of each token', async () => {
    const fay = await newAccount(shop);
    await request(shop, fay.email);
    const token = tokenOf(linkIn(await waitForMail(shop, fay.email, /Reset/), '/reset-password/'));
    const db = new Connection(join(shop.config.dataDir, 'voltshop.db'));
    try {
      const rows = (await db.execute('SELECT token_hash FROM account_tokens')).rows.map((r) => String(r.token_hash));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).not.toContain(token);
      expect(rows.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
      const outbox = await db.execute(`SELECT count(*) AS n FROM mail_outbox WHERE data_json LIKE '%${token}%'`);
      expect(Number(outbox.rows[0].n)).toBe(0); // the sent message's data is not kept either
    } finally {
      db.close();
    }
  });

  it('lets an admin send a user a reset link (POST /api/users/:id/password-reset); a customer may not', async () => {
    const gil = await newAccount(shop);
    const admin = await shop.adminToken();
    const sent = await shop.call('POST', `/api/users/${gil.id}/password-reset`, { token: admin });
    expect(sent.status).toBe(202);
    expect(sent.body.message).toContain(gil.email);
    await waitForMail(shop, gil.email, /Reset your Voltshop password/);
    expect((await shop.call('POST', `/api/users/${gil.id}/password-reset`, { token: gil.token })).status).toBe(403);
    expect(
      (await shop.call('POST', '/api/users/aaaaaaaaaaaaaaaaaaaaaaaa/password-reset', { token: admin })).status,
    ).toBe(404);
  });
});

describe('password reset rate limits', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ PASSWORD_RESET_RATE_LIMIT: '2', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => shop.close());

  it('limits requests per address (for any email) and per email at one address, whether or not the account exists', async () => {
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const victim = `victim-${Date.now()}@example.com`; // no such account: the limit does not tell
    expect((await request(shop, victim, from('10.0.0.1'))).status).toBe(202);
    expect((await request(shop, victim, from('10.0.0.1'))).status).toBe(202);
    expect((await request(shop, victim, from('10.0.0.1'))).status).toBe(429);
    // Another address asking about the same email is answered as usual (past the email's mail cap: nothing sent).
    expect((await request(shop, victim, from('10.0.0.2'))).status).toBe(202);
    expect((await request(shop, victim, from('10.0.0.3'))).status).toBe(202);

    expect((await request(shop, `a-${Date.now()}@example.com`, from('10.0.0.9'))).status).toBe(202);
    expect((await request(shop, `b-${Date.now()}@example.com`, from('10.0.0.9'))).status).toBe(202);
    expect((await request(shop, `c-${Date.now()}@example.com`, from('10.0.0.9'))).status).toBe(429);
  });

  it('a stranger’s requests neither flood the inbox nor block the owner: the owner’s request from elsewhere is a 202 and the newest link works (issue 36)', async () => {
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const owner = await newAccount(shop);
    const attacker = [];
    for (let i = 0; i < 5; i++) attacker.push((await request(shop, owner.email, from(`10.1.0.${1 + (i % 2)}`))).status);
    expect(attacker).toEqual([202, 202, 202, 202, 429]);
    const ownRequest = await request(shop, owner.email, from('10.2.0.1'));
    expect(ownRequest.status).toBe(202);
    expect(ownRequest.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    const resetMails = async () => (await mails(shop)).filter((m) => m.to === owner.email && /Reset/.test(m.subject));
    for (let waited = 0; (await resetMails()).length < 2 && waited < 5_000; waited += 25)
      await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 300)); // time for a third, were one sent
    const inbox = await resetMails();
    expect(inbox).toHaveLength(2); // PASSWORD_RESET_RATE_LIMIT mails per email and window, whoever asks
    // The newest link sent (each new link ends the earlier ones) sets the owner's password.
    const results = [];
    for (const mail of inbox)
      results.push((await confirm(shop, tokenOf(linkIn(mail, '/reset-password/')), 'owner-again-9')).status);
    expect(results.sort()).toEqual([200, 400]);
    const signIn = await shop.call('POST', '/api/users/login', {
      body: { email: owner.email, password: 'owner-again-9' },
      headers: from('10.2.0.1'),
    });
    expect(signIn.status).toBe(200);
  });
});
