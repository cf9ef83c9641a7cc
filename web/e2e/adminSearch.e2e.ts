// The admin app (issue 40) in a real Chromium, on a shop of its own: the admin finds a customer (an account, then a
// guest) through the top bar's search with the keyboard, opens the customer's page and their order. At 390 px the
// sections are an offcanvas menu. axe finds no serious or critical violation on the admin pages visited.
// Screenshots of the admin pages at 1366 and 390 px go to test-results/screenshots/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserPerFile, MOBILE, screenshot, signIn, uniqueEmail } from './support/browser';
import { startShop, type RunningShop } from './support/server';

const ADMIN = { email: 'admin@voltshop.test', password: 'admin1234' };
const WIDE = { width: 1366, height: 900 };
const address = { address: '9 Finder Lane', city: 'Springfield', postalCode: '12345', country: 'US' };

let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop('adminSearch', process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {});
}, 90_000);
afterAll(async () => {
  await shop?.stop();
});
// The shop's address is known only once it started: every goto below is absolute.
const browser = browserPerFile('http://localhost');
const open = (viewport: { width: number; height: number }) => browser.open(viewport, { axe: true });

const customer = { name: 'Priya Searchfield', email: uniqueEmail('priya'), password: 'secret123' };
const guestEmail = uniqueEmail('quentin');
let accountOrder = '';
let guestOrder = '';

/** The customer's account and order, and a guest's order, through the API. */
async function seed(page: Page) {
  const products = (await (await page.request.get(`${shop.url}/api/products?pageNumber=1`)).json()) as {
    products: { _id: string; countInStock: number }[];
  };
  const product = products.products.find((p) => p.countInStock > 2)!._id;
  const reg = await page.request.post(`${shop.url}/api/users`, {
    data: { name: customer.name, email: customer.email, password: customer.password },
  });
  expect(reg.status()).toBe(201);
  const { token } = (await reg.json()) as { token: string };
  const order = await page.request.post(`${shop.url}/api/orders`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { orderItems: [{ product, qty: 1 }], shippingAddress: address, paymentMethod: 'PayPal' },
  });
  expect(order.status()).toBe(201);
  accountOrder = ((await order.json()) as { _id: string })._id;
  const guest = await page.request.post(`${shop.url}/api/orders/guest`, {
    data: {
      email: guestEmail,
      orderItems: [{ product, qty: 1 }],
      shippingAddress: { ...address, recipientName: 'Quentin Guestley', phone: '+1 555 010 9999' },
      paymentMethod: 'PayPal',
    },
  });
  expect(guest.status()).toBe(201);
  guestOrder = ((await guest.json()) as { _id: string })._id;
}

async function signInAdmin(page: Page, to = '/admin') {
  await page.goto(`${shop.url}/login?redirect=${encodeURIComponent(to)}`);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL(`${shop.url}${to}`);
}

/** Types in the admin search and moves with ArrowDown to the option holding `text`, then opens it with Enter. */
async function findWithKeyboard(page: Page, typed: string, text: string) {
  const box = page.getByRole('combobox', { name: 'Search orders, products and customers' });
  await box.fill(typed);
  const results = page.getByRole('listbox', { name: 'Search results' });
  await results.getByRole('option').filter({ hasText: text }).first().waitFor();
  for (let i = 0; i < 15; i++) {
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).innerText()).includes(text)) {
      await box.press('Enter');
      return;
    }
  }
  throw new Error(`No result holding ${text} reached with the keyboard`);
}

const orderNumber = (id: string) => id.slice(-6).toUpperCase();

