import { describe, expect, it } from 'vitest';
import { orderFromRecord, type OrderRecord } from '@domain/orders';
import { cartDocOf, cartLinesFromDoc, liveProductFromDoc, orderFromDoc, productOrNull, reviewFromDoc } from './mapping';

describe('Firebase document mapping', () => {
  it('reads a product document as the API answers it: cents to dollars, the rating from its sum', () => {
    const fields = liveProductFromDoc('p1', {
      priceCents: 1999,
      countInStock: 4,
      ratingSum: 9,
      numReviews: 2,
      rating: 0,
    });
    expect(fields).toEqual({ price: 19.99, countInStock: 4, rating: 4.5, numReviews: 2 });
  });

  it('reads specs, the gallery and the verified mark; documents from before issue 29 read as none', () => {
    const base = { name: 'Lamp', image: '/a.webp', priceCents: 100 };
    const gallery = [
      { url: '/a.webp', alt: 'Front' },
      { url: '/b.webp', alt: 'Back' },
    ];
    const specs = [{ name: 'Weight', value: '1 kg' }];
    expect(productOrNull('p1', { ...base, specs, images: gallery })).toMatchObject({ specs, images: gallery });
    expect(productOrNull('p1', base)).toMatchObject({ specs: [], images: [{ url: '/a.webp', alt: '' }] });
    const review = { user: 'u1', name: 'Ann', rating: 5, comment: 'Good', createdAt: 't' };
    expect(reviewFromDoc('u1', { ...review, verified: true }).verified).toBe(true);
    expect(reviewFromDoc('u1', review).verified).toBe(false);
  });

  it('ignores a missing or incomplete product document (the API’s answer stays on screen)', () => {
    expect(liveProductFromDoc('p1', undefined)).toBeNull();
    expect(liveProductFromDoc('p1', { countInStock: 3 })).toBeNull();
  });

  it('stores only product ids and quantities, at most 50 lines', () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ product: `p${i}`, qty: 1, name: 'extra', price: 9 }));
    const cart = cartDocOf(lines, 'now');
    expect(cart.items).toHaveLength(50);
    expect(cart.items[0]).toEqual({ product: 'p0', qty: 1 });
    expect(cart.updatedAt).toBe('now');
  });

  it('reads a stored cart, or null when there is none', () => {
    expect(cartLinesFromDoc({ items: [{ product: 'a', qty: 2 }], updatedAt: 1 })).toEqual([{ product: 'a', qty: 2 }]);
    expect(cartLinesFromDoc(undefined)).toBeNull();
  });

  it('reads an order document as the API answers it (its toOrder is the same orderFromRecord), server fields left out', () => {
    const record = {
      user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
      orderItems: [{ product: 'p1', name: 'Lamp', image: '/a.webp', priceCents: 1999, qty: 2 }],
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      paymentMethod: 'PayPal',
      itemsCents: 3998,
      shippingCents: 0,
      taxCents: 600,
      totalCents: 4598,
      currency: 'USD',
      status: 'paid',
      paidAt: '2026-03-01T10:05:00.000Z',
      expiresAt: '2026-03-01T10:30:00.000Z',
      createdAt: '2026-03-01T10:00:00.000Z',
    } as unknown as OrderRecord;
    const doc = { ...record, userId: 'u1', captureId: 'c1', customerKeys: ['ann'], guestToken: null };
    const order = orderFromDoc('o1', doc);
    expect(order).toEqual(orderFromRecord('o1', record));
    expect(order).toMatchObject({ _id: 'o1', isPaid: true, totalPrice: 45.98 });
    expect(order).not.toHaveProperty('customerKeys');
    expect(orderFromDoc('o1', undefined)).toBeNull();
    expect(orderFromDoc('o1', { status: 'paid' } as Partial<OrderRecord>)).toBeNull();
  });

  it("names the shop as every refund's actor, as the API answers a customer (an older document's admin hidden)", () => {
    const refund = {
      id: 'r1',
      amountCents: 500,
      reason: 'scratched',
      restock: false,
      items: [],
      status: 'completed',
      cancelsOrder: false,
      createdAt: '2026-03-01T11:00:00.000Z',
      completedAt: '2026-03-01T11:00:01.000Z',
      providerRefundId: 'P1',
      failure: null,
      by: { _id: 'admin-uid', name: 'Shop Admin' },
    };
    const doc = {
      user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
      orderItems: [{ product: 'p1', name: 'Lamp', image: '/a.webp', priceCents: 1000, qty: 1 }],
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      paymentMethod: 'PayPal',
      itemsCents: 1000,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 1000,
      currency: 'USD',
      status: 'paid',
      paidAt: '2026-03-01T10:05:00.000Z',
      expiresAt: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      refunds: [refund],
    } as unknown as OrderRecord;
    const order = orderFromDoc('o1', doc)!;
    expect(order.refunds.map((r) => r.by)).toEqual([{ _id: '', name: 'the shop' }]);
    expect(JSON.stringify(order)).not.toMatch(/admin-uid|Shop Admin/);
  });
});
