// Options and variants in Chromium (issue 29), on its own embedded shop: a shopper chooses a variant with the
// pickers, adds it, buys it (simulated payment), and a second browser watching that variant's page sees its stock
// drop live; the cart, Place Order and the order page show the variant's label. Screenshots of the pickers and the
// admin's variant editor at 1366 and 390 px.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fillShipping, launch, newPage, screenshot, signIn, uniqueEmail } from './support/browser';
import { freePort, spawnShopServer } from './support/server';
import { ADMIN, apiCaller, signInToken } from './support/api';

const PHONE = { width: 390, height: 844 };

let port: number;
let dataDir: string;
let base: string;
let server: ChildProcess | null = null;
let browser: Browser;
const pages: Page[] = [];

const call = apiCaller(() => base);

const login = (email: string, password: string) => signInToken(call, { email, password });

let seq = 0;
/** A phone in two colours and two storage sizes (no Blue 512), created through the admin's API. */
async function newPhone() {
  const admin = await login(ADMIN.email, ADMIN.password);
  const name = `Variant Phone ${Date.now()}-${++seq}`;
  const created = await call<{ _id: string }>('POST', '/api/products', admin);
  const tag = `${Date.now()}${seq}`;
  const product = await call<{ _id: string; variants: { _id: string; sku: string }[] }>(
    'PUT',
    `/api/products/${created._id}`,
    admin,
    {
      name,
      price: 799,
      image: '/images/sample.svg',
      brand: 'Volt',
      category: 'Phones',
      description: 'A phone with variants.',
      countInStock: 0,
      options: [
        { name: 'Colour', values: ['Black', 'Blue'] },
        { name: 'Storage', values: ['256 GB', '512 GB'] },
      ],
      variants: [
        { sku: `E2E-BLK-256-${tag}`, options: { Colour: 'Black', Storage: '256 GB' }, price: 799, countInStock: 9 },
        { sku: `E2E-BLK-512-${tag}`, options: { Colour: 'Black', Storage: '512 GB' }, price: 899, countInStock: 3 },
        {
          sku: `E2E-BLU-256-${tag}`,
          options: { Colour: 'Blue', Storage: '256 GB' },
          price: 749,
          compareAtPrice: 799,
          countInStock: 2,
        },
      ],
    },
  );
  return { ...product, name };
}

async function openPage(viewport?: { width: number; height: number }) {
  const { page, errors } = await newPage(browser, base, viewport);
  pages.push(page);
  return { page, errors };
}

beforeAll(async () => {
  port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'voltshop-e2e-variants-'));
  server = spawnShopServer(dataDir, port, { LOGIN_RATE_LIMIT: '1000', SIGNIN_RATE_LIMIT: '1000' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await launch();
});

afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  const child = server;
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('options and variants (embedded server)', () => {
  it('choose a variant, add it, buy it; a second browser sees that variant’s stock drop live', async () => {
    const phone = await newPhone();
    const blackBig = phone.variants[1]!;

    // The watcher: the Black / 512 GB page, 3 left.
    const { page: watcher } = await openPage();
    await watcher.goto(`/product/${phone._id}?variant=${blackBig._id}`);
    await expect.poll(() => watcher.getByTestId('stock-status').textContent()).toBe('Only 3 left');

    // The shopper signs up, picks Black / 512 GB with the pickers, adds 2.
    const { page, errors } = await openPage();
    await page.goto('/register');
    await page.getByLabel('Name').fill('Vera Variant');
    await page.getByLabel('Email Address').fill(uniqueEmail('vera'));
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));
    await page.goto(`/product/${phone._id}`);
    await page.getByRole('heading', { level: 1, name: phone.name }).waitFor();
    expect(await page.getByTestId('product-price').textContent()).toContain('$799.00');
    await page
      .getByRole('group', { name: /Storage/ })
      .getByText('512 GB')
      .click();
    await page.waitForURL(new RegExp(`variant=${blackBig._id}`));
    // The address changes first, the page renders the chosen variant right after it (read it once it has).
    await expect.poll(() => page.getByTestId('product-price').textContent()).toContain('$899.00');
    await screenshot(page, 'variants-product-page-1366');
    await page.getByLabel('Qty').locator('visible=true').first().selectOption('2');
    await page.getByRole('button', { name: 'Add to Cart' }).locator('visible=true').first().click();
    await page.waitForURL(/\/cart$/);
    await page.getByTestId('cart-line-variant').getByText('Black / 512 GB').waitFor();

    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/shipping$/);
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/payment$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/placeorder$/);
    await page.getByText('Black / 512 GB').first().waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    await page.getByTestId('line-variant').getByText('Black / 512 GB').waitFor();

    // The watcher saw the hold take 2 of that variant, live.
    await expect.poll(() => watcher.getByTestId('stock-status').textContent(), { timeout: 10_000 }).toBe('Only 1 left');
    await page.getByRole('button', { name: 'Pay with test payment (simulated, no money moves)' }).click();
    await page.getByText(/^Paid on \d{4}-\d{2}-\d{2}$/).waitFor();

    // Only that variant moved.
    const after = await call<{ variants: { countInStock: number }[]; countInStock: number }>(
      'GET',
      `/api/products/${phone._id}`,
    );
    expect(after.variants.map((v) => v.countInStock)).toEqual([9, 1, 2]);
    expect(after.countInStock).toBe(9);
    expect(errors).toEqual([]);
  });

  it('the pickers and the admin’s variant editor at 390 px (screenshots)', async () => {
    const phone = await newPhone();
    const { page } = await openPage(PHONE);
    await page.goto(`/product/${phone._id}?variant=${phone.variants[2]!._id}`);
    await page.getByTestId('compare-at-price').waitFor();
    // Blue / 512 GB is not offered.
    expect(
      await page
        .getByRole('group', { name: /Storage/ })
        .getByRole('radio', { name: /512 GB/ })
        .isDisabled(),
    ).toBe(true);
    await screenshot(page, 'variants-product-page-390');

    const { page: admin } = await openPage(PHONE);
    await admin.goto('/login');
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    await admin.goto(`/admin/product/${phone._id}/edit`);
    await admin.getByRole('heading', { name: 'Options & variants' }).waitFor();
    expect(await admin.getByTestId('variant-row').count()).toBe(3);
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scroll at 390 px').toBeLessThanOrEqual(0);
    await screenshot(admin, 'variants-admin-editor-390');
    await admin.setViewportSize({ width: 1366, height: 900 });
    await screenshot(admin, 'variants-admin-editor-1366');
  });
});
