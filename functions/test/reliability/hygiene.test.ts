// Input and output hygiene (issue 13, point 6): control characters refused in text fields (400 naming the field,
// nothing stored), no server path in any answer, and `Cache-Control: no-store` on every signed-in answer.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, shippingAddress, startTestShop, type TestShop } from '../support/shop.js';

const dist = join(tmpdir(), `voltshop-hygiene-${process.pid}-${Date.now()}`);
let shop: TestShop;
let alice: string;
let productId: string;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Voltshop</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'export {};');
  shop = await startTestShop({ WEB_DIST: dist });
  alice = await shop.aliceToken();
  productId = (await shop.call('GET', '/api/products')).body.products[0]._id;
});
afterAll(async () => {
  await shop?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('control characters', () => {
  it('a NUL in a name is a 400 naming the field, not a truncated name (issue 13: "Bob\\u0000Chen" stored as "Bob")', async () => {
    const res = await shop.call('POST', '/api/users', {
      body: { name: 'Bob\u0000Chen', email: `nul-${Date.now()}@example.com`, password: 'secret12' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ name: 'Name must not contain control characters' });
  });

  it('tab and newline stay allowed (a review comment may have lines)', async () => {
    const { _id: id } = await createProduct(shop, 10, 1, `Lines ${Date.now()}`);
    const res = await shop.call('POST', `/api/products/${id}/reviews`, {
      token: alice,
      body: { rating: 5, comment: 'Line one\nLine\ttwo' },
    });
    expect(res.status).toBe(201);
    expect((await shop.call('GET', `/api/products/${id}`)).body.reviews[0].comment).toBe('Line one\nLine\ttwo');
  });

  it('an https image URL with a control character is refused', async () => {
    const admin = await shop.adminToken();
    const id = (await shop.call('POST', '/api/products', { token: admin })).body._id;
    const body = {
      name: 'X',
      price: 1,
      image: 'https://cdn.example/x\u0000.png',
      brand: 'B',
      category: 'C',
      description: 'D',
      countInStock: 1,
    };
    const res = await shop.call('PUT', `/api/products/${id}`, { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('image');
  });
});

describe('no server paths in answers', () => {
  for (const path of [
    '/uploads/missing.png',
    '/uploads/nested/missing.webp',
    '/assets/missing-abc123.js',
    '/assets/deep/missing.css',
    '/uploads/%E0%A4%A',
  ]) {
    it(`GET ${path}`, async () => {
      const res = await shop.call('GET', path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(shop.config.dataDir);
      expect(text).not.toContain(dist);
      expect(text).not.toMatch(/ENOENT|\/tmp\/|stat '|no such file/);
      expect(typeof res.body.message).toBe('string');
    });
  }

  it('a missing upload reads like any other 404', async () => {
    const res = await shop.call('GET', '/uploads/missing.png');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found - /uploads/missing.png' });
  });
});

describe('Cache-Control: no-store on signed-in answers', () => {
  const noStore = (res: { headers: Headers }) => expect(res.headers.get('cache-control')).toBe('no-store');

  it('every answer to a request with Authorization, including catalogue answers served from memory', async () => {
    for (let i = 0; i < 2; i++) {
      // the second time, the catalogue would answer from its in-memory fast path
      noStore(await shop.call('GET', '/api/products', { token: alice }));
      noStore(await shop.call('GET', `/api/products/${productId}`, { token: alice }));
    }
    noStore(await shop.call('GET', '/api/users/profile', { token: alice }));
    noStore(await shop.call('GET', '/api/orders/myorders', { token: alice }));
    noStore(await shop.call('GET', '/api/config', { token: alice }));
    noStore(await shop.call('GET', '/api/users/profile', { token: 'forged.token.here' }));
  });

  it('every /api/users and /api/orders answer, signed in or not', async () => {
    noStore(await shop.call('GET', '/api/users/profile'));
    noStore(
      await shop.call('POST', '/api/users/login', { body: { email: 'alice@voltshop.test', password: 'alice1234' } }),
    );
    noStore(await shop.call('GET', '/api/orders/myorders'));
    const placed = await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ product: productId, qty: 1 }], shippingAddress },
    });
    expect(placed.status).toBe(201);
    noStore(placed);
  });

  it('anonymous catalogue answers keep their revalidated public caching', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await shop.call('GET', '/api/products/top');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
  });
});
