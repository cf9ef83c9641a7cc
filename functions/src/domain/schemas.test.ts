import { describe, expect, it } from 'vitest';
import { placeOrderSchema, productQuerySchema, productUpdateSchema, productUpdateSchemaWith, registerSchema, reviewSchema } from './schemas.js';
import { assertDeliverable, assertPayable } from './orders.js';
import type { Order } from './types.js';

const address = { address: 'a', city: 'b', postalCode: 'c', country: 'd' };

describe('shared schemas', () => {
  it('requires at least one order line', () => {
    const r = placeOrderSchema.safeParse({ orderItems: [], shippingAddress: address, paymentMethod: 'PayPal' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('No order items');
  });

  it('refuses negative, fractional and huge quantities and duplicate lines', () => {
    for (const qty of [0, -1, 1.5, 1e9, Number.NaN]) {
      expect(placeOrderSchema.safeParse({ orderItems: [{ product: 'a'.repeat(24), qty }], shippingAddress: address }).success).toBe(false);
    }
    const dup = [{ product: 'a'.repeat(24), qty: 1 }, { product: 'a'.repeat(24), qty: 2 }];
    expect(placeOrderSchema.safeParse({ orderItems: dup, shippingAddress: address }).success).toBe(false);
  });

  it('rejects unknown fields such as __proto__', () => {
    const body = JSON.parse('{"name":"x","email":"x@y.z","password":"secret1","__proto__":{"isAdmin":true}}');
    expect(registerSchema.safeParse(body).success).toBe(false);
  });

  it('accepts ratings 1..5 integers only, and needs a comment', () => {
    expect(reviewSchema.safeParse({ rating: 5, comment: 'ok' }).success).toBe(true);
    for (const rating of [0, 6, 4.5, '5']) expect(reviewSchema.safeParse({ rating, comment: 'ok' }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 3, comment: '   ' }).success).toBe(false);
  });

  it('checks product prices and stock', () => {
    const ok = { name: 'n', price: 1.5, image: '/images/x.svg', brand: 'b', category: 'c', description: 'd', countInStock: 3 };
    expect(productUpdateSchema.safeParse(ok).success).toBe(true);
    expect(productUpdateSchema.safeParse({ ...ok, price: -1 }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, price: 1.001 }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, countInStock: 1.5 }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, image: 'javascript:alert(1)' }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, image: '//evil.example/x.png' }).success).toBe(false);
  });

  it('takes Storage emulator image URLs only where the emulators run (origins given), never plain http elsewhere', () => {
    const ok = { name: 'n', price: 1.5, image: '/images/x.svg', brand: 'b', category: 'c', description: 'd', countInStock: 3 };
    const emulated = 'http://127.0.0.1:9199/v0/b/demo-voltshop.firebasestorage.app/o/products%2Fab12.png?alt=media&token=t';
    expect(productUpdateSchemaWith([])).toBe(productUpdateSchema);
    expect(productUpdateSchema.safeParse({ ...ok, image: emulated }).success).toBe(false);

    const local = productUpdateSchemaWith(['http://127.0.0.1:9199', 'http://localhost:9199']);
    expect(local.safeParse({ ...ok, image: emulated }).success).toBe(true);
    expect(local.safeParse({ ...ok, image: emulated.replace('127.0.0.1', 'localhost') }).success).toBe(true);
    expect(local.safeParse(ok).success).toBe(true);
    expect(local.safeParse({ ...ok, image: 'https://firebasestorage.googleapis.com/v0/b/x/o/y' }).success).toBe(true);
    for (const image of ['http://evil.example:9199/v0/b/x/o/y', 'http://127.0.0.1:9199/other', 'http://127.0.0.1:91990/v0/b/x', 'http://127.0.0.1:9199/v0/b/x"onerror=', 'javascript:alert(1)']) {
      expect(local.safeParse({ ...ok, image }).success, image).toBe(false);
    }
  });

  it('parses the catalogue query', () => {
    expect(productQuerySchema.parse({})).toEqual({ keyword: '', pageNumber: 1 });
    expect(productQuerySchema.safeParse({ pageNumber: '0' }).success).toBe(false);
    expect(productQuerySchema.safeParse({ pageNumber: 'abc' }).success).toBe(false);
  });
});

describe('order rules', () => {
  const order = (over: Partial<Order>): Order =>
    ({ _id: 'o', user: { _id: 'u1', name: 'U', email: 'u@x.y' }, isPaid: false, isDelivered: false, status: 'awaiting_payment', expiresAt: null, ...over }) as Order;
  const now = new Date('2026-01-01T00:00:00Z');

  it('lets only the owner or an admin pay, once, before expiry', () => {
    expect(() => assertPayable(order({}), { uid: 'u1', isAdmin: false }, now)).not.toThrow();
    expect(() => assertPayable(order({}), { uid: 'u2', isAdmin: false }, now)).toThrow(/Not authorized/);
    expect(() => assertPayable(order({ isPaid: true }), { uid: 'u1', isAdmin: false }, now)).toThrow(/already paid/);
    expect(() => assertPayable(order({ expiresAt: '2025-12-31T00:00:00Z' }), { uid: 'u1', isAdmin: false }, now)).toThrow(/expired/);
  });

  it('delivers only paid, undelivered orders', () => {
    expect(() => assertDeliverable(order({}))).toThrow(/not paid/);
    expect(() => assertDeliverable(order({ isPaid: true, isDelivered: true }))).toThrow(/already delivered/);
    expect(() => assertDeliverable(order({ isPaid: true }))).not.toThrow();
  });
});
