// Live updates on the embedded server, in Chromium: two browser contexts (or a browser and a second shopper's API
// calls) see each other's changes without a reload; a stream dropped by a server restart resumes and catches up.
// Runs its own shop (not the shared one) because one test restarts it on the same port and data directory.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn, uniqueEmail } from './support/browser';
import { freePort, spawnShopServer } from './support/server';
import { ADMIN, apiCaller, signInToken } from './support/api';

const ADDRESS = { address: '1 Circuit Avenue', city: 'Springfield', postalCode: '12345', country: 'USA' };

let port: number;
let dataDir: string;
let base: string;
let server: ChildProcess | null = null;
let browser: Browser;
const pages: Page[] = [];

async function startServer() {
  server = spawnShopServer(dataDir, port, { LOGIN_RATE_LIMIT: '1000', SIGNIN_RATE_LIMIT: '1000' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopServer() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const call = apiCaller(() => base);

const login = (email: string, password: string) => signInToken(call, { email, password });

async function newCustomer(name: string) {
  const email = uniqueEmail(name.toLowerCase());
  const { token } = await call<{ token: string }>('POST', '/api/users', undefined, {
    name,
    email,
    password: 'secret123',
  });
  return { email, password: 'secret123', token };
}

let seq = 0;
async function newProduct(stock: number, price = 10) {
  const admin = await login(ADMIN.email, ADMIN.password);
  const name = `Live Lamp ${Date.now()}-${++seq}`;
  const created = await call<{ _id: string }>('POST', '/api/products', admin);
  const body = { name, price, image: '/images/sample.svg', brand: 'Volt', category: 'Lamps', description: 'Live.' };
  await call('PUT', `/api/products/${created._id}`, admin, { ...body, countInStock: stock });
  return { _id: created._id, name, body, admin };
}

const order = (token: string, product: string, qty = 1) =>
  call<{ _id: string }>('POST', '/api/orders', token, {
    orderItems: [{ product, qty }],
    shippingAddress: ADDRESS,
  });

/** The admin sets `product`'s stock (as the product edit screen saves it). */
async function setStock(product: Awaited<ReturnType<typeof newProduct>>, countInStock: number) {
  await call('PUT', `/api/products/${product._id}`, await login(ADMIN.email, ADMIN.password), {
    ...product.body,
    countInStock,
  });
}

async function openPage() {
  const { page, errors } = await newPage(browser, base);
  pages.push(page);
  return { page, errors };
}

/**
 * Holds the page's live streams (GET /api/live) until the returned function is called: a change made meanwhile is
 * made before the page's first stream is up, as when the live code loads after the first paint on a slow machine.
 * The stream then opens from the position of the page's own reads and hears it (docs/live.md).
 */
async function holdStreams(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: URL[] = [];
  await page.route(
    (url) => url.pathname === '/api/live',
    async (route) => {
      asked.push(new URL(route.request().url()));
      await held;
      await route.continue();
    },
  );
  return Object.assign(() => release(), { asked });
}

async function signedInPage(email: string, password: string) {
  const { page } = await openPage();
  await page.goto('/login');
  await signIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

beforeAll(async () => {
  port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'voltshop-e2e-live-'));
  await startServer();
  browser = await launch();
});

afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await stopServer();
  await rm(dataDir, { recursive: true, force: true });
});

