import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

let n = 0;
const fresh = () => ({ name: 'Carol Test', email: `carol${++n}@example.com`, password: 'secret123' });

describe('register and login', () => {
  it('registers and answers the user with a token; the password is never echoed', async () => {
    const input = fresh();
    const { status, body } = await shop.call('POST', '/api/users', { body: input });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: input.name, email: input.email, isAdmin: false });
    expect(typeof body._id).toBe('string');
    expect(typeof body.token).toBe('string');
    expect(JSON.stringify(body)).not.toContain('secret123');
    expect(body).not.toHaveProperty('password');
  });

  it('keeps emails unique case-insensitively', async () => {
    const input = fresh();
    await shop.call('POST', '/api/users', { body: input });
    const dup = await shop.call('POST', '/api/users', { body: { ...input, email: input.email.toUpperCase() } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('User already exists');
  });

  it('cannot register as admin', async () => {
    const res = await shop.call('POST', '/api/users', { body: { ...fresh(), isAdmin: true } });
    expect(res.status).toBe(400);
  });

  it('logs in case-insensitively; wrong password and unknown email get the same 401', async () => {
    const input = fresh();
    await shop.call('POST', '/api/users', { body: input });
    const ok = await shop.call('POST', '/api/users/login', {
      body: { email: input.email.toUpperCase(), password: input.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    const wrong = await shop.call('POST', '/api/users/login', { body: { email: input.email, password: 'nope-nope' } });
    const unknown = await shop.call('POST', '/api/users/login', {
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('refuses invalid and forged tokens', async () => {
    expect((await shop.call('GET', '/api/users/profile')).status).toBe(401);
    expect((await shop.call('GET', '/api/users/profile', { token: 'garbage' })).status).toBe(401);
    const real = await shop.aliceToken();
    const [h, p] = real.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await shop.call('GET', '/api/users/profile', { token: forged })).status).toBe(401);
    // alg "none" must not be accepted
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect((await shop.call('GET', '/api/users/profile', { token: none })).status).toBe(401);
  });
});

describe('profile', () => {
  it('reads and updates the profile, answering a fresh token that works', async () => {
    const input = fresh();
    const reg = await shop.call('POST', '/api/users', { body: input });
    const token = reg.body.token;
    const me = await shop.call('GET', '/api/users/profile', { token });
    expect(me.body).toMatchObject({ _id: reg.body._id, email: input.email });

    const upd = await shop.call('PUT', '/api/users/profile', {
      token,
      body: {
        id: reg.body._id,
        name: 'Carol New',
        email: input.email,
        password: 'newsecret1',
        currentPassword: input.password,
      },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.name).toBe('Carol New');
    expect(upd.body.token).toBeTruthy();
    expect((await shop.call('GET', '/api/users/profile', { token: upd.body.token })).body.name).toBe('Carol New');
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: input.email, password: 'newsecret1' } })).status,
    ).toBe(200);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: input.email, password: input.password } })).status,
    ).toBe(401);
  });

  it('an empty password keeps the current one; a taken email is refused', async () => {
    const a = fresh();
    const b = fresh();
    const ra = await shop.call('POST', '/api/users', { body: a });
    await shop.call('POST', '/api/users', { body: b });
    expect(
      (
        await shop.call('PUT', '/api/users/profile', {
          token: ra.body.token,
          body: { name: 'A', email: a.email, password: '' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: a.email, password: a.password } })).status,
    ).toBe(200);
    const taken = await shop.call('PUT', '/api/users/profile', {
      token: ra.body.token,
      body: { email: b.email.toUpperCase(), currentPassword: a.password },
    });
    expect(taken.status).toBe(409);
    expect((await shop.call('GET', '/api/users/profile', { token: ra.body.token })).body.email).toBe(a.email);
  });

  it('cannot make oneself admin through the profile', async () => {
    const reg = await shop.call('POST', '/api/users', { body: fresh() });
    const res = await shop.call('PUT', '/api/users/profile', { token: reg.body.token, body: { isAdmin: true } });
    expect(res.status).toBe(400);
    expect((await shop.call('GET', '/api/users/profile', { token: reg.body.token })).body.isAdmin).toBe(false);
  });
});

describe('user admin', () => {
  it('lists, reads, edits and deletes users (admin only)', async () => {
    const admin = await shop.adminToken();
    const alice = await shop.aliceToken();
    expect((await shop.call('GET', '/api/users', { token: alice })).status).toBe(403);
    expect((await shop.call('GET', '/api/users')).status).toBe(401);

    const list = await shop.call('GET', '/api/users', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      isAdmin: expect.any(Boolean),
    });

    const reg = await shop.call('POST', '/api/users', { body: fresh() });
    const id = reg.body._id;
    expect((await shop.call('GET', `/api/users/${id}`, { token: alice })).status).toBe(403);
    expect((await shop.call('GET', `/api/users/${id}`, { token: admin })).body._id).toBe(id);

    const promoted = await shop.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { _id: id, name: 'Dave', email: reg.body.email, isAdmin: true },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.isAdmin).toBe(true);
    // the role is read fresh: the same old token now reaches admin routes
    expect((await shop.call('GET', '/api/users', { token: reg.body.token })).status).toBe(200);
    await shop.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: { name: 'Dave', email: reg.body.email, isAdmin: false },
    });
    // a demotion ends the user's sessions (functions/test/sessions.test.ts): the old token is refused outright
    expect((await shop.call('GET', '/api/users', { token: reg.body.token })).status).toBe(401);

    expect((await shop.call('DELETE', `/api/users/${id}`, { token: admin })).status).toBe(200);
    expect((await shop.call('GET', `/api/users/${id}`, { token: admin })).status).toBe(404);
    // a deleted user's token stops working
    expect((await shop.call('GET', '/api/users/profile', { token: reg.body.token })).status).toBe(401);
    expect((await shop.call('GET', '/api/users/not-an-id!', { token: admin })).status).toBe(404);
  });

  it('an admin cannot delete or demote themselves', async () => {
    const admin = await shop.adminToken();
    const me = (await shop.call('GET', '/api/users/profile', { token: admin })).body;
    const del = await shop.call('DELETE', `/api/users/${me._id}`, { token: admin });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('You cannot delete your own account');
    const demote = await shop.call('PUT', `/api/users/${me._id}`, {
      token: admin,
      body: { name: me.name, email: me.email, isAdmin: false },
    });
    expect(demote.status).toBe(400);
    expect((await shop.call('GET', '/api/users/profile', { token: admin })).body.isAdmin).toBe(true);
  });
});
