// Issue 30 in a real Chromium: a purchase with a discount code (the admin makes the code through the API, the
// shopper applies it in the cart, Place Order shows and sends it, the paid order and its invoice show its line);
// the Shipping step's inline messages (postcode "!!!"); the saved address preselected on the next checkout; the
// cart's "Continue shopping". Screenshots of the cart, the Shipping step and Profile's addresses at 1366 and 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  addProductToCart,
  browserPerFile,
  fillShipping,
  MOBILE,
  register,
  screenshot,
  uniqueEmail,
} from './support/browser';

const base = inject('shopUrl');
const { open } = browserPerFile(base);
const WIDE = { width: 1366, height: 900 };

/** A 10% code made by the admin through the API. */
async function adminCreatesCode(page: Page): Promise<string> {
  const login = await page.request.post('/api/users/login', {
    data: { email: 'admin@voltshop.test', password: 'admin1234' },
  });
  const { token } = (await login.json()) as { token: string };
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const made = await page.request.post('/api/coupons', {
    headers: { Authorization: `Bearer ${token}` },
    data: { code, percentOff: 10, active: true },
  });
  expect(made.status()).toBe(201);
  return code;
}

/** A $30 gift card issued by the admin through the API (issue 39): its code as printed, XXXX-XXXX-XXXX-XXXX. */
async function adminIssuesGiftCard(page: Page): Promise<string> {
  const login = await page.request.post('/api/users/login', {
    data: { email: 'admin@voltshop.test', password: 'admin1234' },
  });
  const { token } = (await login.json()) as { token: string };
  const issued = await page.request.post('/api/gift-cards', {
    headers: { Authorization: `Bearer ${token}` },
    data: { amount: 30 },
  });
  expect(issued.status()).toBe(201);
  return ((await issued.json()) as { code: string }).code;
}

/** The admin refunds `amount` of an order to its account's store credit, through the API (issue 39). */
async function adminRefundsToCredit(page: Page, orderId: string, amount: number) {
  const login = await page.request.post('/api/users/login', {
    data: { email: 'admin@voltshop.test', password: 'admin1234' },
  });
  const { token } = (await login.json()) as { token: string };
  const refund = await page.request.post(`/api/orders/${orderId}/refunds`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { amount, to: 'storeCredit' },
  });
  expect(refund.status()).toBe(201);
}

async function toPlaceOrder(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/payment$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/placeorder$/);
}

