// Rate limits that fit a deployment (issue 13, point 5): TRUST_PROXY, limits keyed by address and by account,
// validation 400s not counted as failed sign-ins, successful sign-ins and sign-ups throttled per address, and the
// limiter's store behind a port.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryStore } from 'express-rate-limit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createEmbeddedPorts } from '../src/adapters/embedded/index.js';
import { appOptions, createApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { DEMO_CUSTOMERS } from '../src/seed/seed.js';
import { startTestShop } from './support/shop.js';

const { alice, bob } = DEMO_CUSTOMERS;
const from = (address: string) => ({ 'X-Forwarded-For': address });

async function shopWith(env: Record<string, string>) {
  const shop = await startTestShop(env);
  onTestFinished(() => shop.close());
  return shop;
}

describe('TRUST_PROXY', () => {
  it('off by default; accepts false, true, a hop count, and Express’s names, addresses and subnets', () => {
    const trust = (value?: string) => readConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('loopback')).toBe('loopback');
    expect(trust('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });

  it('refuses a value Express cannot read, naming the variable', () => {
    expect(() => readConfig({ TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  it('behind a trusted proxy, one visitor’s failed sign-ins do not lock out another visitor', async () => {
    const shop = await shopWith({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await shop.call('POST', '/api/users/login', {
        body: { email: `nobody${i}@example.com`, password: 'guess-123' },
        headers: from('203.0.113.1'),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const other = await shop.call('POST', '/api/users/login', {
      body: { email: bob.email, password: bob.password },
      headers: from('203.0.113.2'),
    });
    expect(other.status).toBe(200);
  });

  it('not trusted (default): X-Forwarded-For is ignored, so rotating it does not escape the limit', async () => {
    const shop = await shopWith({ LOGIN_RATE_LIMIT: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await shop.call('POST', '/api/users/login', {
        body: { email: `nobody${i}@example.com`, password: 'guess-123' },
        headers: from(`198.51.100.${i}`),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('failed attempts', () => {
  it('are counted per account too: once an account’s budget is spent, every address that failed for it is refused', async () => {
    const shop = await shopWith({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '3' });
    const guess = (address: string, i: number) =>
      shop.call('POST', '/api/users/login', {
        body: { email: alice.email.toUpperCase(), password: `guess-${i}` },
        headers: from(address),
      });
    // Two guesses from each of three addresses: an address's first failure is not counted for the account, its
    // second is; the third address's second guess finds the account's budget spent.
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await guess(`198.51.100.${i}`, 2 * i)).status);
      statuses.push((await guess(`198.51.100.${i}`, 2 * i + 1)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    const fourth = await guess('198.51.100.3', 10);
    expect(fourth.status).toBe(401); // a fresh address: its first attempt is not held back
    const again = await shop.call('POST', '/api/users/login', {
      body: { email: alice.email, password: alice.password },
      headers: from('198.51.100.3'),
    });
    expect(again.status).toBe(429); // an address that failed for her, past the account's budget
    expect(again.body.message).toMatch(/Too many attempts/);
    const other = await shop.call('POST', '/api/users/login', {
      body: { email: bob.email, password: bob.password },
      headers: from('198.51.100.50'),
    });
    expect(other.status).toBe(200);
  });

  it('validation 400s are not failed sign-ins or sign-ups', async () => {
    const shop = await shopWith({ LOGIN_RATE_LIMIT: '3' });
    for (let i = 0; i < 6; i++) {
      expect((await shop.call('POST', '/api/users/login', { body: { email: alice.email } })).status).toBe(400);
      expect(
        (await shop.call('POST', '/api/users', { body: { name: 'X', email: 'not-an-email', password: 'secret12' } }))
          .status,
      ).toBe(400);
    }
    expect(
      (await shop.call('POST', '/api/users/login', { body: { email: alice.email, password: alice.password } })).status,
    ).toBe(200);
  });

  it('a wrong current password on the profile is a failed attempt too (a stolen token cannot guess it forever)', async () => {
    const shop = await shopWith({ LOGIN_RATE_LIMIT: '3' });
    const token = await shop.bobToken();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await shop.call('PUT', '/api/users/profile', {
            token,
            body: { password: 'taken-over-1', currentPassword: `guess-${i}` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});

describe('no lockout of the rightful owner (issue 36, OWASP: account lockout)', () => {
  const guesses = async (shop: Awaited<ReturnType<typeof shopWith>>, email: string, address: string, n: number) => {
    const statuses = [];
    for (let i = 0; i < n; i++)
      statuses.push(
        (
          await shop.call('POST', '/api/users/login', {
            body: { email, password: `wrong-guess-${i}` },
            headers: from(address),
          })
        ).status,
      );
    return statuses;
  };

  it('11 wrong passwords from address A: A is refused, the owner’s correct password from address B signs in', async () => {
    const shop = await shopWith({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '10' }); // the default: 10 failed attempts
    const spent = await guesses(shop, bob.email, '203.0.113.66', 12);
    expect(spent.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(spent.slice(10)).toEqual([429, 429]);
    const owner = await shop.call('POST', '/api/users/login', {
      body: { email: bob.email, password: bob.password },
      headers: from('198.51.100.20'),
    });
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // And the attacker's address stays refused, even with the right password.
    const attacker = await shop.call('POST', '/api/users/login', {
      body: { email: bob.email, password: bob.password },
      headers: from('203.0.113.66'),
    });
    expect(attacker.status).toBe(429);
  });

  it('guesses spread over many addresses spend the account’s budget, yet the owner (and the admin) from a clean address sign in', async () => {
    const shop = await shopWith({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '3' });
    const admin = { email: shop.config.seedAdmin.email, password: shop.config.seedAdmin.password };
    for (const victim of [alice.email, admin.email])
      for (let a = 0; a < 4; a++) await guesses(shop, victim, `192.0.2.${a + 10}`, 3);
    expect(await guesses(shop, alice.email, '192.0.2.10', 1)).toEqual([429]);
    for (const [who, address] of [
      [{ email: alice.email, password: alice.password }, '198.51.100.30'],
      [admin, '198.51.100.31'],
    ] as const) {
      const res = await shop.call('POST', '/api/users/login', { body: who, headers: from(address) });
      expect(res.status).toBe(200);
    }
  });
});

describe('successful sign-ins and sign-ups', () => {
  it('are throttled per address (SIGNIN_RATE_LIMIT): each costs a password hash', async () => {
    const shop = await shopWith({ TRUST_PROXY: '1', SIGNIN_RATE_LIMIT: '3' });
    const ok = { email: bob.email, password: bob.password };
    const statuses = [];
    for (let i = 0; i < 2; i++)
      statuses.push((await shop.call('POST', '/api/users/login', { body: ok, headers: from('203.0.113.7') })).status);
    statuses.push(
      (
        await shop.call('POST', '/api/users', {
          body: { name: 'New', email: 'new-1@example.com', password: 'secret12' },
          headers: from('203.0.113.7'),
        })
      ).status,
    );
    statuses.push(
      (
        await shop.call('POST', '/api/users', {
          body: { name: 'New', email: 'new-2@example.com', password: 'secret12' },
          headers: from('203.0.113.7'),
        })
      ).status,
    );
    statuses.push((await shop.call('POST', '/api/users/login', { body: ok, headers: from('203.0.113.7') })).status);
    expect(statuses).toEqual([200, 200, 201, 429, 429]);
    expect((await shop.call('POST', '/api/users/login', { body: ok, headers: from('203.0.113.8') })).status).toBe(200);
  });

  it('default: 60 a minute', () => {
    expect(readConfig({}).signInLimit).toEqual({ max: 60, windowMs: 60_000 });
  });
});

describe('the limiter store port', () => {
  it('every limiter keeps its counts in the store the app is given (one per limiter, by name)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-limits-'));
    const config = readConfig({ DATA_DIR: dataDir });
    const ports = await createEmbeddedPorts(config);
    const increments: string[] = [];
    const names: string[] = [];
    const app = createApp(ports, {
      ...appOptions(config, { backend: 'embedded', catalogCacheTtlMs: 0 }),
      loginLimit: { max: 2, windowMs: 60_000 },
      signInLimit: { max: 60, windowMs: 60_000 },
      rateLimitStore: (name) => {
        names.push(name);
        const store = new MemoryStore();
        const increment = store.increment.bind(store);
        store.increment = (key) => {
          increments.push(name);
          return increment(key);
        };
        return store;
      },
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    onTestFinished(async () => {
      await new Promise((r) => server.close(r));
      await ports.store.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    expect(new Set(names).size).toBe(names.length);
    const port = (server.address() as { port: number }).port;
    const login = () =>
      fetch(`http://127.0.0.1:${port}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'x@example.com', password: 'nope-123' }),
      });
    expect((await login()).status).toBe(401);
    expect(names.every((n) => increments.filter((i) => i === n).length <= 1)).toBe(true);
    expect(increments.length).toBeGreaterThanOrEqual(3);
    expect((await login()).status).toBe(401);
    expect((await login()).status).toBe(429);
  });
});
