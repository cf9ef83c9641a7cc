import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('errors', () => {
  it('malformed JSON is a 400 with a message, never a stack', async () => {
    const res = await shop.call('POST', '/api/users/login', {
      raw: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('a non-JSON body is a 415', async () => {
    const res = await shop.call('POST', '/api/users/login', {
      raw: 'email=a&password=b',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/JSON/);
  });

  it('a huge body is a 413', async () => {
    const res = await shop.call('POST', '/api/users', {
      body: { name: 'x'.repeat(200_000), email: 'a@b.c', password: 'secret1' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body too large');
  });

  it('wrong types and unknown fields are a 400 with field details', async () => {
    const res = await shop.call('POST', '/api/users', { body: { name: 5, email: 'nope', password: 'x' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'name', 'password']);
  });

  it('unknown API paths are a JSON 404', async () => {
    const res = await shop.call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/Not found/);
  });
});

describe('security headers', () => {
  it("sends helmet headers: a document's CSP allows PayPal only, an API answer's allows nothing", async () => {
    const page = await fetch(`${shop.url}/nothing-here`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('script-src');
    expect(csp).toContain('https://*.paypal.com');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-powered-by')).toBeNull();
    const answer = await fetch(`${shop.url}/api/products`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });
});

describe('login rate limit', () => {
  it('answers 429 after repeated failed logins; successful logins are not counted', async () => {
    const shop = await startTestShop({ LOGIN_RATE_LIMIT: '5' });
    onTestFinished(() => shop.close());
    const ok = { email: 'alice@voltshop.test', password: 'alice1234' };
    for (let i = 0; i < 3; i++) expect((await shop.call('POST', '/api/users/login', { body: ok })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await shop.call('POST', '/api/users/login', {
            body: { email: 'alice@voltshop.test', password: 'wrong-guess' },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await shop.call('POST', '/api/users/login', { body: ok });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many attempts/);
  });
});
