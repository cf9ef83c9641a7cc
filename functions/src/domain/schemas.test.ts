import { describe, expect, it } from 'vitest';
import {
  placeOrderSchema,
  productQuerySchema,
  productUpdateSchema,
  productUpdateSchemaWith,
  registerSchema,
  reviewSchema,
  specsSchema,
  imagesSchema,
} from './schemas.js';
import { assertGalleryStartsWithImage, GALLERY_FIRST_MESSAGE } from './productMedia.js';
import {
  assertMayPay,
  assertPayable,
  holdHasEnded,
  isExpired,
  ORDER_MESSAGES,
  orderFromRecord,
  type OrderRecord,
} from './orders.js';
import type { Order } from './types.js';

const address = { address: 'a', city: 'b', postalCode: 'c', country: 'd' };

/** A product body every schema accepts; each test changes one field of it. */
const validProduct = {
  name: 'n',
  price: 1.5,
  image: '/images/x.svg',
  brand: 'b',
  category: 'c',
  description: 'd',
  countInStock: 3,
};

describe('shared schemas', () => {
  it('requires at least one order line', () => {
    const r = placeOrderSchema.safeParse({ orderItems: [], shippingAddress: address, paymentMethod: 'PayPal' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('No order items');
  });

  it('refuses negative, fractional and huge quantities and duplicate lines', () => {
    for (const qty of [0, -1, 1.5, 1e9, Number.NaN]) {
      expect(
        placeOrderSchema.safeParse({ orderItems: [{ product: 'a'.repeat(24), qty }], shippingAddress: address })
          .success,
      ).toBe(false);
    }
    const dup = [
      { product: 'a'.repeat(24), qty: 1 },
      { product: 'a'.repeat(24), qty: 2 },
    ];
    expect(placeOrderSchema.safeParse({ orderItems: dup, shippingAddress: address }).success).toBe(false);
  });

  it('rejects unknown fields such as __proto__', () => {
    const body = JSON.parse('{"name":"x","email":"x@y.z","password":"secret1","__proto__":{"isAdmin":true}}');
    expect(registerSchema.safeParse(body).success).toBe(false);
  });

  it('accepts ratings 1..5 integers only, and needs a comment', () => {
    expect(reviewSchema.safeParse({ rating: 5, comment: 'ok' }).success).toBe(true);
    for (const rating of [0, 6, 4.5, '4.5', 'five', '5 stars', '', null])
      expect(reviewSchema.safeParse({ rating, comment: 'ok' }).success).toBe(false);
    // the original clients send the <select>'s value as text
    expect(reviewSchema.safeParse({ rating: '5', comment: 'ok' }).data?.rating).toBe(5);
    expect(reviewSchema.safeParse({ rating: 3, comment: '   ' }).success).toBe(false);
  });

  it('checks product prices and stock', () => {
    const ok = validProduct;
    expect(productUpdateSchema.safeParse(ok).success).toBe(true);
    expect(productUpdateSchema.safeParse({ ...ok, price: -1 }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, price: 1.001 }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, countInStock: 1.5 }).success).toBe(false);
    // what the original clients' number inputs send: plain decimal text only
    expect(productUpdateSchema.safeParse({ ...ok, price: '899.99', countInStock: '12' }).data).toMatchObject({
      price: 899.99,
      countInStock: 12,
    });
    for (const price of ['1e3', '0x10', ' 12', '12,5', 'Infinity', '1.001', '-1'])
      expect(productUpdateSchema.safeParse({ ...ok, price }).success, price).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, countInStock: '1.5' }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, image: 'javascript:alert(1)' }).success).toBe(false);
    expect(productUpdateSchema.safeParse({ ...ok, image: '//evil.example/x.png' }).success).toBe(false);
  });

  it('takes Storage emulator image URLs only where the emulators run (origins given), never plain http elsewhere', () => {
    const ok = validProduct;
    const emulated =
      'http://127.0.0.1:9199/v0/b/demo-voltshop.firebasestorage.app/o/products%2Fab12.png?alt=media&token=t';
    expect(productUpdateSchemaWith([])).toBe(productUpdateSchema);
    expect(productUpdateSchema.safeParse({ ...ok, image: emulated }).success).toBe(false);

    const local = productUpdateSchemaWith(['http://127.0.0.1:9199', 'http://localhost:9199']);
    expect(local.safeParse({ ...ok, image: emulated }).success).toBe(true);
    expect(local.safeParse({ ...ok, image: emulated.replace('127.0.0.1', 'localhost') }).success).toBe(true);
    expect(local.safeParse(ok).success).toBe(true);
    expect(local.safeParse({ ...ok, image: 'https://firebasestorage.googleapis.com/v0/b/x/o/y' }).success).toBe(true);
    for (const image of [
      'http://evil.example:9199/v0/b/x/o/y',
      'http://127.0.0.1:9199/other',
      'http://127.0.0.1:91990/v0/b/x',
      'http://127.0.0.1:9199/v0/b/x"onerror=',
      'javascript:alert(1)',
    ]) {
      expect(local.safeParse({ ...ok, image }).success, image).toBe(false);
    }
  });

  it('parses the catalogue query', () => {
    expect(productQuerySchema.parse({})).toEqual({ keyword: '', pageNumber: 1 });
    expect(productQuerySchema.parse({ sort: 'newest' })).toMatchObject({ sort: 'newest' });
    expect(productQuerySchema.safeParse({ pageNumber: '0' }).success).toBe(false);
    expect(productQuerySchema.safeParse({ pageNumber: 'abc' }).success).toBe(false);
  });
});

