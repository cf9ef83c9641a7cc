// Security headers and rate limiting, beyond functions/test/hardening.test.ts: the catalogue fast path
// (answers before Express, see http/fastPath.ts) must send the same headers and bytes as the routed answer and
// never serve stale data; every kind of answer (errors, 304s, text, static files) carries the security headers;
// the CSP is strict where it matters; sign-up failures count towards the login limit, which leaves the rest alone.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestShop, type TestShop } from '../support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

/** A raw GET: status, headers in wire order, body bytes. */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; raw: string[]; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${shop.url}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            raw: res.rawHeaders,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const VARYING = new Set(['date', 'connection', 'keep-alive']);
const stable = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => !VARYING.has(k)));
/** The fast path writes Content-Length with its headers; a routed answer gets it from Node after Date. */
const viaFastPath = (raw: string[]) => {
  const names = raw.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
  return names.indexOf('content-length') < names.indexOf('date');
};

/** What every answer carries (http/securityHeaders.ts): the API's JSON and the documents alike. */
const SECURITY = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
];
/** What only a document reads: an API answer leaves them out (apiHelmetOptions). */
const DOCUMENT_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'];

function expectSecurityHeaders(h: Headers | Record<string, string>, what: string, kind: 'api' | 'document' = 'api') {
  const get = (k: string) => (h instanceof Headers ? h.get(k) : h[k]) ?? undefined;
  for (const name of SECURITY) expect(get(name), `${what}: ${name}`).toBeTruthy();
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('x-powered-by'), what).toBeFalsy();
  for (const name of DOCUMENT_ONLY)
    if (kind === 'document') expect(get(name), `${what}: ${name}`).toBeTruthy();
    else expect(get(name), `${what}: ${name} (a document's)`).toBeUndefined();
  if (kind === 'api') {
    // A JSON answer may not be loaded, framed or sniffed by anything (no document's policy with PayPal's hosts).
    expect(get('content-security-policy'), what).toBe("default-src 'none';frame-ancestors 'none'");
    expect(get('x-frame-options'), what).toBe('DENY');
    expect(get('referrer-policy'), what).toBe('no-referrer');
    expect(get('cross-origin-resource-policy'), what).toBe('same-origin');
  }
}

