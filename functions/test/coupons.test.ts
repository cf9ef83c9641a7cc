// Discount codes through the API (issue 30): the admin's CRUD with clear 400s, codes case-insensitive, the check a
// shopper makes before placing, and couponCode on POST /api/orders (priced on the server, a refusal is a 400 and
// places nothing). The storage and concurrency rules are the store contract's (contract/coupons.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES } from '../src/domain/index.js';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const place = (token: string, productId: string, qty: number, couponCode?: string) =>
  shop.call('POST', '/api/orders', {
    token,
    body: { orderItems: [{ product: productId, qty }], shippingAddress, paymentMethod: 'PayPal', couponCode },
  });

describe('discount codes through the API', () => {
  it('the admin creates, reads, edits and removes a code; stored upper-case, found in any case', async () => {
    const created = await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'welcome5', amountOff: 5, minSubtotal: 20, maxUsesPerCustomer: 1, active: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      code: 'WELCOME5',
      percentOff: null,
      amountOff: 5,
      minSubtotal: 20,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 1,
      scope: null,
      active: true,
      uses: 0,
    });
    expect((await shop.call('GET', '/api/coupons/Welcome5', { token: admin })).body.code).toBe('WELCOME5');
    const again = await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'WELCOME5', percentOff: 5, active: true },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A discount code WELCOME5 already exists');

    const edited = await shop.call('PUT', '/api/coupons/welcome5', {
      token: admin,
      body: { percentOff: 12.5, active: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ code: 'WELCOME5', percentOff: 12.5, amountOff: null, active: false });
    const renamed = await shop.call('PUT', '/api/coupons/WELCOME5', {
      token: admin,
      body: { code: 'OTHER', percentOff: 5, active: true },
    });
    expect(renamed.status).toBe(400);
    expect(
      (await shop.call('GET', '/api/coupons', { token: admin })).body.map((c: { code: string }) => c.code),
    ).toContain('WELCOME5');

    expect((await shop.call('DELETE', '/api/coupons/welcome5', { token: admin })).status).toBe(200);
    expect((await shop.call('GET', '/api/coupons/WELCOME5', { token: admin })).status).toBe(404);
    expect((await shop.call('DELETE', '/api/coupons/WELCOME5', { token: admin })).status).toBe(404);
  });

  it('refuses bad terms with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'X', percentOff: 10, active: true }, 'Code must be at least 3 characters'],
      [{ code: 'NO SPACE', percentOff: 10, active: true }, 'Code may contain only letters, digits, "-" and "_"'],
      [{ code: 'BOTH', percentOff: 10, amountOff: 5, active: true }, 'Give either a percent off or an amount off'],
      [{ code: 'NONE', active: true }, 'Give either a percent off or an amount off'],
      [{ code: 'BIG', percentOff: 101, active: true }, 'Percent off must be at most 100'],
      [{ code: 'CENTS', amountOff: 1.005, active: true }, 'Amount off must be in whole cents'],
      [{ code: 'USES', percentOff: 5, maxUses: 0, active: true }, 'Total uses must be at least 1'],
      [
        {
          code: 'DATES',
          percentOff: 5,
          startsAt: '2026-05-01T00:00:00Z',
          endsAt: '2026-04-01T00:00:00Z',
          active: true,
        },
        'Ends at must be after starts at',
      ],
      [{ code: 'ACTIVE', percentOff: 5 }, 'Active must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await shop.call('POST', '/api/coupons', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('a shopper checks a code against the cart, then places with it: priced on the server, counted once', async () => {
    const p = await createProduct(shop, 40, 100, 'Coupon Kettle');
    const shopper = await registerCustomer(shop, 'coupon');
    await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'QUARTER', percentOff: 25, minSubtotal: 50, maxUsesPerCustomer: 1, active: true },
    });
    const check = (qty: number, code = 'quarter') =>
      shop.call('POST', '/api/coupons/check', { token: shopper, body: { code, items: [{ product: p._id, qty }] } });
    expect((await check(1)).body).toEqual({
      code: 'QUARTER',
      ok: false,
      discountPrice: 0,
      message: DISCOUNT_MESSAGES.belowMinimum(50, 40),
    });
    expect((await check(3)).body).toEqual({ code: 'QUARTER', ok: true, discountPrice: 30, message: null });
    expect((await check(1, 'NOPE')).body.message).toBe(DISCOUNT_MESSAGES.unknown);

    // Below the minimum: 400 with the decision's message, nothing placed.
    const refused = await place(shopper, p._id, 1, 'Quarter');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DISCOUNT_MESSAGES.belowMinimum(50, 40));
    expect((await shop.call('GET', '/api/orders/myorders', { token: shopper })).body).toEqual([]);

    // 3 × 40 = 120 (free shipping, judged before the discount), 30 off, tax 15% of 90.
    const placed = await place(shopper, p._id, 3, 'quarter');
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      itemsPrice: 120,
      discountPrice: 30,
      couponCode: 'QUARTER',
      shippingPrice: 0,
      taxPrice: 13.5,
      totalPrice: 103.5,
    });
    expect((await shop.call('GET', '/api/coupons/QUARTER', { token: admin })).body.uses).toBe(1);
    // Once per customer: the check and the order both say so.
    expect((await check(3)).body.message).toBe(DISCOUNT_MESSAGES.usedUpForYou);
    expect((await place(shopper, p._id, 3, 'QUARTER')).body.message).toBe(DISCOUNT_MESSAGES.usedUpForYou);
  });

  it('without a code (or with an empty one) the order is the spec’s: discountPrice 0, couponCode null', async () => {
    const p = await createProduct(shop, 50, 100, 'Plain Kettle');
    const shopper = await registerCustomer(shop, 'nocoupon');
    for (const code of [undefined, '', '  ']) {
      const res = await place(shopper, p._id, 1, code);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ itemsPrice: 50, discountPrice: 0, couponCode: null, totalPrice: 157.5 });
      await shop.call('PUT', `/api/orders/${res.body._id}/cancel`, { token: shopper });
    }
  });
});
