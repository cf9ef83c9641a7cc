// Starts a real shop (embedded backend, fresh temp data directory, real HTTP on a free port) for tests.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { readConfig, type Config } from '../../src/config.js';
import type { RehearsalResult } from '../../src/saleRehearsal.js';
import { startServer } from '../../src/server.js';
import type { LiveHub, LiveHubOptions } from '../../src/live/hub.js';
import type { OutboxWorkerOptions } from '../../src/mail/outboxWorker.js';
import type { Clock, Mailer } from '../../src/ports.js';
import { DEMO_CUSTOMERS } from '../../src/seed/seed.js';
import { DEFAULT_HOLD_LIMITS } from '../../src/domain/limits.js';
import { productInput } from './products.js';

export interface TestShop {
  url: string;
  config: Config;
  close(): Promise<void>;
  sweepExpired(): Promise<number>;
  /** The server's live events hub. */
  live: LiveHub;
  /** The start-up rehearsal's result once it started (startTestShop's `rehearse` option; server.ts). */
  rehearsal(): Promise<RehearsalResult> | undefined;
  /** How the server delivers mail (the development outbox unless SMTP_URL is set). */
  mailer: Mailer;
  /** fetch against the shop, JSON in and out. */
  call<T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; raw?: RequestInit['body']; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  login(email: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  aliceToken(): Promise<string>;
  bobToken(): Promise<string>;
}

/** The suites reuse a few seeded customers across many cases, each case placing its own orders: their shop lifts
 *  the hold limits out of the way. The hold-limit suites (holds.test.ts) pass SHOP_HOLD_LIMITS to test the real ones. */
const FIXTURE_HOLD_LIMITS = {
  HOLD_MAX_UNITS_PER_PRODUCT: '1000',
  HOLD_MAX_DOLLARS: '10000000',
  HOLD_MAX_OPEN_ORDERS: '1000',
};

/** The shop's default hold limits as environment settings (domain/limits.ts DEFAULT_HOLD_LIMITS). */
export const SHOP_HOLD_LIMITS = {
  HOLD_MAX_UNITS_PER_PRODUCT: String(DEFAULT_HOLD_LIMITS.maxUnitsPerProduct),
  HOLD_MAX_DOLLARS: String(DEFAULT_HOLD_LIMITS.maxHeldCents / 100),
  HOLD_MAX_OPEN_ORDERS: String(DEFAULT_HOLD_LIMITS.maxOpenOrders),
};

export async function startTestShop(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    live?: LiveHubOptions;
    mailRenderThread?: boolean;
    mailWorker?: OutboxWorkerOptions;
    rehearse?: boolean;
  } = {},
): Promise<TestShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-test-'));
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    LOGIN_RATE_LIMIT: '1000',
    SIGNIN_RATE_LIMIT: '1000',
    PASSWORD_RESET_RATE_LIMIT: '1000',
    GUEST_ORDER_RATE_LIMIT: '1000',
    COUPON_CHECK_RATE_LIMIT: '1000',
    ORDER_RATE_LIMIT: '100000',
    ORDER_RATE_LIMIT_PER_ADDRESS: '100000',
    UNVERIFIED_ORDER_RATE_LIMIT: '100000',
    // scrypt at 2^10 rather than 2^15: the suites sign up hundreds of accounts (config.test.ts keeps the default).
    PASSWORD_HASH_COST: '1024',
    ...FIXTURE_HOLD_LIMITS,
    ...env,
  });
  const server = await startServer(config, options);
  const url = `http://127.0.0.1:${server.port}`;
  const tokens = new Map<string, string>();

  const shop: TestShop = {
    url,
    config,
    sweepExpired: () => server.sweepExpired(),
    live: server.live as LiveHub,
    rehearsal: server.rehearsal,
    mailer: server.mailer,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let body: RequestInit['body'] = options.raw;
      if (options.body !== undefined) {
        headers['Content-Type'] ??= 'application/json';
        body = JSON.stringify(options.body);
      }
      const res = await fetch(url + path, { method, headers, body, signal: AbortSignal.timeout(15_000) });
      const text = await res.text();
      let parsed: unknown = text;
      if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    async login(email, password) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const res = await shop.call('POST', '/api/users/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      tokens.set(email, res.body.token);
      return res.body.token as string;
    },
    adminToken: () => shop.login(config.seedAdmin.email, config.seedAdmin.password),
    aliceToken: () => shop.login(DEMO_CUSTOMERS.alice.email, DEMO_CUSTOMERS.alice.password),
    bobToken: () => shop.login(DEMO_CUSTOMERS.bob.email, DEMO_CUSTOMERS.bob.password),
  };
  return shop;
}

export const shippingAddress = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/** A fresh product at `price` with `countInStock`, created and filled in through the admin API (a 200 is checked). */
export async function createProduct(
  shop: TestShop,
  price: number,
  countInStock: number,
  name: string,
): Promise<{ _id: string; name: string }> {
  const admin = await shop.adminToken();
  const id = (await shop.call('POST', '/api/products', { token: admin })).body._id;
  const res = await shop.call('PUT', `/api/products/${id}`, {
    token: admin,
    body: productInput(name, { price, countInStock }),
  });
  expect(res.status).toBe(200);
  return res.body as { _id: string; name: string };
}

/** A product's stock as GET /api/products/:id reports it. */
export async function stockOf(shop: TestShop, id: string): Promise<number> {
  return (await shop.call('GET', `/api/products/${id}`)).body.countInStock as number;
}

/** A fresh customer's token (fresh accounts keep one suite's open orders out of another's limits). */
let customerSeq = 0;
export async function registerCustomer(shop: TestShop, prefix = 'shopper'): Promise<string> {
  const email = `${prefix}-${Date.now()}-${++customerSeq}@voltshop.test`;
  const res = await shop.call('POST', '/api/users', { body: { name: 'Test Shopper', email, password: 'secret12' } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

/** The caller orders one unit of `productId`, or else of one of the first catalogue page's products with at least
 *  `minStock` in stock (a 201 is checked). `extra` adds fields to the body (e.g. the client totals the server must
 *  ignore). */
export async function placeOneUnitOrder(
  shop: TestShop,
  token: string,
  {
    minStock = 1,
    extra = {},
    productId,
  }: { minStock?: number; extra?: Record<string, unknown>; productId?: string } = {},
): Promise<{ _id: string; totalPrice: number; currency: string; orderItems: { product: string }[] }> {
  let product = productId;
  if (!product) {
    const list = await shop.call('GET', '/api/products?pageNumber=1');
    product = list.body.products.find((p: { countInStock: number }) => p.countInStock >= minStock)._id;
  }
  const res = await shop.call('POST', '/api/orders', {
    token,
    body: { orderItems: [{ product, qty: 1 }], shippingAddress, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Alice orders one of the first catalogue page's products in stock (a 201 is checked). */
export async function placeAliceOrder(
  shop: TestShop,
  options: { minStock?: number; productId?: string } = {},
): Promise<{ _id: string; totalPrice: number; orderItems: { product: string }[] }> {
  return placeOneUnitOrder(shop, await shop.aliceToken(), options);
}
