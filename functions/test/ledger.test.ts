// Issue 38, the ledger over HTTP on the embedded backend: placing an order records each line's share of the code's
// discount and of the tax (domain/ledger.ts), the answer's lines sum to the order's figures, and a refund of a
// discounted unit pays exactly what that unit was charged (the "$341.54 item refunded $374.54" cannot happen).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
beforeAll(async () => {
  shop = await startTestShop({}, { clock: { now: () => new Date('2026-03-01T10:00:00Z') } });
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const cents = (dollars: number) => Math.round(dollars * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

interface Line {
  product: string;
  price: number;
  qty: number;
  discount?: number;
  tax?: number;
}

describe('the ledger (issue 38)', () => {
  it('a 10% code and tax over 3 lines: the lines carry discount and tax summing to the order; a refunded unit pays its charge', async () => {
    const code = `TENOFF${unique().toUpperCase()}`;
    expect(
      (await shop.call('POST', '/api/coupons', { token: admin, body: { code, percentOff: 10, active: true } })).status,
    ).toBe(201);
    const phone = await createProduct(shop, 341.54, 10, `Phone ${unique()}`);
    const cable = await createProduct(shop, 19.99, 10, `Cable ${unique()}`);
    const case_ = await createProduct(shop, 9.99, 10, `Case ${unique()}`);
    const token = await registerCustomer(shop, 'ledger');
    const placed = await shop.call('POST', '/api/orders', {
      token,
      body: {
        orderItems: [
          { product: phone._id, qty: 1 },
          { product: cable._id, qty: 3 },
          { product: case_._id, qty: 2 },
        ],
        shippingAddress,
        paymentMethod: 'PayPal',
        couponCode: code,
      },
    });
    expect(placed.status).toBe(201);
    const order = placed.body;
    // 421.49 of items, 10% off = 42.15, 15% tax of 379.34 = 56.90, free shipping: 436.24.
    expect(order).toMatchObject({
      itemsPrice: 421.49,
      discountPrice: 42.15,
      shippingPrice: 0,
      taxPrice: 56.9,
      totalPrice: 436.24,
    });
    const lines = order.orderItems as Line[];
    expect(sum(lines.map((l) => cents(l.discount ?? 0)))).toBe(cents(order.discountPrice));
    expect(sum(lines.map((l) => cents(l.tax ?? 0)))).toBe(cents(order.taxPrice));
    expect(lines.map((l) => [l.discount, l.tax])).toEqual([
      [34.15, 46.11],
      [6, 8.09],
      [2, 2.7],
    ]);
    // Each line's charge: items − discount + tax; together the goods (total less shipping).
    const charged = lines.map((l) => cents(l.price) * l.qty - cents(l.discount ?? 0) + cents(l.tax ?? 0));
    expect(sum(charged)).toBe(cents(order.totalPrice) - cents(order.shippingPrice));
    // The same on a later read.
    const read = await shop.call('GET', `/api/orders/${order._id}`, { token });
    expect(read.body.orderItems).toEqual(order.orderItems);

    expect((await shop.call('PUT', `/api/orders/${order._id}/pay`, { token, body: { simulated: true } })).status).toBe(
      200,
    );
    const path = `/api/orders/${order._id}/refunds`;
    const phoneBack = await shop.call('POST', path, {
      token: admin,
      body: { items: [{ product: phone._id, qty: 1 }] },
    });
    expect(phoneBack.status).toBe(201);
    // $341.54 less its $34.15 discount plus its $46.11 tax: $353.50, never $341.54 + tax ($392.77) or more.
    expect(phoneBack.body.refunds.map((r: { amount: number }) => r.amount)).toEqual([353.5]);
    expect(cents(353.5)).toBe(charged[0]);
    // The rest by lines: exactly the remaining lines' charges, the order refunded in full.
    const rest = await shop.call('POST', path, {
      token: admin,
      body: {
        items: [
          { product: cable._id, qty: 3 },
          { product: case_._id, qty: 2 },
        ],
      },
    });
    expect(rest.status).toBe(201);
    expect(cents(rest.body.refunds[1].amount)).toBe(charged[1]! + charged[2]!);
    expect(rest.body).toMatchObject({ refundedTotal: 436.24, paymentStatus: 'refunded' });
  });
});
