// Authorization matrix: every /api route × {anonymous, customer, another customer, admin}, generated from ONE
// table. Each request is otherwise valid (fresh resources where the call consumes them), so the status shows
// the authorization decision, not a validation error. A route mounted in the app without a row fails the suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPalSettings, startFakePayPal, type FakePayPal } from '../support/fakePayPal.js';
import { shippingAddress, startTestShop, type TestShop } from '../support/shop.js';
import { apiRoutes } from './support/routes.js';
import { endpoints } from '../../src/api/endpoints.js';
import { TINY_PNG } from '../support/images.js';
import { linkIn, waitForMail } from '../support/mailbox.js';
import { unsubscribeToken } from '../support/cartReminders.js';

type Role = 'anonymous' | 'customer' | 'otherCustomer' | 'admin';
const ROLES: Role[] = ['anonymous', 'customer', 'otherCustomer', 'admin'];

interface Ctx {
  /** The shop, in PayPal mode against the fake PayPal (so the payment routes run for real). */
  shop: TestShop;
  paypal: FakePayPal;
  tokens: Record<Role, string | undefined>;
  ids: Record<'customer' | 'otherCustomer' | 'admin', string>;
  /** A product with plenty of stock. */
  productId: string;
  /** Makes a fresh product (admin). */
  newProduct(): Promise<string>;
  /** An order owned by the customer (alice): unpaid, or paid. */
  newOrder(paid?: boolean): Promise<string>;
  /** A PayPal capture of this order's total, completed at (fake) PayPal, as the original clients capture in the browser. */
  completedCapture(orderId: string): Promise<string>;
  /** The PayPal order the API created for this order, approved by the buyer. */
  approvedPayPalOrder(orderId: string): Promise<string>;
  /** A throwaway customer account. */
  newUser(): Promise<string>;
  /** A guest order (POST /api/orders/guest) of this email, paid at (fake) PayPal with its token when `paid`. */
  newGuestOrder(email: string, paid?: boolean): Promise<{ id: string; token: string }>;
  /** A token of a throwaway account with the role's rights (for calls that end the caller's sessions). */
  throwawaySession(role: Role): Promise<string | undefined>;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as mounted (Express pattern). */
  route: string;
  /** Builds the concrete request, fresh for each role where the call uses something up. */
  request(ctx: Ctx): Promise<{ path: string; body?: unknown; raw?: RequestInit['body'] }>;
  expect: Record<Role, number>;
  /** The token each role calls with, when the shared ones must not be used up (default: ctx.tokens[role]). */
  token?(ctx: Ctx, role: Role): Promise<string | undefined>;
}

const PNG = TINY_PNG;
const productBody = {
  name: 'Matrix Product',
  price: 10,
  image: '/images/sample.svg',
  brand: 'B',
  category: 'C',
  description: 'D',
  countInStock: 5,
};
let seq = 0;
const couponBody = (code: string) => ({ code, percentOff: 10, active: true });

/** A fresh discount code (admin), answered by its code. */
async function newCoupon(c: Ctx): Promise<string> {
  const code = `MATRIX${seq++}`;
  const res = await c.shop.call('POST', '/api/coupons', { token: c.tokens.admin, body: couponBody(code) });
  if (res.status !== 201) throw new Error(`coupon not created: ${res.status}`);
  return code;
}

/** A fresh saved address of the customer (alice), answered by its id. */
async function newAddress(c: Ctx): Promise<string> {
  // The book holds at most 10 (orders fill it too): start each from an empty one.
  const book = await c.shop.call('GET', '/api/users/profile/addresses', { token: c.tokens.customer });
  for (const a of book.body as { _id: string }[])
    await c.shop.call('DELETE', `/api/users/profile/addresses/${a._id}`, { token: c.tokens.customer });
  const res = await c.shop.call('POST', '/api/users/profile/addresses', {
    token: c.tokens.customer,
    body: { ...shippingAddress, address: `${seq++} Matrix Rd` },
  });
  if (res.status !== 201) throw new Error(`address not saved: ${res.status}`);
  return res.body._id;
}

/** A fresh category or brand (admin), answered by its id. */
async function newEntry(c: Ctx, list: 'categories' | 'brands'): Promise<string> {
  const res = await c.shop.call('POST', `/api/${list}`, { token: c.tokens.admin, body: { name: `Matrix ${seq++}` } });
  if (res.status !== 201) throw new Error(`entry not created: ${res.status}`);
  return res.body._id as string;
}

