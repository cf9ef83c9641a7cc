// Issue 40 in a real Chromium: a US order with a state and the Express shipping method. The Shipping step asks the
// state and offers the methods with their prices and estimates; Place Order prices with Express; the order page
// shows the state, the method and the same total. Screenshots of the shipping step and the order page at 1366 and
// 390 px go to test-results/screenshots/.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addProductToCart, browserPerFile, MOBILE, register, screenshot, uniqueEmail } from './support/browser';

const base = inject('shopUrl');
const browser = browserPerFile(base);
const WIDE = { width: 1366, height: 900 };

async function orderWithExpress(page: Page, label: string) {
  await register(page, 'Tex Shopper', uniqueEmail('express'));
  await addProductToCart(page, 'Lumen 65W GaN Charger');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.waitForURL(/\/shipping$/);
  await page.getByLabel('Recipient name', { exact: true }).fill('Tex Shopper');
  await page.getByLabel('Phone', { exact: true }).fill('+1 512 555 0100');
  await page.getByLabel('Address', { exact: true }).fill('1 Congress Avenue');
  await page.getByLabel('City', { exact: true }).fill('Austin');
  await page.getByLabel('Postal Code', { exact: true }).fill('78701');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  // A US address needs its state: refused without one.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('State is required').waitFor();
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Texas' });
  // The methods: Standard (the cheapest here) chosen, Express with its price and estimate.
  const standard = page.getByRole('radio', { name: /Standard/ });
  const express = page.getByRole('radio', { name: /Express/ });
  expect(await standard.isChecked()).toBe(true);
  const expressText = (await page.locator('label[for="shipping-method-express"]').textContent()) ?? '';
  expect(expressText).toMatch(/Express — \$[\d,]+\.\d\d/);
  expect(expressText).toContain('business days');
  const expressPrice = /\$[\d,]+\.\d\d/.exec(expressText)![0];
  await express.check();
  await screenshot(page, `issue40-shipping-methods-${label}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/payment$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/placeorder$/);

  expect(await page.getByTestId('chosen-shipping-method').textContent()).toMatch(/^Express \(/);
  expect(await page.getByText('1 Congress Avenue, Austin TX 78701, United States').isVisible()).toBe(true);
  expect(await page.getByTestId('summary-shipping').textContent()).toBe(expressPrice);
  const total = await page.getByTestId('summary-total').textContent();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/order\/[^/]+$/);

  // The order: its state, its method and the total shown before placing it.
  await page.getByTestId('shipping-method').waitFor();
  expect(await page.getByTestId('shipping-method').textContent()).toMatch(/^Express \(\d+–\d+ business days\)$/);
  expect(await page.getByText('1 Congress Avenue, Austin TX 78701, United States').isVisible()).toBe(true);
  expect(await page.getByTestId('summary-shipping').textContent()).toBe(expressPrice);
  expect(await page.getByTestId('summary-total').textContent()).toBe(total);
  await screenshot(page, `issue40-order-express-${label}`);
}

describe('shipping methods and states (issue 40)', () => {
  it('places a US order to Texas by Express at 1366 px, the order page showing both and the same total', async () => {
    await orderWithExpress(await browser.open(WIDE), '1366');
  });

  it('does the same on a phone (390 px)', async () => {
    await orderWithExpress(await browser.open(MOBILE), '390');
  });
});