describe('catalogue fast path', () => {
  it('answers repeat requests with the routed answer: same status, headers and bytes; 304 on a match', async () => {
    const list = JSON.parse((await rawGet('/api/products')).body.toString());
    const paths = [
      '/api/products?pageNumber=2',
      '/api/products?keyword=Pro',
      '/api/products/top',
      `/api/products/${list.products[0]._id}`,
    ];
    for (const path of paths) {
      const routed = await rawGet(path);
      const fast = await rawGet(path);
      expect(routed.status).toBe(200);
      expect(viaFastPath(routed.raw), `${path}: first answer is routed`).toBe(false);
      expect(viaFastPath(fast.raw), `${path}: repeat answer skips Express`).toBe(true);
      expect(stable(fast.headers)).toEqual(stable(routed.headers));
      expect(fast.body.equals(routed.body)).toBe(true);
      expectSecurityHeaders(fast.headers, path);

      const etag = fast.headers.etag;
      const notModified = await rawGet(path, { 'If-None-Match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      expectSecurityHeaders(notModified.headers, `${path} 304`);
    }
  });

  it('never serves a stale answer after a write, and only answers GET', async () => {
    const admin = await shop.adminToken();
    const id = (await shop.call('POST', '/api/products', { token: admin })).body._id;
    const path = `/api/products/${id}`;
    await rawGet(path);
    expect(viaFastPath((await rawGet(path)).raw)).toBe(true);
    const body = {
      name: 'Fast Path Fresh',
      price: 12.5,
      image: '/images/sample.svg',
      brand: 'B',
      category: 'C',
      description: 'D',
      countInStock: 9,
    };
    expect((await shop.call('PUT', path, { token: admin, body })).status).toBe(200);
    const after = await rawGet(path);
    expect(viaFastPath(after.raw)).toBe(false);
    expect(JSON.parse(after.body.toString())).toMatchObject({ name: 'Fast Path Fresh', countInStock: 9 });
    expect(JSON.parse((await rawGet(path)).body.toString()).name).toBe('Fast Path Fresh');
    // An order (stock change) clears it too.
    const order = await shop.call('POST', '/api/orders', {
      token: await shop.aliceToken(),
      body: {
        orderItems: [{ product: id, qty: 2 }],
        shippingAddress: { address: 'a', city: 'b', postalCode: '12345', country: 'US' },
      },
    });
    expect(order.status).toBe(201);
    expect(JSON.parse((await rawGet(path)).body.toString()).countInStock).toBe(7);
    // HEAD goes through Express (no body, same headers).
    const head = await rawGet(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expectSecurityHeaders(head.headers, 'HEAD');
  });
});

describe('security headers on every kind of answer', () => {
  it('errors (400, 401, 403, 404, 413, 415), text, config and static files', async () => {
    const alice = await shop.aliceToken();
    const cases: [string, Promise<Response>, number][] = [
      ['400', fetch(`${shop.url}/api/products?pageNumber=0`), 400],
      ['401', fetch(`${shop.url}/api/orders/myorders`), 401],
      ['403', fetch(`${shop.url}/api/users`, { headers: { Authorization: `Bearer ${alice}` } }), 403],
      ['404 api', fetch(`${shop.url}/api/nope`), 404],
      ['404 product', fetch(`${shop.url}/api/products/ffffffffffffffffffffffff`), 404],
      ['404 outside api', fetch(`${shop.url}/nothing-here`), 404],
      [
        '413',
        fetch(`${shop.url}/api/users/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'x'.repeat(200_000) }),
        }),
        413,
      ],
      [
        '415',
        fetch(`${shop.url}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' }),
        415,
      ],
      ['text', fetch(`${shop.url}/api/config/paypal`), 200],
      ['config', fetch(`${shop.url}/api/config`), 200],
    ];
    for (const [what, pending, status] of cases) {
      const res = await pending;
      expect(res.status, what).toBe(status);
      expectSecurityHeaders(res.headers, what, what === '404 outside api' ? 'document' : 'api');
      await res.arrayBuffer();
    }
  });

  it('a known API path asked with a method it has not: 405 with the methods it has (Allow); an unknown path stays 404', async () => {
    const alice = await shop.aliceToken();
    const json = { Authorization: `Bearer ${alice}`, 'Content-Type': 'application/json' };
    for (const [method, path, allow] of [
      ['PATCH', '/api/cart', 'GET, HEAD, PUT'],
      ['POST', '/api/openapi.json', 'GET, HEAD'],
      ['PATCH', '/api/orders', 'GET, HEAD, POST'],
    ] as const) {
      const res = await fetch(`${shop.url}${path}`, { method, headers: json, body: '{}' });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(((await res.json()) as { message: string }).message).toBe(`${method} is not allowed on ${path}: ${allow}`);
      expectSecurityHeaders(res.headers, `405 ${path}`, 'api');
    }
    expect((await fetch(`${shop.url}/api/nope`, { method: 'PATCH', headers: json, body: '{}' })).status).toBe(404);
    // The methods it has answer as before.
    expect((await fetch(`${shop.url}/api/cart`, { headers: json })).status).toBe(200);
  });

  it("a document's CSP is strict: no inline or eval scripts, no plugins, no framing by others, no base-tag tricks", async () => {
    const csp = (await fetch(`${shop.url}/nothing-here`)).headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(directives['script-src']).not.toContain('*');
    expect(directives['script-src-attr']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    for (const host of directives['script-src'].filter((s: string) => s.startsWith('https://')))
      expect(host).toMatch(/^https:\/\/\*\.(paypal|paypalobjects)\.com$/);
  });
});

describe('rate limiting', () => {
  it('failed sign-ups count towards the limit with failed logins (validation 400s do not); 429 has a message and RateLimit headers; other calls are not limited', async () => {
    const limited = await startTestShop({ LOGIN_RATE_LIMIT: '4' });
    onTestFinished(() => limited.close());
    const statuses: number[] = [];
    statuses.push(
      (
        await limited.call('POST', '/api/users', {
          body: { name: 'X', email: 'alice@voltshop.test', password: 'secret12' },
        })
      ).status,
    ); // taken: 409
    statuses.push(
      (await limited.call('POST', '/api/users', { body: { name: 'X', email: 'not-an-email', password: 'secret12' } }))
        .status,
    ); // 400
    statuses.push(
      (await limited.call('POST', '/api/users/login', { body: { email: 'alice@voltshop.test', password: 'wrong-1' } }))
        .status,
    );
    statuses.push(
      (await limited.call('POST', '/api/users/login', { body: { email: 'nobody@voltshop.test', password: 'wrong-2' } }))
        .status,
    );
    statuses.push(
      (
        await limited.call('POST', '/api/users/login', {
          body: { email: 'nobody-else@voltshop.test', password: 'wrong-3' },
        })
      ).status,
    );
    const blocked = await limited.call('POST', '/api/users', {
      body: { name: 'New', email: 'brand-new@voltshop.test', password: 'secret12' },
    });
    expect(statuses).toEqual([409, 400, 401, 401, 401]);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(blocked.headers.get('ratelimit-policy') ?? blocked.headers.get('ratelimit')).toBeTruthy();
    expectSecurityHeaders(blocked.headers, '429');
    // The limit is on sign-in and sign-up only.
    expect((await limited.call('GET', '/api/products')).status).toBe(200);
    expect((await limited.call('GET', '/api/orders/myorders')).status).toBe(401);
  });
});