/** The rows of a managed list (issue 29): public reads, the admin's writes. */
const taxonomyRows = (list: 'categories' | 'brands'): Row[] => [
  { method: 'GET', route: `/api/${list}`, request: async () => ({ path: `/api/${list}` }), expect: PUBLIC(200) },
  {
    method: 'GET',
    route: `/api/${list}/slug/:slug`,
    request: async (c) => {
      const id = await newEntry(c, list);
      const all = (await c.shop.call('GET', `/api/${list}`)).body as { _id: string; slug: string }[];
      return { path: `/api/${list}/slug/${all.find((e) => e._id === id)!.slug}` };
    },
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    route: `/api/${list}`,
    request: async () => ({ path: `/api/${list}`, body: { name: `Matrix new ${seq++}` } }),
    expect: ADMIN(201),
  },
  {
    method: 'PUT',
    route: `/api/${list}/:id`,
    request: async (c) => ({
      path: `/api/${list}/${await newEntry(c, list)}`,
      body: { name: `Matrix renamed ${seq++}` },
    }),
    expect: ADMIN(200),
  },
  {
    method: 'POST',
    route: `/api/${list}/:id/merge`,
    request: async (c) => ({
      path: `/api/${list}/${await newEntry(c, list)}/merge`,
      body: { into: await newEntry(c, list) },
    }),
    expect: ADMIN(200),
  },
  {
    method: 'DELETE',
    route: `/api/${list}/:id`,
    request: async (c) => ({ path: `/api/${list}/${await newEntry(c, list)}` }),
    expect: ADMIN(200),
  },
];

const PUBLIC = (status: number) => ({ anonymous: status, customer: status, otherCustomer: status, admin: status });
const SIGNED_IN = (status: number) => ({ anonymous: 401, customer: status, otherCustomer: status, admin: status });
const ADMIN = (status: number) => ({ anonymous: 401, customer: 403, otherCustomer: 403, admin: status });
const OWNER_OR_ADMIN = (status: number) => ({ anonymous: 401, customer: status, otherCustomer: 403, admin: status });
/** Paying is the customer's own act: an admin may read a customer's order, not pay it. */
const OWNER = (status: number) => ({ anonymous: 401, customer: status, otherCustomer: 403, admin: 403 });

