// The owner's settings in a real Chromium (issue 30), on a shop of its own (a settings change never reaches the
// other specs): the admin adds a country's tax rate and shipping price on /admin/settings, and the cart's estimate
// follows for that country; the product page caps the quantity at the per-customer limit and says why.
// Screenshots of the settings screen and the cart at 1366 and 390 px go to test-results/screenshots/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, MOBILE, newPage, screenshot, signIn } from './support/browser';
import { startShop, type RunningShop } from './support/server';

const ADMIN = { email: 'admin@voltshop.test', password: 'admin1234' };
const DESKTOP_WIDE = { width: 1366, height: 900 };

let shop: RunningShop;
let browser: Browser;
const pageErrors: string[][] = [];

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop('settings', process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    launch(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  expect(pageErrors.flat(), 'uncaught page errors').toEqual([]);
});

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const { page, errors } = await newPage(browser, shop.url, viewport);
  pageErrors.push(errors);
  return page;
}

/** The cheapest product in stock beyond the per-customer limit. */
async function plentifulProduct(page: Page, limit: number) {
  const res = await page.request.get('/api/products?pageNumber=1');
  const { products } = (await res.json()) as {
    products: { _id: string; name: string; price: number; countInStock: number }[];
  };
  const [product] = products.filter((p) => p.countInStock > limit).sort((a, b) => a.price - b.price);
  if (!product) throw new Error(`No product with more than ${limit} in stock on the first page`);
  return product;
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe.each([
  // Countries from the list (issue 30): chosen by name, saved by ISO code.
  { label: '1366', viewport: DESKTOP_WIDE, country: 'France', code: 'FR', percent: 20, shipping: 5 },
  { label: '390', viewport: MOBILE, country: 'Japan', code: 'JP', percent: 8.5, shipping: 7.25 },
])('settings at $label px', ({ label, viewport, country, code, percent, shipping }) => {
  it("the admin's country rate and price reach the cart's estimate; the product page says the limit", async () => {
    const admin = await open(viewport);
    await admin.goto(`/login?redirect=${encodeURIComponent('/admin/settings')}`);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(`${shop.url}/admin/settings`);
    await admin.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await admin.getByRole('button', { name: "Add a country's tax rate" }).click();
    const taxRows = admin.locator('select[id^="tax-country-"]');
    const row = (await taxRows.count()) - 1;
    await admin.locator(`#tax-country-${row}`).selectOption({ label: country });
    await admin.locator(`#tax-percent-${row}`).fill(String(percent));
    await admin.getByRole('button', { name: "Add a country's shipping price" }).click();
    const shipRow = (await admin.locator('select[id^="shipping-country-"]').count()) - 1;
    await admin.locator(`#shipping-country-${shipRow}`).selectOption({ label: country });
    await admin.locator(`#shipping-price-${shipRow}`).fill(String(shipping));
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Settings saved.').waitFor();
    await admin.getByText(`tax.countries.${code}: – → ${percent}`).waitFor();
    await screenshot(admin, `settings-${label}`);
    const limit = (await (await admin.request.get('/api/settings/public')).json()).limits.maxUnitsPerProduct as number;
    await admin.context().close();

    const shopper = await open(viewport);
    const product = await plentifulProduct(shopper, limit);
    await shopper.goto(`/product/${product._id}`);
    await shopper.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const qtyLimit = shopper.getByTestId('qty-limit').locator('visible=true').first();
    await qtyLimit.waitFor();
    expect(await qtyLimit.textContent()).toBe(`At most ${limit} per customer`);
    const qty = shopper.getByLabel('Qty').locator('visible=true').first();
    expect(await qty.locator('option').count()).toBe(limit);
    await screenshot(shopper, `settings-product-limit-${label}`);
    await qty.selectOption(String(limit));
    await shopper.getByRole('button', { name: 'Add to Cart' }).locator('visible=true').first().click();
    await shopper.waitForURL(/\/cart$/);
    await shopper.getByTestId('cart-estimate').waitFor();
    await shopper.getByLabel('Estimate for').selectOption({ label: country });
    const items = Math.round(product.price * 100) * limit;
    const tax = Math.floor((items * Math.round(percent * 100) + 5_000) / 10_000);
    const ship = items > 100_00 ? 0 : Math.round(shipping * 100);
    expect(await shopper.getByTestId('estimate-tax').textContent()).toBe(money(tax));
    expect(await shopper.getByTestId('estimate-shipping').textContent()).toBe(ship === 0 ? 'Free' : money(ship));
    expect(await shopper.getByTestId('estimate-total').textContent()).toBe(money(items + tax + ship));
    await screenshot(shopper, `settings-cart-estimate-${label}`);
    await shopper.context().close();
  });
});