describe('live updates (embedded server)', () => {
  it("a second shopper's purchase lowers the stock shown to the first, without a reload", async () => {
    const product = await newProduct(1);
    const { page } = await openPage();
    // Bought before the page's stream is up: the stream opens from the position inlined with the page's data and
    // the server replays the purchase (before, a change in that window was not heard: docs/live.md).
    const release = await holdStreams(page);
    await page.goto(`/product/${product._id}`);
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toBe('Only 1 left');
    const buyer = await newCustomer('Bea');
    await order(buyer.token, product._id);
    release();
    await expect.poll(() => page.getByTestId('stock-status').textContent(), { timeout: 10_000 }).toBe('Out of Stock');
    expect(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    // Heard because the first stream resumed from the page's read, not live: it asked from a position.
    expect(release.asked[0]?.searchParams.get('lastEventId')).toMatch(/^[0-9a-f]{8}\.\d+$/);
  });

  it("the same account's cart edited in one browser appears in the other", async () => {
    const product = await newProduct(5);
    const shopper = await newCustomer('Cleo');
    const laptop = await signedInPage(shopper.email, shopper.password);
    const phone = await signedInPage(shopper.email, shopper.password);
    await phone.goto('/cart');
    await phone.getByText(/Your cart is empty/i).waitFor();

    await laptop.goto(`/product/${product._id}`);
    await laptop.getByRole('button', { name: 'Add to Cart' }).click();
    await laptop.waitForURL(/\/cart$/);

    await phone.getByRole('link', { name: product.name, exact: true }).waitFor({ timeout: 10_000 });
    expect(phone.url()).toMatch(/\/cart$/); // no navigation: the cart came live
  });

  it('the admin marks an order delivered and the customer’s open order page says "Delivered on …"', async () => {
    const product = await newProduct(3);
    const customer = await newCustomer('Dan');
    const placed = await order(customer.token, product._id);
    await call('PUT', `/api/orders/${placed._id}/pay`, customer.token, { simulated: true });
    const page = await signedInPage(customer.email, customer.password);
    const release = await holdStreams(page); // delivered before the stream is up: see the first case
    await page.goto(`/order/${placed._id}`);
    await page.getByText('Not Delivered').waitFor();
    await call('PUT', `/api/orders/${placed._id}/deliver`, await login(ADMIN.email, ADMIN.password));
    release();
    await page.getByText(/Delivered on /).waitFor({ timeout: 10_000 });
  });

  it("a new order appears on the admin's open order list", async () => {
    const product = await newProduct(3);
    const admin = await signedInPage(ADMIN.email, ADMIN.password);
    const release = await holdStreams(admin); // placed before the stream is up: see the first case
    await admin.goto('/admin/orderlist');
    await admin.getByRole('heading', { name: 'Orders' }).waitFor();
    await admin
      .getByRole('link', { name: /Details of order/ })
      .first()
      .waitFor();
    const customer = await newCustomer('Eve');
    const placed = await order(customer.token, product._id);
    release();
    await admin.getByText(placed._id, { exact: true }).waitFor({ timeout: 10_000 });
  });

  it('live updates start even when their code first failed to load, and catch up on what changed meanwhile', async () => {
    const product = await newProduct(20);
    const { page } = await openPage();
    // The live chunk's first request fails (as when the server restarts at that moment); later ones go through.
    let refused = 0;
    await page.route(/\/assets\/sse-[^/]+\.js$/, (route) =>
      refused++ === 0 ? route.abort('connectionrefused') : route.continue(),
    );
    await page.goto(`/product/${product._id}`);
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toBe('In Stock');
    await expect.poll(() => refused).toBeGreaterThan(0);
    // Changed while nothing was listening: the late stream reloads what is shown.
    await setStock(product, 0);
    await expect.poll(() => page.getByTestId('stock-status').textContent(), { timeout: 20_000 }).toBe('Out of Stock');
    // And it is live from then on.
    await setStock(product, 12);
    await expect.poll(() => page.getByTestId('stock-status').textContent(), { timeout: 10_000 }).toBe('In Stock');
    expect(refused).toBe(2);
  });

  it('a stream dropped by a server restart resumes and catches up on what changed meanwhile', async () => {
    const product = await newProduct(20);
    const { page } = await openPage();
    await page.goto(`/product/${product._id}`);
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toBe('In Stock');

    await stopServer();
    await startServer(); // same port, same data
    // Changed before the page's stream is back: only a resync can bring it.
    await setStock(product, 0);
    await expect.poll(() => page.getByTestId('stock-status').textContent(), { timeout: 60_000 }).toBe('Out of Stock');

    // And the stream is live again.
    await setStock(product, 12);
    await expect.poll(() => page.getByTestId('stock-status').textContent(), { timeout: 10_000 }).toBe('In Stock');
  });
});