describe.each([
  { label: '1366', viewport: WIDE },
  { label: '390', viewport: MOBILE },
])('checkout at $label px (issue 30)', ({ label, viewport }) => {
  it('buys with a discount code applied in the cart: Place Order, the paid order and the invoice show it', async () => {
    const page = await open(viewport);
    const code = await adminCreatesCode(page);
    await register(page, 'Dora Discount', uniqueEmail('dora'));
    await addProductToCart(page, 'Lumen 65W GaN Charger', 2); // $79.98

    // "Continue shopping" leads back to the product the shopper came from.
    const back = page.getByTestId('continue-shopping');
    expect(await back.getAttribute('href')).toMatch(/^\/product\//);

    await page.getByLabel('Discount code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    const cartDiscount = page.getByTestId('estimate-discount');
    await cartDiscount.waitFor();
    expect(await cartDiscount.textContent()).toBe('−$8.00'); // 10% of $79.98, to the cent
    await screenshot(page, `issue30-cart-discount-${label}`);

    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/shipping$/);
    // The inline messages: a postcode that is no US one, then a valid address.
    await fillShipping(page);
    await page.getByLabel('Postal Code', { exact: true }).fill('!!!');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Postal code is not valid for United States').waitFor();
    expect(await page.getByLabel('Postal Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `issue30-shipping-errors-${label}`);
    await page.getByLabel('Postal Code', { exact: true }).fill('12345');
    await toPlaceOrder(page);

    // The code applied in the cart is there, and the field stays.
    const discount = page.getByTestId('summary-discount');
    await discount.waitFor();
    expect(await discount.textContent()).toContain('−$8.00');
    expect(await page.getByText(`Discount (${code})`).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    const orderId = page.url().split('/order/')[1];

    await page.getByRole('button', { name: 'Pay with test payment (simulated, no money moves)' }).click();
    await page.getByText(/^Paid on \d{4}-\d{2}-\d{2}/).waitFor();
    expect(await page.getByTestId('summary-discount').textContent()).toContain('−$8.00');
    expect(await page.getByTestId('address-text').textContent()).toContain('Casey Circuit');
    expect(await page.getByTestId('address-text').textContent()).toContain('Phone: +1 555 010 4477');

    await page.goto(`/order/${orderId}/invoice`);
    const invoiceDiscount = page.getByTestId('invoice-discount');
    await invoiceDiscount.waitFor();
    expect(await invoiceDiscount.textContent()).toBe('−$8.00');
    expect(await page.getByText(`Discount (${code})`).isVisible()).toBe(true);
    await page.context().close();
  });

  it('pays part with a gift card at Place Order; the order shows what the card paid and the rest, then is paid; a refund to store credit pays part of the next', async () => {
    const page = await open(viewport);
    const code = await adminIssuesGiftCard(page);
    await register(page, 'Gil Giftcard', uniqueEmail('gil'));
    await addProductToCart(page, 'Lumen 65W GaN Charger', 2); // $79.98
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/shipping$/);
    await fillShipping(page);
    await toPlaceOrder(page);

    // Typed as a person might: lower case, spaces for the dashes.
    await page.getByLabel('Gift card', { exact: true }).fill(code.toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Apply gift card' }).click();
    const applied = page.getByTestId('gift-card-applied');
    await applied.waitFor();
    expect(await applied.textContent()).toContain('pays $30.00');
    await screenshot(page, `issue39-placeorder-gift-card-${label}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    expect(await page.getByTestId('summary-tender-giftCard-0').textContent()).toContain('−$30.00');
    const dollars = async (testId: string) =>
      Number((await page.getByTestId(testId).textContent())!.replace(/[^0-9.]/g, ''));
    // Not polled: the Place Order page, its cart emptied, once showed a $100 total here before the order page came.
    const total = await dollars('summary-total');
    const rest = await dollars('summary-provider');
    expect(Math.round((total - 30) * 100)).toBe(Math.round(rest * 100));
    await page.getByRole('button', { name: 'Pay with test payment (simulated, no money moves)' }).click();
    await page.getByText(/^Paid on \d{4}-\d{2}-\d{2}/).waitFor();
    await page.getByText('Paid with test payment').first().waitFor();
    await screenshot(page, `issue39-order-gift-card-${label}`);
    // The invoice adds up the same way: the card's share taken off, the rest paid with the provider.
    const orderId = page.url().split('/order/')[1]!;
    await page.goto(`/order/${orderId}/invoice`);
    const cardLine = page.getByTestId('invoice-tender-giftCard-0');
    await cardLine.waitFor();
    expect(await cardLine.textContent()).toContain('−$30.00');
    expect(await page.getByTestId('invoice-provider').textContent()).toContain(`$${rest.toFixed(2)}`);
    await screenshot(page, `issue39-invoice-gift-card-${label}`);

    // $20 of it refunded to the account's store credit: the next Place Order offers it, on by default.
    await adminRefundsToCredit(page, orderId, 20);
    await addProductToCart(page, 'Orbis Braided USB-C Cable (2 m)');
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/shipping$/);
    await page.getByRole('button', { name: 'Continue' }).first().click(); // the saved address
    await page.waitForURL(/\/payment$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/placeorder$/);
    const useCredit = page.getByRole('switch', { name: 'Use my store credit ($20.00 available)' });
    await useCredit.waitFor();
    expect(await useCredit.isChecked()).toBe(true);
    expect(await page.getByTestId('summary-tender-storeCredit').textContent()).toContain('−$20.00');
    await screenshot(page, `issue39-placeorder-store-credit-${label}`);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    expect(await page.getByTestId('summary-tender-storeCredit-0').textContent()).toContain('−$20.00');
    await page.context().close();
  });

  it('preselects the saved address on the next checkout; Profile lists it; a country outside the list is refused', async () => {
    const page = await open(viewport);
    await register(page, 'Sam Second', uniqueEmail('sam'));
    await addProductToCart(page, 'Orbis Braided USB-C Cable (2 m)');
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/shipping$/);
    await fillShipping(page, '9 Saved Street');
    await toPlaceOrder(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[^/]+$/);

    // A new browser session's checkout: the address is on the account, preselected.
    await page.evaluate(() => localStorage.removeItem('shippingAddress'));
    await addProductToCart(page, 'Orbis Braided USB-C Cable (2 m)');
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/shipping$/);
    const saved = page.getByRole('radio', { name: /9 Saved Street/ });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    await screenshot(page, `issue30-shipping-saved-${label}`);

    // A new address whose country is not in the list (an old free-text one typed elsewhere) is refused inline.
    await page.getByRole('radio', { name: 'A new address' }).click();
    await fillShipping(page, '10 Elsewhere Road');
    await page.getByLabel('Country', { exact: true }).evaluate((select: HTMLSelectElement) => {
      const narnia = new Option('Narnia', 'Narnia');
      select.add(narnia);
      select.value = 'Narnia';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.getByRole('button', { name: 'Continue' }).last().click();
    await page.getByText('Choose a country from the list').waitFor();

    // Back to the saved one: straight on to payment.
    await saved.check();
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await page.waitForURL(/\/payment$/);

    await page.goto('/profile');
    const book = page.getByTestId('address-book');
    await book.getByText(/9 Saved Street/).waitFor();
    expect(
      await book
        .getByText(/United States/)
        .first()
        .isVisible(),
    ).toBe(true);
    await book.scrollIntoViewIfNeeded();
    await screenshot(page, `issue30-profile-addresses-${label}`);
    await page.context().close();
  });
});
