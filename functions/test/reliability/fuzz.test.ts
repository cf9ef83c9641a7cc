// Bad input, property-based (fast-check): for every route, bodies that are invalid by construction (one field made
// wrong: wrong type, missing, empty, too long, negative/fractional/NaN/Infinity quantities, unknown or prototype
// keys), malformed JSON, wrong content types, bogus ids and odd query strings. Each must get a 4xx with a
// `message` (never a 5xx, never a stack trace), and the database must be unchanged (snapshot before/after).
import fc from 'fast-check';
import type { Connection } from '../../src/adapters/embedded/sql.js';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { shippingAddress, startTestShop, type TestShop } from '../support/shop.js';
import { openDb, snapshot } from './support/db.js';
import { DEFAULT_SETTINGS, INLINE_DATA_ID, LIST_PAGE_SIZE, STOCK_HISTORY_PAGE_SIZE } from '../../src/domain/index.js';

let shop: TestShop;
let db: Connection;
let admin: string;
let alice: string;
let productId: string;
let aliceId: string;
let aliceOrderId: string;
/** A category and a brand the managed lists' routes name (issue 29). */
let categoryId: string;
let brandId: string;
let before: Awaited<ReturnType<typeof snapshot>>;

const RUNS = 30;

beforeAll(async () => {
  shop = await startTestShop({ LOGIN_RATE_LIMIT: '100000' });
  db = openDb(shop.config.dataDir);
  [admin, alice] = await Promise.all([shop.adminToken(), shop.aliceToken()]);
  productId = (await shop.call('GET', '/api/products')).body.products.find((p: any) => p.countInStock > 2)._id;
  aliceId = (await shop.call('GET', '/api/users/profile', { token: alice })).body._id;
  // A discount code the coupon routes' bodies name (issue 30).
  await shop.call('POST', '/api/coupons', { token: admin, body: { code: 'FUZZCODE', percentOff: 10, active: true } });
  categoryId = (await shop.call('POST', '/api/categories', { token: admin, body: { name: 'Fuzz Category' } })).body._id;
  brandId = (await shop.call('POST', '/api/brands', { token: admin, body: { name: 'Fuzz Brand' } })).body._id;
  aliceOrderId = (
    await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ product: productId, qty: 1 }], shippingAddress },
    })
  ).body._id;
});
afterAll(async () => {
  db?.close();
  await shop?.close();
});
beforeEach(async () => {
  before = await snapshot(db);
});
afterEach(async () => {
  const after = await snapshot(db);
  expect(after.counts, 'row counts unchanged').toEqual(before.counts);
  expect(after.digest, 'no row changed').toBe(before.digest);
});

