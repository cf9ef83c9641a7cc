// The order screens of issue 28 at 1366 and 390 px in a real Chromium: the admin's order page of a paid, delivered
// order with a note and a refund; the customer's page of that order with the refund and a return; the invoice; the
// packing slip; the admin order list with its CSV form; the settings. Each must fit its width (no sideways scroll)
// and is photographed (test-results/screenshots/order-screens-*.png). The state is made through the API, quickly.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, MOBILE, newPage, screenshot, signIn, uniqueEmail } from './support/browser';
import { startShop, type RunningShop } from './support/server';
import { ADMIN, apiCaller, signInToken } from './support/api';

const WIDE = { width: 1366, height: 900 };
const shippingAddress = { address: '27 Long Acre Road', city: 'Springfield', postalCode: '12345', country: 'USA' };

let shop: RunningShop;
let browser: Browser;
const pageErrors: string[][] = [];
let orderId = '';
const customer = { email: '', password: 'secret123' };

const call = apiCaller(() => shop.url);

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop('order-screens', process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    launch(),
  ]);
  customer.email = uniqueEmail('screens');
  const { token } = await call('POST', '/api/users', undefined, {
    name: 'Maximilian Featherstonehaugh',
    email: customer.email,
    password: customer.password,
  });
  const admin = await signInToken(call);
  const [cable, drive] = await Promise.all(
    ['Orbis Braided USB-C Cable (2 m)', 'Voltra Hyperdrive 2TB NVMe SSD'].map(async (name) => {
      const page = await call('GET', `/api/products?keyword=${encodeURIComponent(name)}&pageNumber=1`);
      return page.products[0]._id as string;
    }),
  );
  const order = await call('POST', '/api/orders', token, {
    orderItems: [
      { product: cable, qty: 2 },
      { product: drive, qty: 1 },
    ],
    shippingAddress,
    paymentMethod: 'PayPal',
  });
  orderId = order._id;
  await call('PUT', `/api/orders/${orderId}/pay`, token, { simulated: true });
  await call('PUT', `/api/orders/${orderId}/deliver`, admin, {
    carrier: 'DHL Express',
    trackingNumber: 'JD014600006281234567',
  });
  await call('POST', `/api/orders/${orderId}/notes`, admin, {
    text: 'Customer called: leave the parcel with the neighbour at number 29 if nobody answers.',
  });
  await call('POST', `/api/orders/${orderId}/refunds`, admin, { amount: 5, reason: 'Goodwill: late delivery' });
  await call('POST', `/api/orders/${orderId}/returns`, token, {
    items: [{ product: cable, qty: 1 }],
    reason: 'One cable is enough, the second arrived with a bent connector.',
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  expect(pageErrors.flat(), 'uncaught page errors').toEqual([]);
});

async function signedIn(who: { email: string; password: string }, viewport: typeof WIDE): Promise<Page> {
  const { page, errors } = await newPage(browser, shop.url, viewport);
  pageErrors.push(errors);
  await page.goto('/login');
  await signIn(page, who.email, who.password);
  await page.waitForURL(`${shop.url}/`);
  return page;
}

/** Opens `path`, waits for `ready`, checks nothing is wider than the screen and takes the picture. */
async function look(page: Page, path: string, ready: (page: Page) => Promise<unknown>, name: string) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // Names the widest element sticking out, so a failure says where to look.
  const culprit = await page.evaluate(() => {
    const out = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth);
    return out.map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`).slice(-3);
  });
  expect(overflow, `${path} is wider than the screen by ${overflow}px: ${culprit.join(', ')}`).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

describe.each([
  ['1366', WIDE],
  ['390', MOBILE],
] as const)('the order screens at %s px', (width, viewport) => {
  it('the admin: order page, packing slip, invoice, order list with the CSV form, settings', async () => {
    const page = await signedIn(ADMIN, viewport);
    await look(
      page,
      `/order/${orderId}`,
      (p) => p.getByText('leave the parcel with the neighbour').waitFor(),
      `order-screens-admin-order-${width}`,
    );
    await look(
      page,
      `/order/${orderId}/packing-slip`,
      (p) => p.getByText('Voltra Hyperdrive 2TB NVMe SSD').first().waitFor(),
      `order-screens-packing-slip-${width}`,
    );
    await look(
      page,
      `/order/${orderId}/invoice`,
      (p) => p.getByText('Voltra Hyperdrive 2TB NVMe SSD').first().waitFor(),
      `order-screens-invoice-${width}`,
    );
    await look(
      page,
      '/admin/orderlist',
      (p) => p.getByRole('table').first().waitFor(),
      `order-screens-admin-orders-${width}`,
    );
    await look(
      page,
      '/admin/settings',
      (p) => p.getByRole('heading', { level: 1 }).waitFor(),
      `order-screens-settings-${width}`,
    );
    await page.context().close();
  });

  it('the customer: the order page with its refund and return', async () => {
    const page = await signedIn(customer, viewport);
    await look(
      page,
      `/order/${orderId}`,
      (p) => p.getByRole('region', { name: 'Returns' }).getByText('bent connector').waitFor(),
      `order-screens-customer-order-${width}`,
    );
    await page.context().close();
  });
});
