// Revocable sessions (issue 13, point 4): a password or email change, an admin demotion and "Sign out everywhere"
// end every session opened before; changing email or password needs the current password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

let n = 0;
const fresh = () => ({ name: 'Dana Session', email: `dana${++n}-${Date.now()}@example.com`, password: 'secret123' });

/** Registers an account and opens a second session (another device) for it. */
async function twoSessions() {
  const input = fresh();
  const reg = await shop.call('POST', '/api/users', { body: input });
  expect(reg.status).toBe(201);
  const login = await shop.call('POST', '/api/users/login', { body: { email: input.email, password: input.password } });
  expect(login.status).toBe(200);
  expect(login.body.token, 'each sign-in mints its own token, even within one second').not.toBe(reg.body.token);
  return { input, id: reg.body._id as string, phone: reg.body.token as string, laptop: login.body.token as string };
}

const profileStatus = async (token: string) => (await shop.call('GET', '/api/users/profile', { token })).status;

describe('changing email or password asks for the current password', () => {
  it('a new password without currentPassword: 400 naming the field, nothing changed', async () => {
    const { input, phone } = await twoSessions();
    const res = await shop.call('PUT', '/api/users/profile', { token: phone, body: { password: 'another123' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('currentPassword');
    expect(res.body.message).toMatch(/current password/i);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: input.email, password: input.password } })).status,
    ).toBe(200);
  });

  it('a new email without currentPassword: 400 naming the field', async () => {
    const { phone } = await twoSessions();
    const res = await shop.call('PUT', '/api/users/profile', {
      token: phone,
      body: { email: `moved-${Date.now()}@example.com` },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('currentPassword');
  });

  it('a wrong currentPassword: 403 with a clear message (not 401: the session itself is fine), nothing changed', async () => {
    const { input, phone } = await twoSessions();
    const res = await shop.call('PUT', '/api/users/profile', {
      token: phone,
      body: { password: 'another123', currentPassword: 'not-it-123' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Current password is incorrect');
    expect(await profileStatus(phone)).toBe(200);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: input.email, password: 'another123' } })).status,
    ).toBe(401);
  });

  it('the same email (any case) and an empty password are no change: no current password needed, sessions kept', async () => {
    const { input, phone, laptop } = await twoSessions();
    const res = await shop.call('PUT', '/api/users/profile', {
      token: phone,
      body: { name: 'Dana Renamed', email: input.email.toUpperCase(), password: '' },
    });
    expect(res.status).toBe(200);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(phone)).toBe(200);
  });
});

describe('credential changes end older sessions; the caller gets a fresh token', () => {
  it('password change: both older tokens 401, the answered token works', async () => {
    const { input, phone, laptop } = await twoSessions();
    const res = await shop.call('PUT', '/api/users/profile', {
      token: phone,
      body: { password: 'another123', currentPassword: input.password },
    });
    expect(res.status).toBe(200);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(res.body.token)).toBe(200);
  });

  it('email change: older tokens 401, the answered token works', async () => {
    const { input, phone, laptop } = await twoSessions();
    const email = `moved-${Date.now()}@example.com`;
    const res = await shop.call('PUT', '/api/users/profile', {
      token: phone,
      body: { email, currentPassword: input.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(res.body.token)).toBe(200);
  });

  it('POST /api/users/logout-all: every older token 401, the answered token works', async () => {
    const { id, phone, laptop } = await twoSessions();
    const res = await shop.call('POST', '/api/users/logout-all', { token: laptop });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, token: expect.any(String) });
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(res.body.token)).toBe(200);
    expect((await shop.call('POST', '/api/users/logout-all')).status).toBe(401);
  });

  it('admin demotion: the demoted admin’s older tokens 401 everywhere (not only 403 on admin routes)', async () => {
    const admin = await shop.adminToken();
    const { input, id, phone } = await twoSessions();
    const promote = await shop.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { name: input.name, email: input.email, isAdmin: true },
    });
    expect(promote.status).toBe(200);
    const asAdmin = (
      await shop.call('POST', '/api/users/login', { body: { email: input.email, password: input.password } })
    ).body.token as string;
    expect((await shop.call('GET', '/api/users', { token: asAdmin })).status).toBe(200);
    expect(await profileStatus(phone)).toBe(200); // promotion ends no session

    const demote = await shop.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { name: input.name, email: input.email, isAdmin: false },
    });
    expect(demote.status).toBe(200);
    expect((await shop.call('GET', '/api/users', { token: asAdmin })).status).toBe(401);
    expect(await profileStatus(asAdmin)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: input.email, password: input.password } })).status,
    ).toBe(200);
  });

  it('an admin changing a user’s email ends that user’s sessions; a rename alone does not', async () => {
    const admin = await shop.adminToken();
    const { input, id, phone } = await twoSessions();
    const renamed = await shop.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { name: 'Renamed', email: input.email, isAdmin: false },
    });
    expect(renamed.status).toBe(200);
    expect(await profileStatus(phone)).toBe(200);
    const moved = await shop.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { name: 'Renamed', email: `admin-moved-${Date.now()}@example.com`, isAdmin: false },
    });
    expect(moved.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(admin)).toBe(200);
  });
});
