// Honest sale prices in Chromium (issue 41), on its own embedded shop: the admin changes a variant's price twice
// in the product form ($100 → $120, then $99 with a compare-at price of $120), and the product page shows "Lowest
// price in the last 30 days: $100.00" under the sale price (the setting on); the admin's price history lists both
// changes. Screenshots at 1366 and 390 px.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from './support/browser';
import { freePort, spawnShopServer } from './support/server';
import { ADMIN, apiCaller, signInToken } from './support/api';

const PHONE = { width: 390, height: 844 };

let port: number;
let dataDir: string;
let base: string;
let server: ChildProcess | null = null;
let browser: Browser;

const call = apiCaller(() => base);

beforeAll(async () => {
  port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'voltshop-e2e-prices-'));
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

/** The admin's form: the Black variant's price (and compare-at price), then Update (back to the product list). */
async function savePrice(admin: Page, id: string, price: string, compareAt?: string) {
  await admin.goto(`/admin/product/${id}/edit`);
  await admin.getByLabel('Price of Black', { exact: true }).fill(price);
  if (compareAt !== undefined) await admin.getByLabel('Compare-at price of Black').fill(compareAt);
  await admin.getByRole('button', { name: 'Update' }).click();
  await admin.waitForURL((url) => url.pathname.startsWith('/admin/productlist'));
}

describe('honest sale prices (embedded server)', () => {
  it('the admin changes a price twice (with compare-at); the product page shows the 30-day low', async () => {
    const token = await signInToken(call);
    // The shop names no EU country: the owner turns the figure on.
    const settings = await call('GET', '/api/settings', token);
    await call('PUT', '/api/settings', token, { ...settings, showLowestPrice30Days: 'on' });
    // Headphones in one colour at $100.
    const created = await call<{ _id: string }>('POST', '/api/products', token);
    const id = created._id;
    await call('PUT', `/api/products/${id}`, token, {
      name: 'Omnibus Headphones',
      price: 100,
      image: '/images/sample.svg',
      brand: 'Volt',
      category: 'Headphones',
      description: 'Headphones on sale.',
      countInStock: 0,
      options: [{ name: 'Colour', values: ['Black'] }],
      variants: [{ sku: `OMNI-E2E-${Date.now()}`, options: { Colour: 'Black' }, price: 100, countInStock: 5 }],
    });

    const { page: admin, errors } = await newPage(browser, base);
    await admin.goto('/login');
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    await savePrice(admin, id, '120');
    await savePrice(admin, id, '99', '120');

    // The admin's price history: both changes and the first price, newest first.
    await admin.goto(`/admin/product/${id}/edit`);
    await admin.getByRole('heading', { name: 'Price history' }).waitFor();
    await admin.getByRole('button', { name: 'Show price history' }).click();
    const rows = admin.getByRole('region', { name: 'Price changes' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('$120.00 → $99.00');
    expect(await rows.nth(1).textContent()).toContain('$100.00 → $120.00');
    await screenshot(admin, 'price-history-admin-1366');

    // The shopper's product page: $99, was $120, and the lowest of the 30 days before the sale, $100.
    const { page } = await newPage(browser, base);
    await page.goto(`/product/${id}`);
    await page.getByTestId('compare-at-price').waitFor();
    await expect
      .poll(() => page.getByTestId('lowest-price-30').textContent())
      .toBe('Lowest price in the last 30 days: $100.00');
    await screenshot(page, 'price-history-product-1366');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'price-history-product-390');
    expect(errors).toEqual([]);
    await admin.context().close();
    await page.context().close();
  });
});
