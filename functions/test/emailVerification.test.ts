// Welcome email with a verification link, the profile's verification state, "password changed" after a profile
// password change, and a changed email being unverified until its own link is followed (embedded backend).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_LINK_INVALID } from '../src/domain/index.js';
import { linkIn, mails, waitForMail } from './support/mailbox.js';
import { startTestShop, type TestShop } from './support/shop.js';

let seq = 0;
async function signUp(shop: TestShop) {
  const email = `verify-${Date.now()}-${++seq}@example.com`;
  const res = await shop.call('POST', '/api/users', { body: { name: 'Vera', email, password: 'secret12' } });
  expect(res.status).toBe(201);
  return { email, token: res.body.token as string };
}
const tokenOf = (path: string) => path.split('/').pop()!;

describe('email verification', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  const state = async (token: string) => (await shop.call('GET', '/api/users/profile/verification', { token })).body;
  const verify = (token: string) => shop.call('POST', '/api/users/verify-email', { body: { token } });

  it('welcomes a new account with a link that confirms its address once; it may shop meanwhile', async () => {
    const vera = await signUp(shop);
    expect(await state(vera.token)).toEqual({ email: vera.email, verified: false, verifiedAt: null });
    const welcome = await waitForMail(shop, vera.email, /Welcome to Voltshop/);
    expect(welcome.html).toContain('Confirm my email address');
    const link = tokenOf(linkIn(welcome, '/verify-email/'));
    expect((await shop.call('GET', '/api/cart', { token: vera.token })).status).toBe(200); // unverified may shop
    const done = await verify(link);
    expect(done.status).toBe(200);
    expect(await state(vera.token)).toMatchObject({ verified: true, verifiedAt: expect.any(String) });
    const again = await verify(link);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(VERIFY_LINK_INVALID);
  });

  it('sends a new link on request; the older one stops working', async () => {
    const ann = await signUp(shop);
    const first = tokenOf(linkIn(await waitForMail(shop, ann.email, /Welcome/), '/verify-email/'));
    expect((await shop.call('POST', '/api/users/profile/verification', { token: ann.token })).status).toBe(202);
    const second = tokenOf(linkIn(await waitForMail(shop, ann.email, /Confirm your email/), '/verify-email/'));
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
  });

  it('sends "password changed" after a profile password change', async () => {
    const bo = await signUp(shop);
    const changed = await shop.call('PUT', '/api/users/profile', {
      token: bo.token,
      body: { name: 'Vera', email: bo.email, password: 'newer-secret1', currentPassword: 'secret12' },
    });
    expect(changed.status).toBe(200);
    const mail = await waitForMail(shop, bo.email, /password was changed/);
    expect(mail.text).toMatch(/on your profile page/);
    expect(mail.text).toContain(`${shop.url}/forgot-password`);
  });

  it('treats a changed email as unverified until its own link is followed; a link to the old address is void', async () => {
    const cy = await signUp(shop);
    const oldLink = tokenOf(linkIn(await waitForMail(shop, cy.email, /Welcome/), '/verify-email/'));
    expect((await verify(oldLink)).status).toBe(200);
    const resent = await shop.call('POST', '/api/users/profile/verification', { token: cy.token });
    expect(resent.status).toBe(202);
    const staleLink = tokenOf(linkIn(await waitForMail(shop, cy.email, /Confirm your email/), '/verify-email/'));

    const newEmail = `moved-${Date.now()}@example.com`;
    const moved = await shop.call('PUT', '/api/users/profile', {
      token: cy.token,
      body: { name: 'Vera', email: newEmail, currentPassword: 'secret12' },
    });
    expect(moved.status).toBe(200);
    const token = moved.body.token as string;
    expect(await state(token)).toMatchObject({ email: newEmail, verified: false });
    expect((await verify(staleLink)).status).toBe(400); // sent to the old address
    const fresh = tokenOf(linkIn(await waitForMail(shop, newEmail, /Confirm your email/), '/verify-email/'));
    expect((await verify(fresh)).status).toBe(200);
    expect(await state(token)).toMatchObject({ email: newEmail, verified: true });
    expect((await mails(shop)).some((m) => m.to === newEmail && /Welcome/.test(m.subject))).toBe(false);
    // The old address hears of the change (someone else may have made it), with no link that signs in.
    const notice = await waitForMail(shop, cy.email, /email address of your Voltshop account was changed/);
    expect(notice.text).toContain(`changed from this address to ${newEmail}`);
    expect(notice.text).toContain(`${shop.url}/forgot-password`);
    expect(notice.text).not.toMatch(/verify-email|reset-password\//);
  });

  it("an admin changing a customer's email: the old address hears of it, the new one gets its link, unconfirmed until followed", async () => {
    const eve = await signUp(shop);
    const me = (await shop.call('GET', '/api/users/profile', { token: eve.token })).body;
    const newEmail = `admin-moved-${Date.now()}@example.com`;
    const admin = await shop.adminToken();
    const changed = await shop.call('PUT', `/api/users/${me._id}`, {
      token: admin,
      body: { name: 'Vera', email: newEmail, isAdmin: false },
    });
    expect(changed.status).toBe(200);
    const notice = await waitForMail(shop, eve.email, /email address of your Voltshop account was changed/);
    expect(notice.text).toContain(`changed from this address to ${newEmail}`);
    const link = tokenOf(linkIn(await waitForMail(shop, newEmail, /Confirm your email/), '/verify-email/'));
    const signedIn = await shop.call('POST', '/api/users/login', { body: { email: newEmail, password: 'secret12' } });
    expect(await state(signedIn.body.token)).toMatchObject({ email: newEmail, verified: false });
    expect((await verify(link)).status).toBe(200);
  });

  it("an admin cannot change their own email through the users' list (no current password asked there): the profile does it", async () => {
    const admin = await shop.adminToken();
    const me = (await shop.call('GET', '/api/users/profile', { token: admin })).body;
    const res = await shop.call('PUT', `/api/users/${me._id}`, {
      token: admin,
      body: { name: me.name, email: `taken-over-${Date.now()}@example.com`, isAdmin: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Change your own email on your profile page: it asks for your current password');
    expect((await shop.call('GET', '/api/users/profile', { token: admin })).body.email).toBe(me.email);
    // The name alone still changes there.
    const renamed = await shop.call('PUT', `/api/users/${me._id}`, {
      token: admin,
      body: { name: 'Admin Renamed', email: me.email, isAdmin: true },
    });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Admin Renamed']);
    await shop.call('PUT', `/api/users/${me._id}`, {
      token: admin,
      body: { name: me.name, email: me.email, isAdmin: true },
    });
  });

  it('sends no email-changed notice when only the name changes', async () => {
    const dee = await signUp(shop);
    const renamed = await shop.call('PUT', '/api/users/profile', { token: dee.token, body: { name: 'Dee Renamed' } });
    expect(renamed.status).toBe(200);
    await waitForMail(shop, dee.email, /Welcome/);
    expect((await mails(shop)).filter((m) => m.to === dee.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/Welcome/),
    ]);
  });
});
