// Discount codes through the API (issue 30): the admin's CRUD with clear 400s, codes case-insensitive, the check a
// shopper makes before placing, and couponCode on POST /api/orders (priced on the server, a refusal is a 400 and
// places nothing). The storage and concurrency rules are the store contract's (contract/coupons.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES } from '../src/domain/index.js';
import { TOO_MANY_ATTEMPTS } from '../src/http/rateLimits.js';
import { productInput } from './support/products.js';
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

describe('a code’s scope names what exists (issue 40)', () => {
  const scopedCheck = (token: string, code: string, product: string) =>
    shop.call('POST', '/api/coupons/check', { token, body: { code, items: [{ product, qty: 1 }] } });

  it('a category is the managed one whatever its case or spacing, follows renames and merges; unknown is a 400', async () => {
    const studio = (await shop.call('POST', '/api/categories', { token: admin, body: { name: 'Studio Audio' } })).body;
    const monitors = (await shop.call('POST', '/api/categories', { token: admin, body: { name: 'Scope Monitors' } }))
      .body;
    const mic = await createProduct(shop, 100, 10, 'Scope Microphone');
    const speaker = await createProduct(shop, 200, 10, 'Scope Speaker');
    for (const [p, category] of [
      [mic, 'Studio Audio'],
      [speaker, 'Scope Monitors'],
    ] as const)
      expect(
        (
          await shop.call('PUT', `/api/products/${p._id}`, {
            token: admin,
            body: productInput(p.name, { price: p === mic ? 100 : 200, countInStock: 10, category }),
          })
        ).status,
      ).toBe(200);

    // Typed in another case, with spaces, twice: saved once, as the list spells it.
    const created = await shop.call('POST', '/api/coupons', {
      token: admin,
      body: {
        code: 'STUDIO10',
        percentOff: 10,
        active: true,
        scope: { categories: [' studio   AUDIO ', 'Studio Audio'] },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.scope).toEqual({ categories: ['Studio Audio'], products: [] });
    const speakers = await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'MONITORS5', amountOff: 5, active: true, scope: { categories: ['scope monitors'] } },
    });
    expect(speakers.body.scope).toEqual({ categories: ['Scope Monitors'], products: [] });
    const shopper = await registerCustomer(shop, 'scope');
    expect((await scopedCheck(shopper, 'STUDIO10', mic._id)).body).toMatchObject({ ok: true, discountPrice: 10 });
    expect((await scopedCheck(shopper, 'STUDIO10', speaker._id)).body.message).toBe(DISCOUNT_MESSAGES.nothingInScope);

    // A near name, a piece of one, or a name no list holds: refused, naming the list; nothing saved.
    for (const wrong of ['Studio Audi', 'Studio', 'Studio Audio Pro', 'Nowhere']) {
      const refused = await shop.call('POST', '/api/coupons', {
        token: admin,
        body: { code: 'WRONGCAT', percentOff: 10, active: true, scope: { categories: [wrong] } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`Unknown category "${wrong}"`);
    }
    expect((await shop.call('GET', '/api/coupons/WRONGCAT', { token: admin })).status).toBe(404);

    // A rename: the code follows the category and still applies to its products.
    await shop.call('PUT', `/api/categories/${studio._id}`, { token: admin, body: { name: 'Studio Sound' } });
    expect((await shop.call('GET', '/api/coupons/STUDIO10', { token: admin })).body.scope.categories).toEqual([
      'Studio Sound',
    ]);
    expect((await scopedCheck(shopper, 'STUDIO10', mic._id)).body).toMatchObject({ ok: true, discountPrice: 10 });
    // A merge: the merged category's code names the target, and applies to the products that moved with it.
    const merged = await shop.call('POST', `/api/categories/${monitors._id}/merge`, {
      token: admin,
      body: { into: studio._id },
    });
    expect(merged.body).toMatchObject({ name: 'Studio Sound' });
    expect((await shop.call('GET', '/api/coupons/MONITORS5', { token: admin })).body.scope.categories).toEqual([
      'Studio Sound',
    ]);
    expect((await scopedCheck(shopper, 'MONITORS5', speaker._id)).body).toMatchObject({ ok: true, discountPrice: 5 });
    expect((await scopedCheck(shopper, 'STUDIO10', speaker._id)).body).toMatchObject({ ok: true, discountPrice: 20 });
  });

  it('products are ids the catalogue holds, each once; an unknown id is a 400 and saves nothing', async () => {
    const p = await createProduct(shop, 30, 10, 'Scope Cable');
    const created = await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'CABLE3', amountOff: 3, active: true, scope: { products: [p._id, p._id] } },
    });
    expect(created.status).toBe(201);
    expect(created.body.scope).toEqual({ categories: [], products: [p._id] });
    const unknown = await shop.call('PUT', '/api/coupons/CABLE3', {
      token: admin,
      body: { amountOff: 3, active: true, scope: { products: [p._id, 'no-such-product'] } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Product not found: no-such-product');
    expect((await shop.call('GET', '/api/coupons/CABLE3', { token: admin })).body.scope.products).toEqual([p._id]);
  });
});

describe('POST /api/coupons/check for a guest (no account)', () => {
  const guestCheck = (code: string, items: Record<string, unknown>[], token?: string) =>
    shop.call('POST', '/api/coupons/check', { ...(token ? { token } : {}), body: { code, items } });

  it('checks the code and its minimum without sign-in; an ended code says so', async () => {
    const p = await createProduct(shop, 40, 100, 'Guest Kettle');
    await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'GUEST10', percentOff: 10, minSubtotal: 50, active: true },
    });
    await shop.call('POST', '/api/coupons', {
      token: admin,
      body: {
        code: 'GONE10',
        percentOff: 10,
        startsAt: '2020-01-01T00:00:00Z',
        endsAt: '2020-02-01T00:00:00Z',
        active: true,
      },
    });
    const below = await guestCheck('guest10', [{ product: p._id, qty: 1 }]);
    expect(below.status).toBe(200);
    expect(below.body).toEqual({
      code: 'GUEST10',
      ok: false,
      discountPrice: 0,
      message: DISCOUNT_MESSAGES.belowMinimum(50, 40),
    });
    expect((await guestCheck('GUEST10', [{ product: p._id, qty: 2 }])).body).toEqual({
      code: 'GUEST10',
      ok: true,
      discountPrice: 8,
      message: null,
    });
    expect((await guestCheck('GONE10', [{ product: p._id, qty: 2 }])).body).toMatchObject({
      ok: false,
      message: DISCOUNT_MESSAGES.ended,
    });
    expect((await guestCheck('NOSUCH', [{ product: p._id, qty: 2 }])).body.message).toBe(DISCOUNT_MESSAGES.unknown);
  });

  it('tells a guest nothing of other customers’ uses; the per-customer limit holds when a guest places, by email', async () => {
    const p = await createProduct(shop, 60, 100, 'Guest Toaster');
    const shopper = await registerCustomer(shop, 'onceonly');
    await shop.call('POST', '/api/coupons', {
      token: admin,
      body: { code: 'ONCEEACH', amountOff: 5, maxUsesPerCustomer: 1, active: true },
    });
    expect((await place(shopper, p._id, 1, 'ONCEEACH')).status).toBe(201);
    // The customer who used it is told so; a guest's check is about the code and the cart alone.
    expect((await guestCheck('ONCEEACH', [{ product: p._id, qty: 1 }], shopper)).body.message).toBe(
      DISCOUNT_MESSAGES.usedUpForYou,
    );
    expect((await guestCheck('ONCEEACH', [{ product: p._id, qty: 1 }])).body).toMatchObject({ ok: true });
    const email = `guest-${Date.now()}@example.com`;
    const asGuest = () =>
      shop.call('POST', '/api/orders/guest', {
        body: { email, orderItems: [{ product: p._id, qty: 1 }], shippingAddress, couponCode: 'onceeach' },
      });
    const first = await asGuest();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ couponCode: 'ONCEEACH', discountPrice: 5, isGuest: true });
    const second = await asGuest();
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(DISCOUNT_MESSAGES.usedUpForYou);
  });

  it('prices a line as its variant; another product’s variant is a 400', async () => {
    const create = await shop.call('POST', '/api/products', { token: admin });
    const id = create.body._id as string;
    const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
    const saved = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: {
        ...productInput(`Coupon Phone ${suffix}`),
        options: [{ name: 'Storage', values: ['128 GB', '1 TB'] }],
        variants: [
          { sku: `CP-128-${suffix}`, options: { Storage: '128 GB' }, price: 100, countInStock: 5 },
          { sku: `CP-1TB-${suffix}`, options: { Storage: '1 TB' }, price: 300, countInStock: 5 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const big = saved.body.variants[1]._id as string;
    await shop.call('POST', '/api/coupons', { token: admin, body: { code: 'TENPCT', percentOff: 10, active: true } });
    expect((await guestCheck('TENPCT', [{ product: id, qty: 1 }])).body.discountPrice).toBe(10);
    expect((await guestCheck('TENPCT', [{ product: id, variant: big, qty: 1 }])).body.discountPrice).toBe(30);
    const other = await createProduct(shop, 10, 10, 'No Variants Here');
    const wrong = await guestCheck('TENPCT', [{ product: other._id, variant: big, qty: 1 }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('No Variants Here has no variants');
  });

  it('a token that is not valid is a 401, not a guest', async () => {
    const p = await createProduct(shop, 10, 10, 'Token Kettle');
    const res = await guestCheck('GUEST10', [{ product: p._id, qty: 1 }], 'not-a-token');
    expect(res.status).toBe(401);
  });
});

describe('the check’s rate limit (COUPON_CHECK_RATE_LIMIT)', () => {
  it('refused checks are limited per address (guessing codes); good ones run on to five times that', async () => {
    const limited = await startTestShop({ COUPON_CHECK_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' });
    try {
      const adminToken = await limited.adminToken();
      const p = await createProduct(limited, 30, 10, 'Limited Kettle');
      await limited.call('POST', '/api/coupons', {
        token: adminToken,
        body: { code: 'REAL5', amountOff: 5, active: true },
      });
      const check = (code: string, address: string) =>
        limited.call('POST', '/api/coupons/check', {
          body: { code, items: [{ product: p._id, qty: 1 }] },
          headers: { 'X-Forwarded-For': address },
        });
      // Good checks are no guesses: they do not bring the refusals' limit nearer.
      for (let i = 0; i < 4; i++) expect((await check('REAL5', '203.0.113.1')).body.ok).toBe(true);
      for (const guess of ['GUESS1', 'GUESS2', 'GUESS3'])
        expect((await check(guess, '203.0.113.1')).body.ok).toBe(false);
      const blocked = await check('GUESS4', '203.0.113.1');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(TOO_MANY_ATTEMPTS);
      // That address waits out the window, whatever it sends; another address is not held up by it.
      expect((await check('REAL5', '203.0.113.1')).status).toBe(429);
      expect((await check('REAL5', '203.0.113.2')).body.ok).toBe(true);
      // Every check counts at five times the limit (15 a window), however good the code.
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) statuses.push((await check('REAL5', '203.0.113.3')).status);
      expect(statuses).toEqual([...Array(15).fill(200), 429]);
    } finally {
      await limited.close();
    }
  });
});