describe('the admin app', () => {
  it('finds a customer and a guest through the admin search and opens their orders (1366 px)', async () => {
    const page = await open(WIDE);
    await seed(page);
    await signInAdmin(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Its own frame: the sections and the admin search, no storefront header or cart.
    await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, 'admin-dashboard-1366');

    // The results are grouped; the customer reached with the keyboard.
    await page.getByRole('combobox', { name: 'Search orders, products and customers' }).fill('searchfield');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results
      .getByRole('group', { name: 'Customers' })
      .getByRole('option', { name: /Priya Searchfield/ })
      .waitFor();
    await results
      .getByRole('group', { name: 'Orders' })
      .getByRole('option', { name: /Priya Searchfield/ })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-search-1366');
    await findWithKeyboard(page, 'searchfield', `${customer.email} · 1 order`);

    await page.getByRole('heading', { level: 1, name: /Priya Searchfield/ }).waitFor();
    const orders = page.getByRole('table', { name: /Orders of Priya Searchfield/ });
    await orders.getByRole('link', { name: `#${orderNumber(accountOrder)}` }).waitFor();
    expect(await page.getByText('Account', { exact: true }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-customer-1366');

    // A guest, by email, with their order.
    await findWithKeyboard(page, guestEmail.slice(0, 12), `${guestEmail} · guest`);
    await page.getByRole('heading', { level: 1, name: /Quentin Guestley/ }).waitFor();
    await page
      .getByRole('table', { name: /Orders of Quentin Guestley/ })
      .getByRole('link', { name: `#${orderNumber(guestOrder)}` })
      .click();
    await page.waitForURL(`${shop.url}/order/${guestOrder}`);

    // The list: both, searched by the server.
    await page.goto(`${shop.url}/admin/customers`);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const table = page.getByRole('table', { name: /^Customers/ });
    await table.getByRole('link', { name: 'Priya Searchfield' }).waitFor();
    await table.getByRole('link', { name: 'Quentin Guestley' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-customers-1366');
    // The sidebar, section by section in its order (issue 39: one list, features/admin/sections.ts): each link opens
    // its page and is the one highlighted.
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    for (const [label, path, shot] of [
      ['Dashboard', '/admin', ''],
      ['Orders', '/admin/orderlist', 'orders'],
      ['Products', '/admin/productlist', 'products'],
      ['Customers', '/admin/customers', ''],
      ['Users', '/admin/userlist', 'users'],
      ['Discount codes', '/admin/coupons', 'coupons'],
      ['Gift cards', '/admin/gift-cards', 'gift-cards'],
      ['Categories & brands', '/admin/categories', 'categories'],
      ['Settings', '/admin/settings', 'settings'],
    ] as const) {
      await nav.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await page.waitForURL(`${shop.url}${path}`);
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      const active = await nav.locator('a.nav-link.active').allTextContents();
      expect({ path, active: active.map((text) => text.startsWith(label)) }).toEqual({ path, active: [true] });
      if (shot) await screenshot(page, `admin-${shot}-1366`);
    }
    // The brand (a link to the dashboard, inside the landmark: axe's "region"), then the sections in that order (then
    // the links out: the development mailbox, back to the shop).
    expect((await nav.getByRole('link').allTextContents()).slice(0, 10)).toEqual([
      expect.stringMatching(/Voltshop admin$/),
      'Dashboard',
      expect.stringMatching(/^Orders/),
      'Products',
      'Customers',
      'Users',
      'Discount codes',
      'Gift cards',
      'Categories & brands',
      'Settings',
    ]);
    await page.context().close();
  });

  it('at 390 px the sections are a menu; the search still finds the customer', async () => {
    const page = await open(MOBILE);
    await signInAdmin(page, '/admin/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await screenshot(page, 'admin-customers-390');
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Voltshop admin' });
    await menu.getByRole('link', { name: 'Customers' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-menu-390');
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'admin-dashboard-390');

    await findWithKeyboard(page, 'priya', `${customer.email} · 1 order`);
    await page.getByRole('heading', { level: 1, name: /Priya Searchfield/ }).waitFor();
    await screenshot(page, 'admin-customer-390');
    for (const [path, name] of [
      ['/admin/productlist', 'products'],
      ['/admin/orderlist', 'orders'],
      ['/admin/categories', 'categories'],
    ] as const) {
      await page.goto(`${shop.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshot(page, `admin-${name}-390`);
    }
    await page.context().close();
  });
});
