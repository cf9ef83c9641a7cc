// POST /api/users/profile: an account made outside the API (the Firebase web app signs up in the browser with
// createUserWithEmailAndPassword) gets its profile from the function on its first authenticated call, once.
// The store is the embedded one; the auth port is a stand-in for Firebase's (tokens carry the verified email).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedPorts } from '../src/adapters/embedded/index.js';
import { appOptions, createApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { unauthenticated } from '../src/domain/index.js';
import type { AuthPort, Ports } from '../src/ports.js';

/** Tokens "id:<uid>:<email>" (an ID token made by the browser SDK, verified). */
const tokenFor = (uid: string, email: string) => `id:${uid}:${email}`;

let server: Server;
let base = '';
let ports: Ports;
let dataDir = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'voltshop-profile-'));
  const config = readConfig({ DATA_DIR: dataDir });
  const embedded = await createEmbeddedPorts(config);
  const auth: AuthPort = {
    ...embedded.auth,
    async verify(token) {
      const [kind, uid, email] = token.split(':');
      if (kind !== 'id' || !uid) throw unauthenticated('Not authorized, token failed');
      return { uid, isAdmin: false, email };
    },
  };
  ports = { ...embedded, auth };
  const app = createApp(
    ports,
    appOptions(config, {
      backend: 'firebase',
      catalogCacheTtlMs: 0,
      loginLimit: { max: 1000, windowMs: 60_000 },
      signInLimit: { max: 1000, windowMs: 60_000 },
    }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await ports.store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function ensure(token: string | null, body: unknown = {}) {
  const res = await fetch(`${base}/api/users/profile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/users/profile (profile on the first authenticated call)', () => {
  it('creates the profile from the verified email and the given name, as a customer', async () => {
    const res = await ensure(tokenFor('uid-dana', 'dana@example.com'), { name: 'Dana' });
    expect(res).toEqual({
      status: 201,
      body: { _id: 'uid-dana', name: 'Dana', email: 'dana@example.com', isAdmin: false },
    });
    expect(await ports.store.users.get('uid-dana')).toMatchObject({ email: 'dana@example.com', isAdmin: false });
  });

  it('is idempotent: a retry or a later sign-in answers the same profile, unchanged', async () => {
    const token = tokenFor('uid-eve', 'eve@example.com');
    expect((await ensure(token, { name: 'Eve' })).status).toBe(201);
    const again = await ensure(token, { name: 'Someone Else' });
    expect(again).toEqual({
      status: 200,
      body: { _id: 'uid-eve', name: 'Eve', email: 'eve@example.com', isAdmin: false },
    });
  });

  it('makes exactly one profile when first calls race (two tabs)', async () => {
    const token = tokenFor('uid-fay', 'fay@example.com');
    const answers = await Promise.all([
      ensure(token, { name: 'Fay' }),
      ensure(token, { name: 'Fay' }),
      ensure(token, { name: 'Fay' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    for (const a of answers)
      expect(a.body).toEqual({ _id: 'uid-fay', name: 'Fay', email: 'fay@example.com', isAdmin: false });
  });

  it('names a profile made at sign-in (no name sent) after the email', async () => {
    const res = await ensure(tokenFor('uid-gil', 'gil.bert@example.com'));
    expect(res.body.name).toBe('gil.bert');
  });

  it('refuses an email another profile has (409), an admin flag in the body (400), and no token (401)', async () => {
    await ensure(tokenFor('uid-hal', 'hal@example.com'), { name: 'Hal' });
    const taken = await ensure(tokenFor('uid-impostor', 'HAL@example.com'), { name: 'Not Hal' });
    expect(taken.status).toBe(409);
    expect(await ports.store.users.get('uid-impostor')).toBeNull();
    expect((await ensure(tokenFor('uid-ivy', 'ivy@example.com'), { name: 'Ivy', isAdmin: true })).status).toBe(400);
    expect(await ports.store.users.get('uid-ivy')).toBeNull();
    expect((await ensure(null, { name: 'X' })).status).toBe(401);
  });
});