describe('order rules', () => {
  const order = (over: Partial<Order>): Order =>
    ({
      _id: 'o',
      user: { _id: 'u1', name: 'U', email: 'u@x.y' },
      isPaid: false,
      isDelivered: false,
      status: 'awaiting_payment',
      expiresAt: null,
      ...over,
    }) as Order;
  const now = new Date('2026-01-01T00:00:00Z');

  it('lets only the owner pay (never another customer, nor an admin), once, before expiry', () => {
    expect(() => assertMayPay(order({}), { uid: 'u1', isAdmin: false }, now)).not.toThrow();
    expect(() => assertMayPay(order({}), { uid: 'u2', isAdmin: false }, now)).toThrow(
      /Only the customer who placed this order can pay it/,
    );
    expect(() => assertMayPay(order({}), { uid: 'u2', isAdmin: true }, now)).toThrow(
      /Only the customer who placed this order can pay it/,
    );
    expect(() => assertMayPay(order({ status: 'paid', isPaid: true }), { uid: 'u1', isAdmin: false }, now)).toThrow(
      /already paid/,
    );
    expect(() =>
      assertMayPay(order({ status: 'delivered', isPaid: true }), { uid: 'u1', isAdmin: false }, now),
    ).toThrow(/already paid/);
    expect(() =>
      assertMayPay(order({ expiresAt: '2025-12-31T00:00:00Z' }), { uid: 'u1', isAdmin: false }, now),
    ).toThrow(/expired/);
    expect(() => assertMayPay(order({ status: 'expired' }), { uid: 'u1', isAdmin: false }, now)).toThrow(/expired/);
  });

  it('ends the hold at expiresAt itself, not a moment later', () => {
    const held = order({ expiresAt: now.toISOString() });
    expect(() => assertPayable(held, new Date(now.getTime() - 1))).not.toThrow();
    expect(() => assertPayable(held, now)).toThrow(ORDER_MESSAGES.expired);
    expect(holdHasEnded(held, now)).toBe(true);
    expect(holdHasEnded(held, new Date(now.getTime() - 1))).toBe(false);
    expect(holdHasEnded(order({ status: 'paid', expiresAt: '2025-01-01T00:00:00Z' }), now)).toBe(false);
    expect(isExpired(order({ status: 'expired' }), now)).toBe(true);
  });

  it('maps a stored record to the API order, deriving isPaid, isDelivered and the shown hold', () => {
    const record: OrderRecord = {
      user: { _id: 'u1', name: 'U', email: 'u@x.y' },
      orderItems: [{ product: 'p', name: 'P', image: '/i.png', priceCents: 1999, qty: 2 }],
      shippingAddress: { address: 'a', city: 'c', postalCode: 'p', country: 'x' },
      paymentMethod: 'PayPal',
      itemsCents: 3998,
      shippingCents: 1000,
      taxCents: 600,
      totalCents: 5598,
      currency: 'USD',
      status: 'awaiting_payment',
      paidAt: null,
      paymentResult: null,
      deliveredAt: null,
      expiresAt: '2026-01-03T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(orderFromRecord('o1', record)).toMatchObject({
      _id: 'o1',
      orderItems: [{ product: 'p', name: 'P', image: '/i.png', price: 19.99, qty: 2 }],
      itemsPrice: 39.98,
      totalPrice: 55.98,
      isPaid: false,
      isDelivered: false,
      expiresAt: '2026-01-03T00:00:00.000Z',
    });
    expect(orderFromRecord('o1', { ...record, status: 'paid' })).toMatchObject({
      isPaid: true,
      isDelivered: false,
      expiresAt: null,
    });
    expect(orderFromRecord('o1', { ...record, status: 'delivered' })).toMatchObject({
      isPaid: true,
      isDelivered: true,
      expiresAt: null,
    });
    expect(orderFromRecord('o1', { ...record, status: 'expired' })).toMatchObject({
      isPaid: false,
      expiresAt: '2026-01-03T00:00:00.000Z',
    });
  });
});

