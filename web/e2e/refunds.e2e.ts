// Money back in a real Chromium against the real server (issue 28): a customer pays with the shop's test payment and
// asks to cancel; the admin declines, then refunds part of the order through the dialog, and the customer reads it
// on the order page. Screenshots of the admin's order page, the dialog and the customer's page at 1366 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProductToCart,
  axeViolations,
  checkout,
  launch,
  MOBILE,
  newPage,
  register,
  screenshot,
  signIn,
  uniqueEmail,
  shipAndDeliver,
} from './support/browser';
import { startShop, type RunningShop } from './support/server';

const WIDE = { width: 1366, height: 900 };
let shop: RunningShop;
let browser: Browser;
const pageErrors: string[][] = [];

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop('refunds', process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    launch(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  expect(pageErrors.flat(), 'uncaught page errors').toEqual([]);
});

/** A fresh context; `axe` puts axe-core on its pages (the admin's page is checked). */
async function open(viewport = WIDE, axe = false): Promise<Page> {
  const { page, errors } = await newPage(browser, shop.url, viewport, { axe });
  pageErrors.push(errors);
  return page;
}

describe('refunds', () => {
  it('a paid order: the customer asks to cancel, the admin declines, then refunds part; both see it', async () => {
    const customer = await open();
    await register(customer, 'Rita Refund', uniqueEmail('rita'));
    await addProductToCart(customer, 'Orbis Braided USB-C Cable (2 m)', 2);
    const orderId = await checkout(customer);
    await customer.getByRole('button', { name: /test payment/ }).click();
    await customer.getByText(/^Paid on/).waitFor();
    await customer.getByRole('button', { name: 'Request cancellation' }).click();
    await customer.getByLabel('Why do you want to cancel?').fill('Ordered the wrong length');
    await customer.getByRole('button', { name: 'Send request' }).click();
    await customer.getByText(/You asked to cancel this order/).waitFor();

    const admin = await open(WIDE, true);
    await admin.goto('/login');
    await signIn(admin, 'admin@voltshop.test', 'admin1234');
    await admin.waitForURL(`${shop.url}/`);
    await admin.goto(`/order/${orderId}`);
    const request = admin.getByRole('region', { name: 'Cancellation request' });
    await request.getByText('Ordered the wrong length').waitFor();
    await request.getByRole('button', { name: 'Decline…' }).click();
    await request.getByLabel('Message to the customer').fill('It has already shipped; please return it instead');
    await request.getByRole('button', { name: 'Decline request' }).click();
    await request.waitFor({ state: 'detached' });

    await admin.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund order' });
    await dialog.getByLabel('Amount ($)').fill('5.00');
    await dialog.getByLabel(/Reason/).fill('Goodwill: late delivery');
    await screenshot(admin, 'refund-dialog-1366');
    expect(await axeViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
    await dialog.waitFor({ state: 'detached' });
    const refunds = admin.getByRole('list', { name: 'Refunds' });
    await refunds.getByText('$5.00').waitFor();
    expect(await refunds.innerText()).toContain('Goodwill: late delivery');
    await admin.getByText('Partially refunded', { exact: true }).first().waitFor();
    await screenshot(admin, 'refund-admin-order-1366');

    await customer.reload();
    await customer.getByText(/^Partially refunded: \$5\.00 of \$/).waitFor();
    await customer.getByText(/The shop declined your cancellation request: It has already shipped/).waitFor();
    await screenshot(customer, 'refund-customer-order-1366');

    // The same pages on a phone.
    const phone = await open(MOBILE);
    await phone.goto('/login');
    await signIn(phone, 'admin@voltshop.test', 'admin1234');
    await phone.waitForURL(`${shop.url}/`);
    await phone.goto(`/order/${orderId}`);
    await phone.getByRole('list', { name: 'Refunds' }).waitFor();
    await phone.getByRole('button', { name: 'Refund', exact: true }).click();
    await phone.getByRole('dialog', { name: 'Refund order' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, 'no sideways scrolling at 390 px').toBe(false);
    await screenshot(phone, 'refund-dialog-390');
    await phone.keyboard.press('Escape');
    await screenshot(phone, 'refund-admin-order-390');
    await phone.context().close();

    // Delivered, the customer returns one unit; the admin approves, receives it and it is refunded.
    await admin.goto(`/order/${orderId}`);
    await shipAndDeliver(admin);
    await customer.reload();
    await customer.getByRole('button', { name: 'Request a return' }).click();
    await customer.getByLabel('Orbis Braided USB-C Cable (2 m)').fill('1');
    await customer.getByLabel('Why are you returning it?').fill('Too short after all');
    await customer.getByRole('button', { name: 'Send return request' }).click();
    await customer.getByText('Waiting for the shop').waitFor();
    await admin.reload();
    const returns = admin.getByRole('region', { name: 'Returns' });
    await returns.getByText('Too short after all').waitFor();
    // Issue 38: approved (nothing refunded yet), received (nothing restocked unless ticked), then refunded.
    await returns.getByRole('button', { name: 'Approve' }).click();
    await customer.reload();
    await customer.getByText('Approved: send the parcel back').waitFor();
    await returns.getByRole('button', { name: 'Mark as received…' }).click();
    await returns.getByRole('button', { name: /^Received: refund \$/ }).click();
    await returns.getByText('Refunded', { exact: true }).first().waitFor();
    await customer.reload();
    await customer.getByRole('region', { name: 'Returns' }).getByText('Refunded', { exact: true }).first().waitFor();
    expect(await customer.getByRole('list', { name: 'Refunds' }).innerText()).toContain('Return: Too short after all');
    await screenshot(customer, 'refund-return-customer-1366');
    for (const page of [customer, admin]) await page.context().close();
  });
});