/** Asserts the answer refuses the input properly. */
function refused(res: { status: number; body: any }, what: string) {
  expect(res.status, `${what} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(typeof res.body?.message, `${what}: message`).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(JSON.stringify(res.body)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

// ---- invalid values, per kind of field ----
const notString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const blank = fc.constantFrom('', ' ', '   \t ', '\n');
const tooLong = (max: number) => fc.integer({ min: max + 1, max: max + 200 }).map((n) => 'x'.repeat(n));
const badText = (max: number) => fc.oneof(notString, blank, tooLong(max));
const badEmail = fc.oneof(
  notString,
  blank,
  fc.constantFrom('no-at-sign', '@nohost', 'a@', 'a b@c.d', 'x'.repeat(250) + '@ex.com'),
);
// NaN and ±Infinity are not JSON: JSON.stringify sends them as null, which must be refused like any non-number.
// Plain decimal strings ("12.50") are numbers where the original clients send them (schemas.ts), so not here.
const notDecimalText = fc.string({ maxLength: 6 }).filter((s) => !/^-?\d+(\.\d+)?$/.test(s));
const notNumber = fc.oneof(
  notDecimalText,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.array(fc.integer(), { maxLength: 2 }),
);
const badQty = fc.oneof(
  notNumber,
  fc.integer({ max: 0 }),
  fc.double({ min: 0.01, max: 999, noInteger: true, noNaN: true }),
  fc.integer({ min: 1001, max: 1e9 }),
);
const badPrice = fc.oneof(
  notNumber,
  fc.double({ max: -0.01, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1.234, 0.001, 99.999),
  fc.integer({ min: 1_000_001, max: 1e12 }),
);
const badStock = fc.oneof(
  notNumber,
  fc.integer({ max: -1 }),
  fc.double({ min: 0.1, max: 100, noInteger: true, noNaN: true }),
  fc.integer({ min: 1_000_001, max: 1e12 }),
);
const badRating = fc.oneof(
  notNumber,
  fc.integer({ max: 0 }),
  fc.integer({ min: 6 }),
  fc.double({ min: 1.01, max: 4.99, noInteger: true, noNaN: true }),
);
const badBool = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null), fc.constant([]));
const badImage = fc.oneof(
  notString,
  blank,
  tooLong(500),
  fc.constantFrom(
    'javascript:alert(1)',
    'http://insecure.example/x.png',
    '//evil.example/x.png',
    'data:image/png;base64,AAAA',
    'images/no-slash.png',
    '/a b.png',
    'https://x"onerror=alert(1)',
  ),
);
const badId = fc.oneof(
  notString,
  fc.constantFrom('', '../etc/passwd', 'a'.repeat(65), '{"$gt":""}', 'id with spaces', '%00'),
);
/** Keys a strict schema must refuse; includes prototype-pollution keys. */
const unknownKey = (known: string[]) =>
  fc
    .oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', '$where'),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter((k) => !known.includes(k));

type Fields = Record<string, fc.Arbitrary<unknown>>;

/** A valid body with exactly one thing wrong: a field invalid, a required field missing, or an unknown key. */
function oneWrong(valid: Record<string, unknown>, bad: Fields, required: string[]) {
  const known = Object.keys(bad).concat(Object.keys(valid));
  const options: fc.Arbitrary<Record<string, unknown>>[] = [
    fc.constantFrom(...Object.keys(bad)).chain((field) => bad[field].map((value) => ({ ...valid, [field]: value }))),
    // JSON values only: an undefined value would drop the key and leave a valid body.
    fc.tuple(unknownKey(known), fc.jsonValue({ maxDepth: 1 })).map(([k, v]) => {
      const body: Record<string, unknown> = { ...valid };
      Object.defineProperty(body, k, { value: v, enumerable: true, configurable: true, writable: true }); // own key, even "__proto__"
      return body;
    }),
  ];
  if (required.length)
    options.push(
      fc.constantFrom(...required).map((field) => {
        const b = { ...valid };
        delete b[field];
        return b;
      }),
    );
  return fc.oneof(...options);
}

/** Codes the code field refuses by form (couponCodeSchema), or that no code is (the decision refuses them). */
const badCouponCode = fc.oneof(
  notString,
  blank,
  tooLong(32),
  fc.constantFrom('a b', 'x', 'ab', 'Ünïcode', 'DROP;--', '../x', 'NOSUCHCODE'),
);
const couponFields = (): Fields => ({
  code: badCouponCode,
  percentOff: fc.oneof(
    notNumber.filter((v) => v !== null),
    fc.constantFrom(0, -1, 100.5, 1.234),
  ),
  amountOff: fc.constantFrom(-1, 0.001, 'ten', true, 5), // 5: besides percentOff, refused (one or the other)
  minSubtotal: fc.constantFrom(-1, 0.001, 'x', true, 1e9),
  startsAt: fc.constantFrom('yesterday', 123, '2026-13-01T00:00:00Z', true),
  endsAt: fc.constantFrom('tomorrow', 0, '2026-02-30', '1999-01-01T00:00:00Z'), // the last: before startsAt
  maxUses: fc.constantFrom(0, -1, 1.5, 'x', 1e9),
  maxUsesPerCustomer: fc.constantFrom(0, -1, 1.5, 'x'),
  scope: fc.constantFrom('x', 1, { categories: 'x' }, { products: ['../x'] }, { other: 1 }, { categories: [''] }),
  active: badBool,
});
const validCoupon = {
  code: 'FUZZ10',
  percentOff: 10,
  active: true,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2027-01-01T00:00:00Z',
};

const productBody = {
  name: 'Fuzzed',
  price: 10,
  image: '/images/sample.svg',
  brand: 'B',
  category: 'C',
  description: 'D',
  countInStock: 3,
};

interface BodyRoute {
  name: string;
  method: string;
  path: () => string;
  token: () => string | undefined;
  /** Built when the test runs (the ids it uses exist only after beforeAll). */
  bodies: () => fc.Arbitrary<unknown>;
}

/** The settings with one nested value made wrong (PUT /api/settings). */
const settingsWithOneWrong = (): fc.Arbitrary<unknown> => {
  const valid = { ...DEFAULT_SETTINGS, tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'DE', percent: 19 }] } };
  const badAmount = fc.oneof(notNumber, fc.constantFrom(-1, -0.01, 1e12, 0.001, 12.345));
  const badWhole = fc.oneof(notNumber, fc.constantFrom(0, -3, 1.5, 1e9));
  const wrongAt: [string, fc.Arbitrary<unknown>][] = [
    ['tax.defaultPercent', fc.oneof(badAmount, fc.constantFrom(100.01, 250))],
    ['tax.pricesIncludeTax', fc.oneof(fc.integer(), fc.string(), fc.constant(null))],
    [
      'tax.countries',
      fc.oneof(
        notString.filter((v) => !Array.isArray(v)),
        fc.constant([{ country: 'DE' }]),
      ),
    ],
    ['tax.countries.0.country', badText(56)],
    ['tax.countries.0.percent', badAmount],
    ['shipping.defaultPrice', badAmount],
    ['shipping.freeOver', fc.oneof(notDecimalText, fc.constantFrom(-5, 0.001))],
    ['limits.maxUnitsPerProduct', badWhole],
    ['limits.maxHeldTotal', badAmount],
    ['limits.maxOpenOrders', badWhole],
    ['holdMinutes', badWhole],
    ['limits.extra', fc.integer()],
  ];
  return fc.constantFrom(...wrongAt).chain(([path, bad]) =>
    bad.map((value) => {
      const body: any = structuredClone(valid);
      const keys = path.split('.');
      let node = body;
      for (const k of keys.slice(0, -1)) node = node[k];
      node[keys[keys.length - 1]!] = value;
      return body;
    }),
  );
};

/** An address with one thing wrong (issue 30): each field refused by its check (a city without a letter, a
 *  country not in the list, a postal code not the country's, a phone that is no number). */
const addressFields = (): Fields => ({
  address: badText(200),
  city: fc.oneof(badText(100), fc.constantFrom('1', '12345', '--')),
  postalCode: fc.oneof(badText(20), fc.constantFrom('!!!', '1', 'ABCDE')),
  country: fc.oneof(badText(100), fc.constantFrom('Narnia', 'XX', 'Congo')),
  phone: fc.oneof(notString, tooLong(30), fc.constantFrom('call me', '12345', '+1234567890123456')),
  recipientName: fc.oneof(notString, tooLong(100)),
});

const BODY_ROUTES: BodyRoute[] = [
  // Managed categories and brands (issue 29): a name, or the entry to merge into.
  ...(['categories', 'brands'] as const).flatMap((list): BodyRoute[] => {
    const id = () => (list === 'categories' ? categoryId : brandId);
    return [
      {
        name: `POST /api/${list}`,
        method: 'POST',
        path: () => `/api/${list}`,
        token: () => admin,
        bodies: () => oneWrong({ name: 'Fuzzed entry' }, { name: badText(100) }, ['name']),
      },
      {
        name: `PUT /api/${list}/:id`,
        method: 'PUT',
        path: () => `/api/${list}/${id()}`,
        token: () => admin,
        bodies: () => oneWrong({ name: `Fuzz ${list}` }, { name: badText(100) }, ['name']),
      },
      {
        name: `POST /api/${list}/:id/merge`,
        method: 'POST',
        path: () => `/api/${list}/${id()}/merge`,
        token: () => admin,
        // Into itself is refused too (400), and an unknown one is a 404.
        bodies: () => oneWrong({ into: 'no-such-entry' }, { into: fc.oneof(badId, fc.constant(id())) }, ['into']),
      },
    ];
  }),
  {
    name: 'POST /api/users/profile/addresses',
    method: 'POST',
    path: () => '/api/users/profile/addresses',
    token: () => alice,
    bodies: () => oneWrong(shippingAddress, addressFields(), ['address', 'city', 'postalCode', 'country']),
  },
  {
    name: 'PUT /api/users/profile/addresses/:id',
    method: 'PUT',
    path: () => '/api/users/profile/addresses/ffffffffffffffffffffffff',
    token: () => alice,
    bodies: () => oneWrong(shippingAddress, addressFields(), ['address', 'city', 'postalCode', 'country']),
  },
  {
    name: 'POST /api/coupons',
    method: 'POST',
    path: () => '/api/coupons',
    token: () => admin,
    // A well-formed code nobody holds yet is a new coupon (201), so only the form's refusals here.
    bodies: () =>
      oneWrong(validCoupon, { ...couponFields(), code: badCouponCode.filter((c) => c !== 'NOSUCHCODE') }, [
        'code',
        'active',
      ]),
  },
  {
    name: 'PUT /api/coupons/:code',
    method: 'PUT',
    path: () => '/api/coupons/FUZZCODE',
    token: () => admin,
    bodies: () =>
      oneWrong({ ...validCoupon, code: 'FUZZCODE' }, { ...couponFields(), code: fc.constantFrom('OTHER', 'x') }, [
        'active',
      ]),
  },
  {
    name: 'POST /api/coupons/check',
    method: 'POST',
    path: () => '/api/coupons/check',
    token: () => alice,
    bodies: () =>
      oneWrong(
        { code: 'FUZZCODE', items: [{ product: productId, qty: 1 }] },
        {
          code: badCouponCode.filter((c) => c !== 'NOSUCHCODE'), // an unknown code is a 200 answering the refusal
          items: fc.oneof(
            notString,
            fc.constant([]),
            fc.constant(Array.from({ length: 51 }, (_, i) => ({ product: `p${i}`, qty: 1 }))),
            fc.constant([{ product: productId, qty: 0 }]),
            fc.constant([{ product: productId }]),
          ),
        },
        ['code', 'items'],
      ),
  },
  {
    // Open to guests (issue 29's leftovers): the same refusals without a token, and a line's variant checked.
    name: 'POST /api/coupons/check (a guest)',
    method: 'POST',
    path: () => '/api/coupons/check',
    token: () => undefined,
    bodies: () =>
      oneWrong(
        { code: 'FUZZCODE', items: [{ product: productId, qty: 1 }] },
        {
          code: badCouponCode.filter((c) => c !== 'NOSUCHCODE'),
          items: fc.oneof(
            notString,
            fc.constant([]),
            fc.constant([{ product: productId, qty: 1, variant: 'not an id!' }]),
            fc.constant([{ product: productId, qty: 1, variant: 42 }]),
            // A product without variants named with one: 400 as when placing.
            fc.constant([{ product: productId, qty: 1, variant: productId }]),
            fc.constant([{ product: productId, qty: 1, email: 'someone@example.com' }]),
          ),
        },
        ['code', 'items'],
      ),
  },
  {
    name: 'PUT /api/settings',
    method: 'PUT',
    path: () => '/api/settings',
    token: () => admin,
    bodies: settingsWithOneWrong,
  },
  {
    name: 'POST /api/users/login',
    method: 'POST',
    path: () => '/api/users/login',
    token: () => undefined,
    bodies: () =>
      oneWrong(
        { email: 'alice@voltshop.test', password: 'wrong-password' },
        { email: badEmail, password: fc.oneof(notString, fc.constant(''), tooLong(128)) },
        ['email', 'password'],
      ),
  },
  {
    name: 'POST /api/users (register)',
    method: 'POST',
    path: () => '/api/users',
    token: () => undefined,
    bodies: () =>
      oneWrong(
        { name: 'Fuzz', email: 'fuzz-new@voltshop.test', password: 'secret12' },
        {
          name: badText(80),
          email: badEmail,
          password: fc.oneof(notString, fc.constantFrom('', 'a', '12345'), tooLong(128)),
          // "Create an account" after a guest order: a token of no order (or of another email's) creates nothing.
          orderToken: fc.oneof(notString, blank, tooLong(200), fc.constantFrom('x.y', 'ffffffffffffffffffffffff.AAAA')),
        },
        ['name', 'email', 'password'],
      ),
  },
  {
    name: 'PUT /api/users/profile',
    method: 'PUT',
    path: () => '/api/users/profile',
    token: () => alice,
    bodies: () =>
      oneWrong(
        {},
        {
          name: badText(80),
          email: badEmail,
          password: fc.oneof(notString, fc.constantFrom('a', '12345'), tooLong(128)),
          id: fc.oneof(fc.integer(), tooLong(64)),
          currentPassword: fc.oneof(notString, tooLong(128)),
        },
        [],
      ),
  },
  {
    name: 'DELETE /api/users/profile',
    method: 'DELETE',
    path: () => '/api/users/profile',
    token: () => alice,
    // Every body here is wrong (a wrong password is a 403): alice's account is never deleted by the fuzzing.
    bodies: () =>
      oneWrong({ password: 'not-alices-password' }, { password: fc.oneof(notString, fc.constant(''), tooLong(128)) }, [
        'password',
      ]),
  },
  {
    name: 'POST /api/users/password-reset',
    method: 'POST',
    path: () => '/api/users/password-reset',
    token: () => undefined,
    bodies: () => oneWrong({ email: 'fuzz-reset@voltshop.test' }, { email: badEmail }, ['email']),
  },
  {
    name: 'POST /api/users/password-reset/confirm',
    method: 'POST',
    path: () => '/api/users/password-reset/confirm',
    token: () => undefined,
    bodies: () =>
      oneWrong(
        { token: 'A'.repeat(43), password: 'secret12' },
        {
          token: fc.oneof(
            notString,
            fc.constantFrom('', 'short', 'has space'.repeat(5), '../'.repeat(20)),
            tooLong(128),
          ),
          password: fc.oneof(notString, fc.constantFrom('', 'a', '12345'), tooLong(128)),
        },
        ['token', 'password'],
      ),
  },
  {
    name: 'POST /api/users/verify-email',
    method: 'POST',
    path: () => '/api/users/verify-email',
    token: () => undefined,
    bodies: () =>
      oneWrong(
        { token: 'A'.repeat(43) },
        { token: fc.oneof(notString, fc.constantFrom('', 'short', '<script>'.repeat(4)), tooLong(128)) },
        ['token'],
      ),
  },
  {
    name: 'PUT /api/users/:id (admin)',
    method: 'PUT',
    path: () => `/api/users/${aliceId}`,
    token: () => admin,
    bodies: () =>
      oneWrong(
        { name: 'Alice Walker', email: 'alice@voltshop.test', isAdmin: true },
        { name: badText(80), email: badEmail, isAdmin: badBool, _id: fc.constantFrom('ffffffffffffffffffffffff') },
        ['name', 'email', 'isAdmin'],
      ),
  },
  {
    name: 'POST /api/products (admin, takes no body)',
    method: 'POST',
    path: () => '/api/products',
    token: () => admin,
    bodies: () =>
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), {
        minKeys: 1,
        maxKeys: 3,
      }),
  },
  {
    name: 'PUT /api/products/:id (admin)',
    method: 'PUT',
    path: () => `/api/products/${productId}`,
    token: () => admin,
    bodies: () =>
      oneWrong(
        productBody,
        {
          name: badText(200),
          price: badPrice,
          image: badImage,
          brand: badText(100),
          category: badText(100),
          description: badText(5000),
          countInStock: badStock,
          _id: fc.constantFrom('ffffffffffffffffffffffff'),
          // The version of a versioned save: anything but { updatedAt: ISO time, countInStock: stock } is refused.
          editedFrom: fc.oneof(
            notString,
            fc.record({ updatedAt: fc.oneof(notString, fc.string({ maxLength: 8 })), countInStock: fc.nat(100) }),
            fc.record({ updatedAt: fc.constant('2026-01-01T00:00:00.000Z'), countInStock: badStock }),
          ),
        },
        ['name', 'price', 'image', 'brand', 'category', 'description', 'countInStock'],
      ),
  },
  {
    name: 'POST /api/products/:id/reviews',
    method: 'POST',
    path: () => `/api/products/${productId}/reviews`,
    token: () => alice,
    bodies: () =>
      oneWrong({ rating: 5, comment: 'Great' }, { rating: badRating, comment: badText(2000) }, ['rating', 'comment']),
  },
  {
    name: 'POST /api/orders',
    method: 'POST',
    path: () => '/api/orders',
    token: () => alice,
    bodies: () =>
      fc.oneof(
        oneWrong(
          { orderItems: [{ product: productId, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
          {
            orderItems: fc.oneof(
              notString.filter((v) => !Array.isArray(v) || v.length === 0),
              fc.constant([]),
              fc.constant(Array.from({ length: 51 }, (_, i) => ({ product: `p${i}`, qty: 1 }))),
              fc.constant([
                { product: 'ffffffffffffffffffffffff', qty: 1 },
                { product: 'ffffffffffffffffffffffff', qty: 1 },
              ]),
            ),
            shippingAddress: fc.oneof(
              notString,
              oneWrong(
                shippingAddress,
                // Issue 30: a city has a letter, the country is in the list, the postal code is the country's, and
                // an optional phone or recipient given is checked too.
                addressFields(),
                ['address', 'city', 'postalCode', 'country'],
              ),
            ),
            paymentMethod: badText(40),
            itemsPrice: fc.oneof(notDecimalText, fc.constant([])),
            // A code refused by its form or by the decision (unknown): nothing placed either way.
            couponCode: badCouponCode.filter((c) => typeof c !== 'string' || c.trim() !== ''),
          },
          ['orderItems', 'shippingAddress'],
        ),
        // one line made wrong
        oneWrong({ product: productId, qty: 1 }, { qty: badQty, product: badId }, ['product', 'qty']).map((line) => ({
          orderItems: [line],
          shippingAddress,
        })),
      ),
  },
  {
    // Guest checkout (issue 30): the order's body and an email; one field wrong places nothing.
    name: 'POST /api/orders/guest',
    method: 'POST',
    path: () => '/api/orders/guest',
    token: () => undefined,
    bodies: () =>
      oneWrong(
        { email: 'fuzz-guest@voltshop.test', orderItems: [{ product: productId, qty: 1 }], shippingAddress },
        {
          email: badEmail,
          orderItems: fc.oneof(
            notString.filter((v) => !Array.isArray(v) || v.length === 0),
            fc.constant([]),
            fc.constant([{ product: 'ffffffffffffffffffffffff', qty: 1 }]),
          ),
          shippingAddress: fc.oneof(
            notString,
            oneWrong(
              shippingAddress,
              { address: badText(200), city: badText(100), postalCode: badText(20), country: badText(100) },
              ['address', 'city', 'postalCode', 'country'],
            ),
          ),
          couponCode: badCouponCode.filter((c) => typeof c !== 'string' || c.trim() !== ''),
        },
        ['email', 'orderItems', 'shippingAddress'],
      ),
  },
  {
    name: 'POST /api/orders/claim',
    method: 'POST',
    path: () => '/api/orders/claim',
    token: () => alice,
    bodies: () =>
      oneWrong(
        { orderToken: `${aliceOrderId}.AAAA` },
        { orderToken: fc.oneof(notString, blank, tooLong(200), fc.constantFrom('x.y', 'no-dot')) },
        ['orderToken'],
      ),
  },
  {
    // This shop runs in test-payment mode: only exactly { simulated: true } pays.
    name: 'PUT /api/orders/:id/pay (test-payment mode: anything but the test payment)',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/pay`,
    token: () => alice,
    bodies: () =>
      fc.oneof(
        oneWrong(
          { simulated: true },
          {
            // notString includes booleans: `true` here would be the one valid body
            simulated: fc.oneof(notString, fc.constantFrom(false, 'true', 1, 'yes')).filter((v) => v !== true),
            status: fc.constantFrom('COMPLETED', 'FAILED'),
            id: fc.string({ maxLength: 20 }),
          },
          ['simulated'],
        ),
        fc.jsonValue({ maxDepth: 2 }).filter((v) => JSON.stringify(v) !== '{"simulated":true}'),
      ),
  },
  {
    name: 'POST /api/orders/:id/capture',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/capture`,
    token: () => alice,
    bodies: () =>
      oneWrong(
        { paypalOrderId: 'ORDER-1' },
        {
          paypalOrderId: fc.oneof(
            notString,
            blank,
            tooLong(64),
            fc.constantFrom('../v1/oauth2/token', 'ORDER 1', 'ORDER/1', '%2F'),
          ),
        },
        ['paypalOrderId'],
      ),
  },
  {
    name: 'PUT /api/orders/:id/cancel (takes no body)',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/cancel`,
    token: () => alice,
    bodies: () =>
      fc.oneof(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), {
          minKeys: 1,
          maxKeys: 3,
        }),
        fc.constantFrom([], 0, 'cancel', true),
      ),
  },
  // Money back (issue 28): refused before any order is read or any provider asked.
  {
    name: 'POST /api/orders/:id/refunds',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/refunds`,
    token: () => admin,
    bodies: () =>
      oneWrong(
        { amount: 1, reason: 'Broken', restock: false, items: [{ product: productId, qty: 1 }] },
        {
          amount: fc.oneof(badPrice, fc.constantFrom(0, -0.01)),
          reason: fc.oneof(notString, tooLong(500)),
          restock: fc.oneof(fc.constantFrom('yes', 1, 0, null), fc.array(fc.boolean(), { maxLength: 2 })),
          items: fc.oneof(
            notString.filter((v) => !Array.isArray(v) || v.length > 0),
            fc.constant([{ product: productId }]),
            badQty.map((qty) => [{ product: productId, qty }]),
            fc.constant([{ product: '../x', qty: 1 }]),
          ),
        },
        [],
      ),
  },
  {
    name: 'POST /api/orders/:id/cancellation-request',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/cancellation-request`,
    token: () => alice,
    bodies: () => oneWrong({ reason: 'Ordered twice' }, { reason: badText(500) }, ['reason']),
  },
  {
    name: 'PUT /api/orders/:id/cancellation-request',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/cancellation-request`,
    token: () => admin,
    bodies: () =>
      oneWrong(
        { approve: false, message: 'Shipped' },
        { approve: fc.constantFrom('true', 1, 0, null, 'yes', []), message: fc.oneof(notString, tooLong(500)) },
        ['approve'],
      ),
  },
  {
    name: 'POST /api/orders/:id/returns',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/returns`,
    token: () => alice,
    bodies: () =>
      oneWrong(
        { items: [{ product: productId, qty: 1 }], reason: 'Broken' },
        {
          items: fc.oneof(
            notString,
            fc.constant([]),
            fc.constant([{ product: productId }]),
            badQty.map((qty) => [{ product: productId, qty }]),
          ),
          reason: badText(500),
        },
        ['items', 'reason'],
      ),
  },
  {
    name: 'PUT /api/orders/:id/returns/:returnId',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/returns/r1`,
    token: () => admin,
    bodies: () =>
      oneWrong(
        { approve: false, message: 'Used', restock: true },
        {
          approve: fc.constantFrom('true', 1, null, []),
          message: fc.oneof(notString, tooLong(500)),
          restock: fc.constantFrom('yes', 1, null),
        },
        ['approve'],
      ),
  },
  {
    // Alice's order is unpaid: even a valid body cannot deliver it (409), so each case shows what was refused.
    name: 'PUT /api/orders/:id/deliver',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/deliver`,
    token: () => admin,
    bodies: () =>
      oneWrong(
        { carrier: 'DHL', trackingNumber: 'JD0001' },
        { carrier: fc.oneof(notString, tooLong(60)), trackingNumber: fc.oneof(notString, tooLong(100)) },
        [],
      ),
  },
  {
    name: 'PUT /api/orders/:id/undeliver',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/undeliver`,
    token: () => admin,
    bodies: () => oneWrong({ reason: 'Marked by mistake' }, { reason: fc.oneof(notString, tooLong(500)) }, []),
  },
  {
    name: 'POST /api/orders/:id/notes',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/notes`,
    token: () => admin,
    bodies: () => oneWrong({ text: 'Called the customer' }, { text: badText(2000) }, ['text']),
  },
  {
    name: 'POST /api/orders/:id/paypal-order (takes no body)',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/paypal-order`,
    token: () => alice,
    bodies: () =>
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), {
        minKeys: 1,
        maxKeys: 3,
      }),
  },
];

describe('invalid bodies: 4xx with a message, nothing written', () => {
  for (const route of BODY_ROUTES) {
    it(route.name, async () => {
      await fc.assert(
        fc.asyncProperty(route.bodies(), async (body) => {
          const res = await shop.call(route.method, route.path(), {
            token: route.token(),
            raw: JSON.stringify(body),
            headers: { 'Content-Type': 'application/json' },
          });
          refused(res, `${route.name} ${JSON.stringify(body)?.slice(0, 120)}`);
        }),
        { numRuns: RUNS },
      );
    });
  }
});

// ---- control characters: refused in every text field (issue 13), 400 naming the field ----
/** Every control character but tab and newline: C0, DEL, C1. */
const CONTROL_CHARS = [
  ...Array.from({ length: 32 }, (_, i) => i).filter((c) => c !== 9 && c !== 10),
  ...Array.from({ length: 33 }, (_, i) => 0x7f + i),
].map((c) => String.fromCharCode(c));
/** `text` with one control character put somewhere in it. */
const withControl = (text: string) =>
  fc
    .tuple(fc.constantFrom(...CONTROL_CHARS), fc.nat({ max: text.length }))
    .map(([ch, at]) => text.slice(0, at) + ch + text.slice(at));

interface TextFieldRoute {
  name: string;
  method: string;
  path: () => string;
  token: () => string | undefined;
  valid: () => Record<string, unknown>;
  /** Dotted paths of the text fields, as the 400's `fields` names them. */
  fields: string[];
}

const TEXT_FIELD_ROUTES: TextFieldRoute[] = [
  {
    name: 'POST /api/users/profile/addresses',
    method: 'POST',
    path: () => '/api/users/profile/addresses',
    token: () => alice,
    valid: () => ({ ...shippingAddress, recipientName: 'Alice Walker', phone: '+1 555 010 4477' }),
    fields: ['recipientName', 'phone', 'address', 'city', 'postalCode', 'country'],
  },
  {
    name: 'POST /api/categories',
    method: 'POST',
    path: () => '/api/categories',
    token: () => admin,
    valid: () => ({ name: 'Control' }),
    fields: ['name'],
  },
  {
    name: 'POST /api/coupons',
    method: 'POST',
    path: () => '/api/coupons',
    token: () => admin,
    valid: () => ({ code: 'CTRL10', percentOff: 10, active: true, scope: { categories: ['Audio'] } }),
    fields: ['code', 'scope.categories.0'],
  },
  {
    name: 'POST /api/orders/:id/returns',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/returns`,
    token: () => alice,
    valid: () => ({ items: [{ product: productId, qty: 1 }], reason: 'Arrived broken' }),
    fields: ['reason'],
  },
  {
    name: 'PUT /api/orders/:id/returns/:returnId',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/returns/r1`,
    token: () => admin,
    valid: () => ({ approve: false, message: 'Used' }),
    fields: ['message'],
  },
  {
    name: 'POST /api/orders/:id/refunds',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/refunds`,
    token: () => admin,
    valid: () => ({ amount: 1, reason: 'Arrived broken' }),
    fields: ['reason'],
  },
  {
    name: 'POST /api/orders/:id/cancellation-request',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/cancellation-request`,
    token: () => alice,
    valid: () => ({ reason: 'Ordered twice' }),
    fields: ['reason'],
  },
  {
    name: 'PUT /api/orders/:id/cancellation-request',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/cancellation-request`,
    token: () => admin,
    valid: () => ({ approve: false, message: 'Already shipped' }),
    fields: ['message'],
  },
  {
    name: 'PUT /api/settings',
    method: 'PUT',
    path: () => '/api/settings',
    token: () => admin,
    valid: () => ({
      ...DEFAULT_SETTINGS,
      tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'DE', percent: 19 }] },
      shipping: { ...DEFAULT_SETTINGS.shipping, countries: [{ country: 'France', price: 9 }] },
    }),
    fields: ['tax.countries.0.country', 'shipping.countries.0.country'],
  },
  {
    name: 'POST /api/users/login',
    method: 'POST',
    path: () => '/api/users/login',
    token: () => undefined,
    valid: () => ({ email: 'alice@voltshop.test', password: 'wrong-password' }),
    fields: ['email', 'password'],
  },
  {
    name: 'POST /api/users',
    method: 'POST',
    path: () => '/api/users',
    token: () => undefined,
    valid: () => ({ name: 'Fuzz', email: 'fuzz-ctl@voltshop.test', password: 'secret12' }),
    fields: ['name', 'email', 'password'],
  },
  {
    name: 'PUT /api/users/profile',
    method: 'PUT',
    path: () => '/api/users/profile',
    token: () => alice,
    valid: () => ({
      id: aliceId,
      name: 'Alice Walker',
      email: 'alice@voltshop.test',
      password: 'secret12',
      currentPassword: 'alice1234',
    }),
    fields: ['id', 'name', 'email', 'password', 'currentPassword'],
  },
  {
    name: 'POST /api/users/password-reset',
    method: 'POST',
    path: () => '/api/users/password-reset',
    token: () => undefined,
    valid: () => ({ email: 'fuzz-reset-ctl@voltshop.test' }),
    fields: ['email'],
  },
  {
    name: 'POST /api/users/password-reset/confirm',
    method: 'POST',
    path: () => '/api/users/password-reset/confirm',
    token: () => undefined,
    valid: () => ({ token: 'A'.repeat(43), password: 'secret12' }),
    fields: ['token', 'password'],
  },
  {
    name: 'PUT /api/users/:id',
    method: 'PUT',
    path: () => `/api/users/${aliceId}`,
    token: () => admin,
    valid: () => ({ _id: aliceId, name: 'Alice Walker', email: 'alice@voltshop.test', isAdmin: false }),
    fields: ['_id', 'name', 'email'],
  },
  {
    name: 'PUT /api/products/:id',
    method: 'PUT',
    path: () => `/api/products/${productId}`,
    token: () => admin,
    valid: () => ({ ...productBody, _id: productId, image: 'https://cdn.example/x.png' }),
    fields: ['_id', 'name', 'image', 'brand', 'category', 'description'],
  },
  {
    name: 'POST /api/products/:id/reviews',
    method: 'POST',
    path: () => `/api/products/${productId}/reviews`,
    token: () => alice,
    valid: () => ({ rating: 5, comment: 'Great' }),
    fields: ['comment'],
  },
  {
    // A control character in the email or the address: refused by name, no guest order placed.
    name: 'POST /api/orders/guest',
    method: 'POST',
    path: () => '/api/orders/guest',
    token: () => undefined,
    valid: () => ({
      email: 'fuzz-guest@voltshop.test',
      orderItems: [{ product: productId, qty: 1 }],
      shippingAddress,
      paymentMethod: 'PayPal',
    }),
    fields: ['email', 'shippingAddress.address', 'shippingAddress.city', 'paymentMethod'],
  },
  {
    name: 'PUT /api/orders/:id/deliver',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/deliver`,
    token: () => admin,
    valid: () => ({ carrier: 'DHL', trackingNumber: 'JD0001' }),
    fields: ['carrier', 'trackingNumber'],
  },
  {
    name: 'PUT /api/orders/:id/undeliver',
    method: 'PUT',
    path: () => `/api/orders/${aliceOrderId}/undeliver`,
    token: () => admin,
    valid: () => ({ reason: 'Marked by mistake' }),
    fields: ['reason'],
  },
  {
    name: 'POST /api/orders/:id/notes',
    method: 'POST',
    path: () => `/api/orders/${aliceOrderId}/notes`,
    token: () => admin,
    valid: () => ({ text: 'Called the customer' }),
    fields: ['text'],
  },
  {
    name: 'POST /api/orders',
    method: 'POST',
    path: () => '/api/orders',
    token: () => alice,
    valid: () => ({
      orderItems: [{ product: productId, qty: 1, name: 'Phone', image: '/images/phone.jpg' }],
      shippingAddress,
      paymentMethod: 'PayPal',
    }),
    fields: [
      'orderItems.0.product',
      'orderItems.0.name',
      'orderItems.0.image',
      'shippingAddress.address',
      'shippingAddress.city',
      'shippingAddress.postalCode',
      'shippingAddress.country',
      'paymentMethod',
    ],
  },
];

/** A deep copy of `body` with the string at dotted `path` replaced. */
function setAt(body: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: any = copy;
  for (const k of keys.slice(0, -1)) node = node[k];
  node[keys[keys.length - 1]] = value;
  return copy;
}
const getAt = (body: Record<string, unknown>, path: string) =>
  path.split('.').reduce<any>((node, k) => node[k], body) as string;

describe('control characters in any text field: 400 naming the field, nothing written', () => {
  for (const route of TEXT_FIELD_ROUTES) {
    it(route.name, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...route.fields)
            .chain((field) => withControl(getAt(route.valid(), field)).map((value) => ({ field, value }))),
          async ({ field, value }) => {
            const body = setAt(route.valid(), field, value);
            const res = await shop.call(route.method, route.path(), { token: route.token(), body });
            refused(res, `${route.name} ${field}=${JSON.stringify(value)}`);
            expect(res.status).toBe(400);
            expect(res.body.fields, `${route.name}: the 400 names ${field}`).toHaveProperty([field]);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('GET /api/products?keyword=', async () => {
    await fc.assert(
      fc.asyncProperty(withControl('phone'), async (keyword) => {
        const res = await shop.call('GET', `/api/products?keyword=${encodeURIComponent(keyword)}`);
        refused(res, `keyword=${JSON.stringify(keyword)}`);
        expect(res.body.fields).toHaveProperty('keyword');
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/products/suggest?q=', async () => {
    await fc.assert(
      fc.asyncProperty(withControl('phone'), async (q) => {
        const res = await shop.call('GET', `/api/products/suggest?q=${encodeURIComponent(q)}`);
        refused(res, `q=${JSON.stringify(q)}`);
        expect(res.body.fields).toHaveProperty('q');
      }),
      { numRuns: RUNS },
    );
  });
});

const JSON_ROUTES: { method: string; path: () => string; token: () => string | undefined }[] = [
  ...BODY_ROUTES.map((r) => ({ method: r.method, path: r.path, token: r.token })),
  { method: 'PUT', path: () => `/api/orders/${aliceOrderId}/deliver`, token: () => admin },
  { method: 'POST', path: () => `/api/orders/${aliceOrderId}/refunds/r1/retry`, token: () => admin },
];

describe('malformed JSON and wrong content types', () => {
  const notAnObject = fc
    .oneof(
      fc.constantFrom(
        'NaN',
        'Infinity',
        '-Infinity',
        '{"qty": NaN}',
        '{"a":1,}',
        "{'a':1}",
        '{',
        '[1,',
        'undefined',
        'null',
        '1',
        '"text"',
        'true',
        '\u0000',
        '{"a":1}{"b":2}',
        '{"__proto__":',
        '\ufeff{"a"',
      ),
      fc.string({ maxLength: 40 }),
    )
    .filter((s) => {
      try {
        const v = JSON.parse(s);
        return typeof v !== 'object' || v === null; // objects and arrays are JSON: checked by the schema suites
      } catch {
        return s.trim().length > 0; // an empty body is no body
      }
    });

  it('raw text that is not a JSON object or array: 400, on every JSON route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ROUTES), notAnObject, async (route, raw) => {
        const res = await shop.call(route.method, route.path(), {
          token: route.token(),
          raw,
          headers: { 'Content-Type': 'application/json' },
        });
        refused(res, `${route.method} ${route.path()} raw ${JSON.stringify(raw)}`);
        expect(res.status).toBe(400);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('a body that is not JSON by its content type: 415, on every JSON route', async () => {
    const types = fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'text/json',
      'application/jsonx',
      'application/octet-stream',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ROUTES), types, async (route, type) => {
        const res = await shop.call(route.method, route.path(), {
          token: route.token(),
          raw: '{"name":"x"}',
          headers: { 'Content-Type': type },
        });
        refused(res, `${route.method} ${route.path()} as ${type}`);
        expect(res.status).toBe(415);
      }),
      { numRuns: RUNS },
    );
  });

  it('huge bodies: 413 before parsing', async () => {
    for (const route of JSON_ROUTES) {
      const res = await shop.call(route.method, route.path(), {
        token: route.token(),
        raw: JSON.stringify({ name: 'x'.repeat(120_000) }),
        headers: { 'Content-Type': 'application/json' },
      });
      refused(res, `${route.method} ${route.path()} huge`);
      expect(res.status).toBe(413);
    }
  });
});

describe('bogus ids in the path', () => {
  // Anything that is not a stored id, URL-encoded into the path segment.
  const bogus = fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 70 }),
      fc.constantFrom(
        'ffffffffffffffffffffffff',
        '000000000000000000000000',
        '..',
        '%2e%2e',
        '$where',
        'null',
        'undefined',
        '__proto__',
        'constructor',
        'a'.repeat(300),
        '\u0000',
        '😀',
      ),
    )
    .filter(
      (s) =>
        s !== '.' &&
        s !== '..' &&
        s.trim() === s &&
        s.length > 0 &&
        !['top', 'myorders', 'profile', 'login', 'stats'].includes(s),
    );
  const routes: { method: string; path: (id: string) => string; token: () => string | undefined; body?: unknown }[] = [
    { method: 'GET', path: (id) => `/api/products/${id}`, token: () => undefined },
    { method: 'PUT', path: (id) => `/api/products/${id}`, token: () => admin, body: productBody },
    { method: 'DELETE', path: (id) => `/api/products/${id}`, token: () => admin },
    { method: 'GET', path: (id) => `/api/products/${id}/stock-history`, token: () => admin },
    {
      method: 'POST',
      path: (id) => `/api/products/${id}/reviews`,
      token: () => alice,
      body: { rating: 5, comment: 'ok' },
    },
    { method: 'GET', path: (id) => `/api/users/${id}`, token: () => admin },
    { method: 'GET', path: (id) => `/api/users/${id}/open-orders`, token: () => admin },
    {
      method: 'PUT',
      path: (id) => `/api/users/${id}`,
      token: () => admin,
      body: { name: 'X', email: 'x@voltshop.test', isAdmin: false },
    },
    { method: 'DELETE', path: (id) => `/api/users/${id}`, token: () => admin },
    { method: 'GET', path: (id) => `/api/orders/${id}`, token: () => alice },
    { method: 'PUT', path: (id) => `/api/orders/${id}/pay`, token: () => alice, body: { simulated: true } },
    { method: 'POST', path: (id) => `/api/orders/${id}/paypal-order`, token: () => alice },
    { method: 'PUT', path: (id) => `/api/orders/${id}/cancel`, token: () => alice },
    {
      method: 'POST',
      path: (id) => `/api/orders/${id}/capture`,
      token: () => alice,
      body: { paypalOrderId: 'ORDER-1' },
    },
    { method: 'PUT', path: (id) => `/api/orders/${id}/deliver`, token: () => admin },
    { method: 'POST', path: (id) => `/api/orders/${id}/refunds`, token: () => admin, body: { amount: 1 } },
    { method: 'POST', path: (id) => `/api/orders/${id}/refunds/r1/retry`, token: () => admin },
    {
      method: 'POST',
      path: (id) => `/api/orders/${id}/returns`,
      token: () => alice,
      body: { items: [{ product: 'p1', qty: 1 }], reason: 'x' },
    },
    { method: 'PUT', path: (id) => `/api/orders/${id}/returns/r1`, token: () => admin, body: { approve: false } },
    {
      method: 'POST',
      path: (id) => `/api/orders/${id}/cancellation-request`,
      token: () => alice,
      body: { reason: 'x' },
    },
    {
      method: 'PUT',
      path: (id) => `/api/orders/${id}/cancellation-request`,
      token: () => admin,
      body: { approve: true },
    },
    { method: 'PUT', path: (id) => `/api/orders/${id}/undeliver`, token: () => admin, body: { reason: 'x' } },
    { method: 'POST', path: (id) => `/api/orders/${id}/notes`, token: () => admin, body: { text: 'x' } },
    { method: 'GET', path: (id) => `/api/coupons/${id}`, token: () => admin },
    {
      method: 'PUT',
      path: (id) => `/api/coupons/${id}`,
      token: () => admin,
      body: { percentOff: 10, active: true },
    },
    { method: 'DELETE', path: (id) => `/api/coupons/${id}`, token: () => admin },
    {
      method: 'PUT',
      path: (id) => `/api/users/profile/addresses/${id}`,
      token: () => alice,
      body: shippingAddress,
    },
    { method: 'DELETE', path: (id) => `/api/users/profile/addresses/${id}`, token: () => alice },
    ...['categories', 'brands'].flatMap((list) => [
      { method: 'PUT', path: (id: string) => `/api/${list}/${id}`, token: () => admin, body: { name: 'x' } },
      { method: 'POST', path: (id: string) => `/api/${list}/${id}/merge`, token: () => admin, body: { into: 'x' } },
      { method: 'DELETE', path: (id: string) => `/api/${list}/${id}`, token: () => admin },
      { method: 'GET', path: (id: string) => `/api/${list}/slug/${id}`, token: () => undefined },
    ]),
  ];
  it('404 (or another 4xx) with a message, on every route with an id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), bogus, async (route, id) => {
        const res = await shop.call(route.method, route.path(encodeURIComponent(id)), {
          token: route.token(),
          body: route.body,
        });
        refused(res, `${route.method} ${route.path(id)}`);
      }),
      { numRuns: RUNS * 3 },
    );
  });
});

describe('odd query strings on the catalogue', () => {
  it('any keyword / pageNumber: a 200 page or a 400 with a message, never a 5xx', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 10 }),
      fc.constantFrom(
        '(',
        '.*',
        '%',
        '_',
        '"',
        "'",
        '\\',
        '*',
        'NEAR(a b)',
        'a OR b',
        '"unterminated',
        '\u0000',
        '\u0000abc',
        'ab\u0000c',
        '-1',
        '1e3',
        '0x10',
        ' 2 ',
        'Infinity',
        'NaN',
        '9'.repeat(30),
        'x'.repeat(101),
      ),
    );
    const query = fc.record({
      keyword: fc.option(text),
      pageNumber: fc.option(text),
      extra: fc.option(
        fc.constantFrom(
          'keyword=a&keyword=b',
          'pageNumber=1&pageNumber=2',
          'keyword[]=a',
          'keyword[$ne]=x',
          '__proto__[x]=1',
        ),
      ),
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ keyword, pageNumber, extra }) => {
        const params = [
          keyword !== null ? `keyword=${encodeURIComponent(keyword)}` : '',
          pageNumber !== null ? `pageNumber=${encodeURIComponent(pageNumber)}` : '',
          extra ?? '',
        ]
          .filter(Boolean)
          .join('&');
        const res = await shop.call('GET', `/api/products?${params}`);
        if (res.status === 200) {
          expect(Array.isArray(res.body.products)).toBe(true);
          expect(Number.isInteger(res.body.pages)).toBe(true);
        } else {
          refused(res, `?${params}`);
          expect(res.status).toBe(400);
        }
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it('any q on the header suggestions (FTS syntax, quotes, NULs, repeats): 200 with at most 8 or a 400 with a message', async () => {
    const q = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 10 }),
      fc.constantFrom('"', '*', 'NEAR(a b)', 'a OR b', '-x', '\u0000ab', 'ab\u0000c', 'x'.repeat(101), 'kestrel sp'),
    );
    const extra = fc.option(fc.constantFrom('q=a&q=b', 'q[]=ab', 'q[$ne]=x', '__proto__[x]=1'));
    await fc.assert(
      fc.asyncProperty(fc.option(q), extra, async (value, more) => {
        const params = [value !== null ? `q=${encodeURIComponent(value)}` : '', more ?? ''].filter(Boolean).join('&');
        const res = await shop.call('GET', `/api/products/suggest?${params}`);
        if (res.status === 200) {
          const { products, categories, brands } = res.body as Record<string, unknown[]>;
          expect(Array.isArray(products) && Array.isArray(categories) && Array.isArray(brands)).toBe(true);
          expect(products!.length + categories!.length + brands!.length).toBeLessThanOrEqual(8);
        } else {
          refused(res, `?${params}`);
          expect(res.status).toBe(400);
        }
      }),
      { numRuns: RUNS * 3 },
    );
  });
});

describe('odd filters and sorts on the catalogue', () => {
  it('any category / brand / minPrice / maxPrice / sort, on the list and the facets: 200 or a 400 with a message', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(
        'Audio',
        'Kestrel',
        'newest',
        'price_asc',
        'rating',
        'PRICE_ASC',
        '',
        ' ',
        '-1',
        '0',
        '0.5',
        '19.99',
        '1.999',
        '1e3',
        '0x10',
        'Infinity',
        'NaN',
        '1000000',
        '1000000.01',
        '9'.repeat(30),
        '\u0000',
        'x'.repeat(101),
        "' OR 1=1 --",
      ),
    );
    const query = fc.record({
      category: fc.option(text),
      brand: fc.option(text),
      minPrice: fc.option(text),
      maxPrice: fc.option(text),
      sort: fc.option(text),
      keyword: fc.option(fc.constantFrom('a', 'kestrel', '"', '')),
      extra: fc.option(
        fc.constantFrom('sort=newest&sort=rating', 'minPrice[$gt]=1', 'brand[]=a', 'category=a&category=b'),
      ),
      path: fc.constantFrom('/api/products', '/api/products/facets'),
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ path, extra, ...fields }) => {
        const params = [
          ...Object.entries(fields).map(([k, v]) => (v !== null ? `${k}=${encodeURIComponent(v)}` : '')),
          extra ?? '',
        ]
          .filter(Boolean)
          .join('&');
        const res = await shop.call('GET', `${path}?${params}`);
        if (res.status === 200) {
          if (path === '/api/products') {
            expect(Array.isArray(res.body.products)).toBe(true);
            expect(Number.isInteger(res.body.pages)).toBe(true);
          } else {
            expect(Array.isArray(res.body.categories) && Array.isArray(res.body.brands)).toBe(true);
          }
        } else {
          refused(res, `${path}?${params}`);
          expect(res.status).toBe(400);
        }
      }),
      { numRuns: RUNS * 3 },
    );
  });
});

describe('odd query strings on the order and user lists', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 35 }),
    fc.constantFrom(
      '%',
      '_',
      '\\',
      "'",
      '"',
      '\u0000',
      '-1',
      '0',
      '1e3',
      'NaN',
      '9'.repeat(30),
      'paid',
      'unpaid',
      'oldest',
    ),
  );
  const query = fc.record({
    pageNumber: fc.option(text),
    status: fc.option(fc.oneof(text, fc.constantFrom('paid', 'unpaid', 'delivered', 'expired', 'cancelled'))),
    sort: fc.option(fc.oneof(text, fc.constantFrom('newest', 'oldest'))),
    search: fc.option(text),
    extra: fc.option(fc.constantFrom('status=paid&status=unpaid', 'search[$ne]=x', '__proto__[x]=1', 'pageNumber[]=1')),
  });
  const lists = [
    { path: '/api/orders', token: () => admin, key: 'orders' },
    { path: '/api/orders/myorders', token: () => alice, key: 'orders' },
    { path: '/api/users', token: () => admin, key: 'users' },
  ];
  for (const list of lists) {
    it(`${list.path}: a bounded 200 page or a 400 with a message, never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(query, async ({ extra, ...fields }) => {
          const params = [
            ...Object.entries(fields)
              .filter(([, v]) => v !== null)
              .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`),
            extra ?? '',
          ]
            .filter(Boolean)
            .join('&');
          const res = await shop.call('GET', `${list.path}?${params}`, { token: list.token() });
          if (res.status === 200) {
            const rows = Array.isArray(res.body) ? res.body : res.body[list.key];
            expect(Array.isArray(rows), `?${params}`).toBe(true);
            expect(rows.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
          } else {
            refused(res, `${list.path}?${params}`);
            expect(res.status).toBe(400);
          }
        }),
        { numRuns: RUNS * 2 },
      );
    });
  }

  it('/api/orders/export.csv: a CSV or a 400 with a message, never a 5xx', async () => {
    const day = fc.oneof(
      text,
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          status: fc.oneof(text, fc.constantFrom('paid', 'unpaid', 'delivered', 'expired')),
          search: fc.option(text),
          from: fc.option(day),
          to: fc.option(day),
        }),
        async (fields) => {
          const params = Object.entries(fields)
            .filter(([, v]) => v !== null && v !== undefined)
            .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
            .join('&');
          const res = await shop.call('GET', `/api/orders/export.csv?${params}`, { token: admin });
          if (res.status === 200) expect(res.headers.get('content-type'), params).toBe('text/csv; charset=utf-8');
          else {
            refused(res, `export.csv?${params}`);
            expect(res.status).toBe(400);
          }
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('odd cursors on the stock history', () => {
  it('GET /api/products/:id/stock-history?before=: a bounded 200 page or a 400 with a message, never a 5xx', async () => {
    const before = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('0', '-1', '1e3', '9'.repeat(30), 'NaN', 'WyJ4Il0', 'WyJhIiwxXQ', '%00', 'before[]=1'),
    );
    await fc.assert(
      fc.asyncProperty(before, fc.boolean(), async (cursor, twice) => {
        const query = `before=${encodeURIComponent(cursor)}${twice ? '&before=1' : ''}`;
        const res = await shop.call('GET', `/api/products/${productId}/stock-history?${query}`, { token: admin });
        if (res.status === 200) {
          expect(Array.isArray(res.body.entries), query).toBe(true);
          expect(res.body.entries.length).toBeLessThanOrEqual(STOCK_HISTORY_PAGE_SIZE);
        } else {
          refused(res, `stock-history?${query}`);
          expect(res.status).toBe(400);
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('odd query strings on "download my data"', () => {
  it('GET /api/users/profile/export takes no input: whatever the query, the caller’s own data (never another’s)', async () => {
    const query = fc.record({
      key: fc.constantFrom('userId', 'id', 'uid', '__proto__[x]', 'user[$ne]', 'format', 'email'),
      value: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('admin', '*', '\u0000', '..')),
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ key, value }) => {
        const path = `/api/users/profile/export?${key}=${encodeURIComponent(value)}`;
        const res = await shop.call('GET', path, { token: alice });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-disposition'), path).toMatch(/^attachment; filename="?voltshop-data-/);
        expect(res.body.profile._id, path).toBe(aliceId);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('uploads with junk', () => {
  it('random bytes under any name: 400 with a message, nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 300 }),
        fc.string({ maxLength: 30 }),
        fc.constantFrom('image', 'file', 'image[]', ''),
        async (bytes, name, field) => {
          const form = new FormData();
          form.append(field, new Blob([Buffer.from(bytes)], { type: 'image/png' }), name || 'x.png');
          const res = await shop.call('POST', '/api/upload', { token: admin, raw: form });
          refused(res, `upload ${bytes.length} bytes as ${JSON.stringify(name)} in ${JSON.stringify(field)}`);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('prototype names as enum values (own-property checks)', () => {
  // Every parameter checked against a fixed set: a name every object inherits must be refused or ignored like any
  // unknown value, never reach a store (500) or log a stack trace.
  const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
  const ENUM_PARAMS: { path: string; params: string[]; token?: () => string }[] = [
    { path: '/api/products', params: ['sort'] },
    { path: '/api/products/facets', params: ['sort'] },
    { path: '/api/orders', params: ['status', 'sort'], token: () => admin },
    { path: '/api/orders/myorders', params: ['status', 'sort'], token: () => alice },
    { path: '/api/users', params: ['status', 'sort'], token: () => admin },
    { path: '/api/orders/export.csv', params: ['status', 'from', 'to'], token: () => admin },
  ];
  // The pages the server renders read the catalogue's sort from the URL as the app does (catalogViewFromSearch).
  const PAGES = ['/', '/page/1', '/search/kestrel', '/category/Audio'];
  /** The queries a page inlines (its renderedAt differs per answer). */
  const inlined = (html: string) => {
    const text = new RegExp(`<script[^>]*id="${INLINE_DATA_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(html)?.[1];
    return text ? JSON.stringify((JSON.parse(text) as { queries: unknown }).queries) : '';
  };
  let pages: TestShop;
  let dist: string;
  beforeAll(async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    dist = mkdtempSync(join(tmpdir(), 'voltshop-fuzz-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Voltshop</title></head><body></body></html>',
    );
    pages = await startTestShop({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await pages?.close();
    const { rmSync } = await import('node:fs');
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('every enum-like parameter of every route and page: 400 or the default, never a 5xx or a logged stack', async () => {
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    try {
      for (const name of PROTOTYPE_NAMES) {
        for (const { path, params, token } of ENUM_PARAMS) {
          for (const param of params) {
            const url = `${path}?${param}=${encodeURIComponent(name)}`;
            const res = await shop.call('GET', url, { token: token?.() });
            if (res.status !== 200) {
              refused(res, url);
              expect(res.status, url).toBe(400);
            }
          }
        }
        for (const path of PAGES) {
          const url = `${path}?sort=${encodeURIComponent(name)}`;
          const res = await pages.call('GET', url);
          expect(res.status, url).toBe(200);
          // The page inlines its first data exactly as without ?sort= (the default sort), not nothing.
          const plain = await pages.call('GET', path);
          expect(inlined(res.body), url).toBe(inlined(plain.body));
          expect(inlined(res.body), url).toContain('products');
        }
      }
      expect(logged, 'nothing logged as an error').toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