describe('specs and gallery (issue 29)', () => {
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it('takes trimmed spec rows in order, and leaves them out for the original clients', () => {
    expect(specsSchema.parse([{ name: ' Display ', value: ' 6.1" ' }])).toEqual([{ name: 'Display', value: '6.1"' }]);
    expect(productUpdateSchema.parse(validProduct)).not.toHaveProperty('specs');
    expect(productUpdateSchema.parse(validProduct)).not.toHaveProperty('images');
  });

  it('refuses spec rows: a name twice (any case), blanks, too long, too many, other keys, not a list', () => {
    expect(
      messages(
        specsSchema.safeParse([
          { name: 'Weight', value: '1 kg' },
          { name: 'WEIGHT', value: '2 kg' },
        ]),
      ),
    ).toEqual(['1.name: Specification "WEIGHT" appears more than once']);
    expect(messages(specsSchema.safeParse([{ name: ' ', value: '' }]))).toEqual([
      '0.name: Specification name is required',
      '0.value: Specification value is required',
    ]);
    expect(messages(specsSchema.safeParse([{ name: 'x'.repeat(61), value: 'v' }]))).toEqual([
      '0.name: Specification name must be at most 60 characters',
    ]);
    const many = Array.from({ length: 31 }, (_, i) => ({ name: `S${i}`, value: 'v' }));
    expect(messages(specsSchema.safeParse(many))).toEqual([': At most 30 specifications']);
    expect(specsSchema.safeParse([{ name: 'a', value: 'b', unit: 'g' }]).success).toBe(false);
    expect(specsSchema.safeParse([{ name: 'a\u0000', value: 'b' }]).success).toBe(false);
    expect(messages(specsSchema.safeParse({ Display: 'big' }))).toEqual([
      ': Specifications must be a list of { name, value }',
    ]);
  });

  it('refuses gallery pictures: unsafe urls, the same picture twice, long alt texts, too many', () => {
    const picture = (url: string, alt = '') => ({ url, alt });
    expect(imagesSchema.safeParse([picture('/a.webp', 'Front'), picture('https://cdn.example/b.webp')]).success).toBe(
      true,
    );
    for (const url of ['javascript:alert(1)', '//evil.example/x.png', 'http://plain.example/x.png', ''])
      expect(imagesSchema.safeParse([picture(url)]).success, url).toBe(false);
    expect(messages(imagesSchema.safeParse([picture('/a.webp'), picture('/a.webp')]))).toEqual([
      ': Each image only once',
    ]);
    expect(messages(imagesSchema.safeParse([picture('/a.webp', 'x'.repeat(201))]))).toEqual([
      '0.alt: Alt text must be at most 200 characters',
    ]);
    const many = Array.from({ length: 11 }, (_, i) => picture(`/p${i}.webp`));
    expect(messages(imagesSchema.safeParse(many))).toEqual([': At most 10 images']);
  });

  it('a sent gallery must start with the main image', () => {
    expect(() =>
      assertGalleryStartsWithImage({ image: '/a.webp', images: [{ url: '/a.webp', alt: '' }] }),
    ).not.toThrow();
    expect(() => assertGalleryStartsWithImage({ image: '/a.webp', images: [] })).not.toThrow();
    expect(() => assertGalleryStartsWithImage({ image: '/a.webp' })).not.toThrow();
    expect(() => assertGalleryStartsWithImage({ image: '/a.webp', images: [{ url: '/b.webp', alt: '' }] })).toThrow(
      GALLERY_FIRST_MESSAGE,
    );
  });

  it('an order line sent back as the product answer (ProShop v2) may carry its lists, bounded, and they are ignored', () => {
    const line = { _id: 'a'.repeat(24), qty: 1, specs: [{ name: 'x', value: 'y' }], images: [{ url: '/a', alt: '' }] };
    const shipTo = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
    const parsed = placeOrderSchema.parse({ orderItems: [line], shippingAddress: shipTo });
    expect(parsed.orderItems).toEqual([{ product: 'a'.repeat(24), qty: 1 }]);
    const flooded = { ...line, images: Array.from({ length: 11 }, () => ({})) };
    expect(placeOrderSchema.safeParse({ orderItems: [flooded], shippingAddress: shipTo }).success).toBe(false);
  });
});
