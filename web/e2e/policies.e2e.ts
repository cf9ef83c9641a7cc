// The policy pages follow the settings in a real Chromium (issue 40), on a shop of its own (a settings change never
// reaches the other specs): the admin sets the free-shipping threshold and Express's price on /admin/settings, and
// the Shipping policy, reached from the footer, says the new threshold and lists the methods at their new prices.
// Screenshots of the Shipping policy at 1366 and 390 px go to test-results/screenshots/.
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
    startShop('policies', process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
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

describe.each([
  { label: '1366', viewport: DESKTOP_WIDE, freeOver: '150', shown: '$150.00', express: '19.5', expressShown: '$19.50' },
  { label: '390', viewport: MOBILE, freeOver: '175', shown: '$175.00', express: '21', expressShown: '$21.00' },
])('policies at $label px', ({ label, viewport, freeOver, shown, express, expressShown }) => {
  it("an admin's shipping settings show on the Shipping policy page", async () => {
    const admin = await open(viewport);
    await admin.goto(`/login?redirect=${encodeURIComponent('/admin/settings')}`);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(`${shop.url}/admin/settings`);
    await admin.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await admin.getByLabel('Free shipping when items are over ($; empty: never)').fill(freeOver);
    await admin.getByRole('group', { name: 'Shipping method 1' }).getByLabel('Price ($)').fill(express);
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Settings saved.').waitFor();
    await admin.context().close();

    const shopper = await open(viewport);
    await shopper.goto('/');
    await shopper.getByRole('contentinfo').getByRole('link', { name: 'Shipping' }).click();
    await shopper.waitForURL(`${shop.url}/policies/shipping`);
    await shopper.getByRole('heading', { level: 1, name: 'Shipping' }).waitFor();
    await shopper.getByText(`Free shipping on orders over ${shown}`).waitFor();
    expect(await shopper.getByText('Free shipping on orders over $100.00').count()).toBe(0);
    const express_ = shopper.getByRole('row', { name: /Express/ });
    await express_.waitFor();
    expect(await express_.textContent()).toContain(expressShown);
    expect(await shopper.getByRole('row', { name: /Standard/ }).textContent()).toContain(`free over ${shown}`);
    await screenshot(shopper, `policy-shipping-${label}`);
  });
});