/** THE table. Add a row when you add a route: the last test fails otherwise. */
export const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/products',
    request: async () => ({ path: '/api/products?keyword=a&pageNumber=1' }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/products/facets',
    request: async () => ({ path: '/api/products/facets?brand=Kestrel&maxPrice=500' }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/products/suggest',
    request: async () => ({ path: '/api/products/suggest?q=kestrel' }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/products/compare',
    request: async (c) => ({ path: `/api/products/compare?ids=${c.productId},${await c.newProduct()}` }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/products/top',
    request: async () => ({ path: '/api/products/top' }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/products/:id',
    request: async (c) => ({ path: `/api/products/${c.productId}` }),
    expect: PUBLIC(200),
  },
  { method: 'POST', route: '/api/products', request: async () => ({ path: '/api/products' }), expect: ADMIN(201) },
  {
    method: 'GET',
    route: '/api/products/drafts',
    request: async () => ({ path: '/api/products/drafts' }),
    expect: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/products/:id',
    // A versioned save (editedFrom, as the web's form sends it): the version never stands in for the admin check.
    request: async (c) => {
      const id = await c.newProduct();
      const loaded = (await c.shop.call('GET', `/api/products/${id}`)).body;
      return {
        path: `/api/products/${id}`,
        body: { ...productBody, editedFrom: { updatedAt: loaded.updatedAt, countInStock: loaded.countInStock } },
      };
    },
    expect: ADMIN(200),
  },
  {
    method: 'DELETE',
    route: '/api/products/:id',
    request: async (c) => ({ path: `/api/products/${await c.newProduct()}` }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/products/:id/stock-history',
    request: async (c) => ({ path: `/api/products/${c.productId}/stock-history` }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/products/:id/price-history',
    request: async (c) => ({ path: `/api/products/${c.productId}/price-history` }),
    expect: ADMIN(200),
  },
  {
    method: 'POST',
    route: '/api/products/:id/reviews',
    request: async (c) => ({
      path: `/api/products/${await c.newProduct()}/reviews`,
      body: { rating: 4, comment: 'Good' },
    }),
    expect: SIGNED_IN(201),
  },
  {
    method: 'POST',
    route: '/api/users/login',
    request: async () => ({ path: '/api/users/login', body: { email: 'bob@voltshop.test', password: 'bob1234' } }),
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    route: '/api/users',
    request: async () => ({
      path: '/api/users',
      body: { name: 'New One', email: `matrix-${Date.now()}-${seq++}@voltshop.test`, password: 'secret12' },
    }),
    expect: PUBLIC(201),
  },
  {
    method: 'GET',
    route: '/api/users/profile',
    request: async () => ({ path: '/api/users/profile' }),
    expect: SIGNED_IN(200),
  },
  // "Download my data": the caller's own data only (no id in the path to reach another's).
  {
    method: 'GET',
    route: '/api/users/profile/export',
    request: async () => ({ path: '/api/users/profile/export' }),
    expect: SIGNED_IN(200),
  },
  // The address book (issue 30): the caller's own only; another account's address id is not found, for an admin
  // too (no id reaches another's book).
  {
    method: 'GET',
    route: '/api/users/profile/addresses',
    request: async () => ({ path: '/api/users/profile/addresses' }),
    expect: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/users/profile/addresses',
    request: async () => ({
      path: '/api/users/profile/addresses',
      body: { ...shippingAddress, address: `${seq++} Matrix Ave` },
    }),
    expect: SIGNED_IN(201),
    // A fresh account of each kind: the shared ones' books fill up (at most 10, orders add theirs).
    token: (c, role) => c.throwawaySession(role),
  },
  {
    method: 'PUT',
    route: '/api/users/profile/addresses/:id',
    request: async (c) => ({
      path: `/api/users/profile/addresses/${await newAddress(c)}`,
      body: { ...shippingAddress, address: `${seq++} Matrix Blvd` },
    }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    route: '/api/users/profile/addresses/:id',
    request: async (c) => ({ path: `/api/users/profile/addresses/${await newAddress(c)}` }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, admin: 404 },
  },
  // Answers the caller's own existing profile (made on the first call for accounts made outside the API).
  {
    method: 'POST',
    route: '/api/users/profile',
    request: async () => ({ path: '/api/users/profile', body: {} }),
    expect: SIGNED_IN(200),
  },
  {
    method: 'PUT',
    route: '/api/users/profile',
    request: async () => ({ path: '/api/users/profile', body: {} }),
    expect: SIGNED_IN(200),
  },
  // Ends every session of the caller: each role calls as a throwaway account of its kind.
  {
    method: 'POST',
    route: '/api/users/logout-all',
    request: async () => ({ path: '/api/users/logout-all' }),
    expect: SIGNED_IN(200),
    token: (c, role) => c.throwawaySession(role),
  },
  // "Delete my account": each role as a throwaway account of its kind (password secret12); an admin's own is
  // refused (403: another admin removes it).
  {
    method: 'DELETE',
    route: '/api/users/profile',
    request: async () => ({ path: '/api/users/profile', body: { password: 'secret12' } }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 200, admin: 403 },
    token: (c, role) => c.throwawaySession(role),
  },
  {
    method: 'GET',
    route: '/api/users',
    request: async () => ({ path: '/api/users?pageNumber=1&search=bob' }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/users/:id',
    request: async (c) => ({ path: `/api/users/${c.ids.customer}` }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/users/:id/open-orders',
    request: async (c) => ({ path: `/api/users/${c.ids.customer}/open-orders` }),
    expect: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/users/:id',
    request: async (c) => {
      const id = await c.newUser();
      return {
        path: `/api/users/${id}`,
        body: { name: 'Renamed', email: `renamed-${id}@voltshop.test`, isAdmin: false },
      };
    },
    expect: ADMIN(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/:id',
    request: async (c) => ({ path: `/api/users/${await c.newUser()}` }),
    expect: ADMIN(200),
  },
  {
    method: 'POST',
    route: '/api/orders',
    request: async (c) => ({
      path: '/api/orders',
      body: { orderItems: [{ product: c.productId, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    }),
    expect: SIGNED_IN(201),
  },
  // Guest checkout (issue 30): no account needed; the order's token reads and pays it (see 'the order token' below).
  {
    method: 'POST',
    route: '/api/orders/guest',
    request: async (c) => ({
      path: '/api/orders/guest',
      body: {
        email: `matrix-guest-${seq++}@voltshop.test`,
        orderItems: [{ product: c.productId, qty: 1 }],
        shippingAddress,
      },
    }),
    expect: PUBLIC(201),
  },
  {
    method: 'POST',
    route: '/api/orders/claim',
    // A paid guest order of the customer's (alice's) email: only her account may take it; another account (or an
    // admin) gets the same refusal as for a token of another email's order.
    request: async (c) => ({
      path: '/api/orders/claim',
      body: { orderToken: (await c.newGuestOrder('alice@voltshop.test', true)).token },
    }),
    expect: { anonymous: 401, customer: 200, otherCustomer: 400, admin: 400 },
  },
  {
    method: 'GET',
    route: '/api/orders/myorders',
    request: async () => ({ path: '/api/orders/myorders?pageNumber=1&status=unpaid&sort=oldest' }),
    expect: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/orders',
    // With the server-side list's parameters: a search never widens who may call it.
    request: async () => ({ path: '/api/orders?pageNumber=1&status=unpaid&search=alice&sort=oldest' }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/orders/:id',
    request: async (c) => ({ path: `/api/orders/${await c.newOrder()}` }),
    expect: OWNER_OR_ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/orders/:id/pay',
    request: async (c) => {
      const id = await c.newOrder();
      return { path: `/api/orders/${id}/pay`, body: { id: await c.completedCapture(id) } };
    },
    expect: OWNER(200),
  },
  {
    method: 'POST',
    route: '/api/orders/:id/paypal-order',
    request: async (c) => ({ path: `/api/orders/${await c.newOrder()}/paypal-order` }),
    expect: OWNER(201),
  },
  {
    method: 'POST',
    route: '/api/orders/:id/capture',
    request: async (c) => {
      const id = await c.newOrder();
      return { path: `/api/orders/${id}/capture`, body: { paypalOrderId: await c.approvedPayPalOrder(id) } };
    },
    expect: OWNER(200),
  },
  // Money back (issue 28). Refunds are the admin's; the customer asks to cancel, the admin decides.
  {
    method: 'POST',
    route: '/api/orders/:id/refunds',
    request: async (c) => ({ path: `/api/orders/${await c.newOrder(true)}/refunds`, body: { amount: 1, reason: 'm' } }),
    expect: ADMIN(201),
  },
  {
    method: 'POST',
    route: '/api/orders/:id/refunds/:refundId/retry',
    // A completed refund: retrying it answers the order (nothing is refunded again).
    request: async (c) => {
      const id = await c.newOrder(true);
      const made = await c.shop.call('POST', `/api/orders/${id}/refunds`, {
        token: c.tokens.admin,
        body: { amount: 1 },
      });
      return { path: `/api/orders/${id}/refunds/${made.body.refunds[0].id}/retry` };
    },
    expect: ADMIN(200),
  },
  {
    method: 'POST',
    route: '/api/orders/:id/cancellation-request',
    request: async (c) => ({
      path: `/api/orders/${await c.newOrder(true)}/cancellation-request`,
      body: { reason: 'Changed my mind' },
    }),
    expect: OWNER(201),
  },
  {
    method: 'PUT',
    route: '/api/orders/:id/cancellation-request',
    request: async (c) => {
      const id = await c.newOrder(true);
      await c.shop.call('POST', `/api/orders/${id}/cancellation-request`, {
        token: c.tokens.customer,
        body: { reason: 'Changed my mind' },
      });
      return { path: `/api/orders/${id}/cancellation-request`, body: { approve: false, message: 'Shipped already' } };
    },
    expect: ADMIN(200),
  },
  {
    method: 'POST',
    route: '/api/orders/:id/returns',
    request: async (c) => {
      const id = await c.newOrder(true);
      await c.shop.call('PUT', `/api/orders/${id}/deliver`, { token: c.tokens.admin });
      return {
        path: `/api/orders/${id}/returns`,
        body: { items: [{ product: c.productId, qty: 1 }], reason: 'Broken' },
      };
    },
    expect: OWNER(201),
  },
  {
    method: 'PUT',
    route: '/api/orders/:id/returns/:returnId',
    request: async (c) => {
      const id = await c.newOrder(true);
      await c.shop.call('PUT', `/api/orders/${id}/deliver`, { token: c.tokens.admin });
      const asked = await c.shop.call('POST', `/api/orders/${id}/returns`, {
        token: c.tokens.customer,
        body: { items: [{ product: c.productId, qty: 1 }], reason: 'Broken' },
      });
      return { path: `/api/orders/${id}/returns/${asked.body.returns[0].id}`, body: { approve: false, message: 'No' } };
    },
    expect: ADMIN(200),
  },
  {
    // An unpaid order: its owner, or an admin (the customer is mailed the shop cancelled it: test/holds.test.ts);
    // an admin's cancel of a paid order refunds it in full (test/refunds.test.ts).
    method: 'PUT',
    route: '/api/orders/:id/cancel',
    request: async (c) => ({ path: `/api/orders/${await c.newOrder()}/cancel` }),
    expect: OWNER_OR_ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/orders/:id/deliver',
    request: async (c) => ({
      path: `/api/orders/${await c.newOrder(true)}/deliver`,
      body: { carrier: 'DHL', trackingNumber: 'JD0001' },
    }),
    expect: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/orders/:id/ship',
    request: async (c) => ({
      path: `/api/orders/${await c.newOrder(true)}/ship`,
      body: { carrier: 'DHL', trackingNumber: 'JD0002' },
    }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/orders/requests/summary',
    request: async () => ({ path: '/api/orders/requests/summary' }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/orders/export.csv',
    request: async () => ({ path: '/api/orders/export.csv?from=2026-01-01&status=paid' }),
    expect: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/orders/:id/undeliver',
    // A freshly delivered order each time: within the window, no reason needed.
    request: async (c) => {
      const id = await c.newOrder(true);
      const delivered = await c.shop.call('PUT', `/api/orders/${id}/deliver`, { token: c.tokens.admin });
      expect(delivered.status).toBe(200);
      return { path: `/api/orders/${id}/undeliver`, body: { reason: 'Marked by mistake' } };
    },
    expect: ADMIN(200),
  },
  {
    method: 'POST',
    route: '/api/orders/:id/notes',
    request: async (c) => ({ path: `/api/orders/${await c.newOrder(true)}/notes`, body: { text: 'Internal note' } }),
    expect: ADMIN(201),
  },
  {
    method: 'POST',
    route: '/api/upload',
    request: async () => {
      const form = new FormData();
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
      return { path: '/api/upload', raw: form };
    },
    expect: ADMIN(201),
  },
  { method: 'GET', route: '/api/admin/stats', request: async () => ({ path: '/api/admin/stats' }), expect: ADMIN(200) },
  {
    method: 'POST',
    route: '/api/admin/mail/resend',
    request: async () => ({ path: '/api/admin/mail/resend' }),
    expect: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/config/paypal',
    request: async () => ({ path: '/api/config/paypal' }),
    expect: PUBLIC(200),
  },
  { method: 'GET', route: '/api/config', request: async () => ({ path: '/api/config' }), expect: PUBLIC(200) },
  {
    method: 'GET',
    route: '/api/settings/public',
    request: async () => ({ path: '/api/settings/public' }),
    expect: PUBLIC(200),
  },
  { method: 'GET', route: '/api/settings', request: async () => ({ path: '/api/settings' }), expect: ADMIN(200) },
  {
    method: 'GET',
    route: '/api/settings/history',
    request: async () => ({ path: '/api/settings/history' }),
    expect: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/settings',
    // The settings as they are: a save that changes nothing another test reads (it is still recorded).
    request: async (c) => ({ path: '/api/settings', body: (await c.shop.call('GET', '/api/settings/public')).body }),
    expect: ADMIN(200),
  },
  // Discount codes (issue 30): the admin's CRUD, and a shopper's check against a cart, signed in or a guest (the
  // guest's leaves out the per-customer uses).
  {
    method: 'POST',
    route: '/api/coupons/check',
    request: async (c) => ({
      path: '/api/coupons/check',
      body: { code: await newCoupon(c), items: [{ product: c.productId, qty: 1 }] },
    }),
    expect: PUBLIC(200),
  },
  { method: 'GET', route: '/api/coupons', request: async () => ({ path: '/api/coupons' }), expect: ADMIN(200) },
  {
    method: 'POST',
    route: '/api/coupons',
    request: async () => ({ path: '/api/coupons', body: couponBody(`NEW${seq++}`) }),
    expect: ADMIN(201),
  },
  {
    method: 'GET',
    route: '/api/coupons/:code',
    request: async (c) => ({ path: `/api/coupons/${await newCoupon(c)}` }),
    expect: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/coupons/:code',
    request: async (c) => {
      const code = await newCoupon(c);
      return { path: `/api/coupons/${code}`, body: { ...couponBody(code), percentOff: 20 } };
    },
    expect: ADMIN(200),
  },
  {
    method: 'DELETE',
    route: '/api/coupons/:code',
    request: async (c) => ({ path: `/api/coupons/${await newCoupon(c)}` }),
    expect: ADMIN(200),
  },
  // Gift cards (issue 39): the admin issues and lists; anyone checks a balance by code; a customer's store credit.
  {
    method: 'POST',
    route: '/api/gift-cards',
    request: async () => ({ path: '/api/gift-cards', body: { amount: 25 } }),
    expect: ADMIN(201),
  },
  { method: 'GET', route: '/api/gift-cards', request: async () => ({ path: '/api/gift-cards' }), expect: ADMIN(200) },
  {
    method: 'GET',
    route: '/api/gift-cards/:code',
    request: async (c) => {
      const issued = await c.shop.call('POST', '/api/gift-cards', { token: c.tokens.admin, body: { amount: 10 } });
      return { path: `/api/gift-cards/${(issued.body as { code: string }).code}` };
    },
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/gift-cards/credit',
    request: async () => ({ path: '/api/gift-cards/credit' }),
    expect: SIGNED_IN(200),
  },
  // Managed categories and brands (issue 29).
  ...taxonomyRows('categories'),
  ...taxonomyRows('brands'),
  // Back-in-stock alerts (issue 41): anyone may ask and follow the mailed links; the demand is the admin's.
  {
    method: 'POST',
    route: '/api/products/:id/stock-alerts',
    request: async (c) => {
      const id = await c.newProduct();
      await c.shop.call('PUT', `/api/products/${id}`, {
        token: c.tokens.admin,
        body: { ...productBody, countInStock: 0 },
      });
      return { path: `/api/products/${id}/stock-alerts`, body: { email: `notify-${seq++}@voltshop.test` } };
    },
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    route: '/api/stock-alerts/confirm',
    request: async (c) => ({ path: '/api/stock-alerts/confirm', body: { token: await stockAlertToken(c, 'confirm') } }),
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    route: '/api/stock-alerts/unsubscribe',
    request: async (c) => ({
      path: '/api/stock-alerts/unsubscribe',
      body: { token: await stockAlertToken(c, 'unsubscribe') },
    }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/stock-alerts/demand',
    request: async (c) => ({ path: `/api/stock-alerts/demand?products=${c.productId}` }),
    expect: ADMIN(200),
  },
  // The admin's customers (issue 40): accounts and guests, with their orders.
  { method: 'GET', route: '/api/customers', request: async () => ({ path: '/api/customers' }), expect: ADMIN(200) },
  {
    method: 'GET',
    route: '/api/customers/:key',
    request: async (c) => ({ path: `/api/customers/${c.ids.customer}` }),
    expect: ADMIN(200),
  },
  { method: 'GET', route: '/api/health', request: async () => ({ path: '/api/health' }), expect: PUBLIC(200) },
  {
    method: 'GET',
    route: '/api/openapi.json',
    request: async () => ({ path: '/api/openapi.json' }),
    expect: PUBLIC(200),
  },
  // The signed-in shopper's own cart: there is no path naming another's, so every signed-in role reads its own.
  { method: 'GET', route: '/api/cart', request: async () => ({ path: '/api/cart' }), expect: SIGNED_IN(200) },
  {
    method: 'PUT',
    route: '/api/cart',
    request: async (c) => ({ path: '/api/cart', body: { items: [{ product: c.productId, qty: 1 }] } }),
    expect: SIGNED_IN(200),
  },
  // Issue 41: the reminder preference is the caller's own; the unsubscribe link's signed token is the authority.
  {
    method: 'GET',
    route: '/api/cart-reminders/preference',
    request: async () => ({ path: '/api/cart-reminders/preference' }),
    expect: SIGNED_IN(200),
  },
  {
    method: 'PUT',
    route: '/api/cart-reminders/preference',
    request: async () => ({ path: '/api/cart-reminders/preference', body: { subscribed: true } }),
    expect: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/cart-reminders/unsubscribe',
    request: async (c) => ({
      path: '/api/cart-reminders/unsubscribe',
      body: { token: unsubscribeToken(c.shop, await c.newUser()) },
    }),
    expect: PUBLIC(200),
  },
  // The caller's own wishlist (issue 41): no path names another's, so every signed-in role reads and writes its own.
  { method: 'GET', route: '/api/wishlist', request: async () => ({ path: '/api/wishlist' }), expect: SIGNED_IN(200) },
  {
    method: 'PUT',
    route: '/api/wishlist',
    request: async (c) => ({ path: '/api/wishlist', body: { items: [{ product: c.productId }] } }),
    expect: SIGNED_IN(200),
  },
  // A stream ticket for an order: the REST rule (owner or admin). Cart and admin tickets: test/live.test.ts.
  {
    method: 'POST',
    route: '/api/live/tickets',
    request: async (c) => ({ path: '/api/live/tickets', body: { topics: [`order:${await c.newOrder()}`] } }),
    expect: OWNER_OR_ADMIN(201),
  },
  // Account links sent by email (embedded). Each role follows a fresh link of a fresh account.
  {
    method: 'POST',
    route: '/api/users/password-reset',
    request: async () => ({ path: '/api/users/password-reset', body: { email: `matrix-${seq++}@voltshop.test` } }),
    expect: PUBLIC(202),
  },
  {
    method: 'POST',
    route: '/api/users/password-reset/confirm',
    request: async (c) => ({
      path: '/api/users/password-reset/confirm',
      body: { token: await emailedToken(c, '/password-reset', /Reset/, '/reset-password/'), password: 'new-secret1' },
    }),
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    route: '/api/users/:id/password-reset',
    request: async (c) => ({ path: `/api/users/${await c.newUser()}/password-reset` }),
    expect: ADMIN(202),
  },
  {
    method: 'POST',
    route: '/api/users/verify-email',
    request: async (c) => ({
      path: '/api/users/verify-email',
      body: { token: await emailedToken(c, '/profile/verification', /^Confirm your email/, '/verify-email/') },
    }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/users/profile/verification',
    request: async () => ({ path: '/api/users/profile/verification' }),
    expect: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/users/profile/verification',
    request: async () => ({ path: '/api/users/profile/verification' }),
    expect: SIGNED_IN(202),
  },
  // The development mailbox (outside production only, like the server it runs on): open to whoever runs the shop.
  // To loopback clients (the suite's); any other client's is a 404 (devMailbox.test.ts, issue 36).
  { method: 'GET', route: '/api/dev/mail', request: async () => ({ path: '/api/dev/mail' }), expect: PUBLIC(200) },
  // The stream never takes a bearer token: private topics come only with a ticket, so every role is refused here.
  { method: 'GET', route: '/api/live', request: async () => ({ path: '/api/live?topics=admin' }), expect: PUBLIC(401) },
];

let ctx: Ctx;

/** Issue 41: a guest's back-in-stock alert on a fresh sold-out product, and the token of its mailed `kind` link. */
async function stockAlertToken(c: Ctx, kind: 'confirm' | 'unsubscribe') {
  const id = await c.newProduct();
  const sold = await c.shop.call('PUT', `/api/products/${id}`, {
    token: c.tokens.admin,
    body: { ...productBody, countInStock: 0 },
  });
  expect(sold.status).toBe(200);
  const email = `alert-${Date.now()}-${seq++}@voltshop.test`;
  expect((await c.shop.call('POST', `/api/products/${id}/stock-alerts`, { body: { email } })).status).toBe(200);
  const mail = await waitForMail(c.shop, email, /Confirm your alert/);
  return mail.text.match(new RegExp(`/stock-alerts/${kind}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`))![1]!;
}

/** A fresh account's emailed link token: `ask` (a reset request, or the signed-in "send again") then the mailbox. */
async function emailedToken(c: Ctx, ask: '/password-reset' | '/profile/verification', subject: RegExp, prefix: string) {
  const email = `link-${Date.now()}-${seq++}@voltshop.test`;
  const reg = await c.shop.call('POST', '/api/users', { body: { name: 'Linked', email, password: 'secret12' } });
  expect(reg.status).toBe(201);
  const asked = await c.shop.call('POST', `/api/users${ask}`, {
    token: ask === '/password-reset' ? undefined : reg.body.token,
    body: ask === '/password-reset' ? { email } : undefined,
  });
  expect(asked.status).toBe(202);
  return linkIn(await waitForMail(c.shop, email, subject), prefix)
    .split('/')
    .pop()!;
}

beforeAll(async () => {
  const paypal = await startFakePayPal();
  const shop = await startTestShop(payPalSettings(paypal));
  const [customer, otherCustomer, admin] = await Promise.all([shop.aliceToken(), shop.bobToken(), shop.adminToken()]);
  const me = async (token: string) => (await shop.call('GET', '/api/users/profile', { token })).body._id as string;
  const newProduct = async () => {
    const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    const res = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: { ...productBody, countInStock: 1000 },
    });
    expect(res.status).toBe(200);
    return id;
  };
  const productId = await newProduct();
  const completedCapture = async (orderId: string) => {
    const order = (await shop.call('GET', `/api/orders/${orderId}`, { token: customer })).body;
    return paypal.completedOrder(order.totalPrice.toFixed(2), order.currency, orderId).id;
  };
  ctx = {
    shop,
    paypal,
    completedCapture,
    async approvedPayPalOrder(orderId) {
      const res = await shop.call('POST', `/api/orders/${orderId}/paypal-order`, { token: customer });
      expect(res.status).toBe(201);
      paypal.approve(res.body.id);
      return res.body.id as string;
    },
    tokens: { anonymous: undefined, customer, otherCustomer, admin },
    ids: { customer: await me(customer), otherCustomer: await me(otherCustomer), admin: await me(admin) },
    productId,
    newProduct,
    async newOrder(paid = false) {
      const res = await shop.call('POST', '/api/orders', {
        token: customer,
        body: { orderItems: [{ product: productId, qty: 1 }], shippingAddress },
      });
      expect(res.status).toBe(201);
      if (paid) {
        const pay = await shop.call('PUT', `/api/orders/${res.body._id}/pay`, {
          token: customer,
          body: { id: await completedCapture(res.body._id) },
        });
        expect(pay.status).toBe(200);
      }
      return res.body._id as string;
    },
    async newGuestOrder(email, paid = false) {
      const res = await shop.call('POST', '/api/orders/guest', {
        body: { email, orderItems: [{ product: productId, qty: 1 }], shippingAddress },
      });
      expect(res.status).toBe(201);
      const guest = { id: res.body._id as string, token: res.body.accessToken as string };
      if (paid) {
        const headers = { 'X-Order-Token': guest.token };
        const created = await shop.call('POST', `/api/orders/${guest.id}/paypal-order`, { headers });
        expect(created.status).toBe(201);
        paypal.approve(created.body.id);
        const captured = await shop.call('POST', `/api/orders/${guest.id}/capture`, {
          headers,
          body: { paypalOrderId: created.body.id },
        });
        expect(captured.status).toBe(200);
      }
      return guest;
    },
    async newUser() {
      const res = await shop.call('POST', '/api/users', {
        body: { name: 'Throwaway', email: `throwaway-${Date.now()}-${seq++}@voltshop.test`, password: 'secret12' },
      });
      expect(res.status).toBe(201);
      return res.body._id as string;
    },
    async throwawaySession(role) {
      if (role === 'anonymous') return undefined;
      const account = {
        name: 'Throwaway',
        email: `session-${Date.now()}-${seq++}@voltshop.test`,
        password: 'secret12',
      };
      const reg = await shop.call('POST', '/api/users', { body: account });
      expect(reg.status).toBe(201);
      if (role !== 'admin') return reg.body.token as string;
      const promoted = await shop.call('PUT', `/api/users/${reg.body._id}`, {
        token: admin,
        body: { name: account.name, email: account.email, isAdmin: true },
      });
      expect(promoted.status).toBe(200);
      return (
        await shop.call('POST', '/api/users/login', { body: { email: account.email, password: account.password } })
      ).body.token as string;
    },
  };
});
afterAll(async () => {
  await ctx?.shop.close();
  await ctx?.paypal.close();
});

describe('authorization matrix', () => {
  for (const row of MATRIX) {
    it(`${row.method} ${row.route}`, async () => {
      const got: Record<string, number> = {};
      for (const role of ROLES) {
        const req = await row.request(ctx);
        const token = row.token ? await row.token(ctx, role) : ctx.tokens[role];
        const res = await ctx.shop.call(row.method, req.path, { token, body: req.body, raw: req.raw });
        got[role] = res.status;
        if (res.status >= 400)
          expect(typeof res.body?.message, `${role}: error answers carry a message`).toBe('string');
      }
      expect(got).toEqual(row.expect);
    });
  }

  it('an invalid, tampered or expired-looking token is a 401 wherever a role is needed', async () => {
    const forged = `${ctx.tokens.admin!.slice(0, -4)}AAAA`;
    for (const row of MATRIX.filter((r) => r.expect.anonymous === 401)) {
      const req = await row.request(ctx);
      for (const token of [forged, 'not-a-jwt', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
        const res = await ctx.shop.call(row.method, req.path, { token, body: req.body, raw: req.raw });
        expect(res.status, `${row.method} ${row.route} with ${token.slice(0, 12)}…`).toBe(401);
      }
    }
  });

  it("the order token (a guest's link): reads and pays its own order, and is no credential anywhere else", async () => {
    const TOKEN_ROUTES = [
      'GET /api/orders/:id',
      'PUT /api/orders/:id/pay',
      'POST /api/orders/:id/paypal-order',
      'POST /api/orders/:id/capture',
    ];
    const guest = await ctx.newGuestOrder(`token-${seq++}@voltshop.test`);
    const headers = { 'X-Order-Token': guest.token };
    expect((await ctx.shop.call('GET', `/api/orders/${guest.id}`, { headers })).status).toBe(200);
    const other = await ctx.newGuestOrder(`token-${seq++}@voltshop.test`);
    expect((await ctx.shop.call('GET', `/api/orders/${other.id}`, { headers })).status).toBe(404);
    // Every other route: the token alone is no credential (401), on the token's own order where a route has one.
    for (const row of MATRIX.filter((r) => !TOKEN_ROUTES.includes(`${r.method} ${r.route}`))) {
      if (row.expect.anonymous !== 401) continue;
      const req = await row.request(ctx);
      const path = row.route.startsWith('/api/orders/:id')
        ? req.path.replace(/^\/api\/orders\/[^/?]+/, `/api/orders/${guest.id}`)
        : req.path;
      const res = await ctx.shop.call(row.method, path, { headers, body: req.body, raw: req.raw });
      expect(res.status, `${row.method} ${row.route} with only an order token`).toBe(401);
    }
    // Paying with it, the PayPal way (the simulated one is covered by guestOrders.test.ts).
    const paid = await ctx.newGuestOrder(`token-${seq++}@voltshop.test`, true);
    const read = await ctx.shop.call('GET', `/api/orders/${paid.id}?token=${encodeURIComponent(paid.token)}`);
    expect(read.body).toMatchObject({ isPaid: true, isGuest: true });
  });

  it("agrees with the endpoint table's access (src/api/endpoints.ts): the table says who may call as the routes do", () => {
    const access = new Map(Object.values(endpoints).map((e) => [`${e.method} ${e.path}`, e.access]));
    for (const row of MATRIX) {
      const key = `${row.method} ${row.route}`;
      const says = access.get(key);
      const { anonymous, customer, admin } = row.expect;
      if (says === 'admin') expect({ key, anonymous, customer }).toEqual({ key, anonymous: 401, customer: 403 });
      else if (says === 'customer' || says === 'customerOrOrderToken') {
        expect({ key, anonymous }).toEqual({ key, anonymous: 401 });
        expect(customer, `${key}: a signed-in customer passes the sign-in check`).not.toBe(401);
      } else if (says === 'liveTicket') {
        // The ticket decides, not the bearer token: every role gets the same answer.
        expect({ key, customer, admin }).toEqual({ key, customer: anonymous, admin: anonymous });
      } else {
        expect(says, `${key} is in the table`).toBeDefined();
        expect([401, 403], `${key}: anyone may call it`).not.toContain(anonymous);
      }
    }
  });

  it('every /api route mounted in the app has exactly one row, and every row is a mounted route', async () => {
    const mounted = (await apiRoutes()).map((r) => `${r.method} ${r.path}`).sort();
    const rows = MATRIX.map((r) => `${r.method} ${r.route}`).sort();
    expect(new Set(rows).size).toBe(rows.length);
    expect(
      mounted.filter((r) => !rows.includes(r)),
      'routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      rows.filter((r) => !mounted.includes(r)),
      'rows for routes that do not exist',
    ).toEqual([]);
    expect(mounted.length).toBeGreaterThanOrEqual(25);
  });
});
