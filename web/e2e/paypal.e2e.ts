// Paying through the PayPal buttons: the real @paypal/react-paypal-js loads the (stubbed) SDK script, the stub
// drives createOrder/onApprove against the fake PayPal API, and the server verifies the capture with that fake.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addProductToCart, checkout, pagePerTest, register, uniqueEmail } from './support/browser';
import { routePayPal } from './support/paypalStub';

const base = inject('paypalShopUrl');
const fakeUrl = inject('fakePayPalUrl');
let page: Page;
pagePerTest(base, (p) => (page = p));

describe('PayPal payment', () => {
  it('pays an order through the PayPal buttons; the server verifies with PayPal', async () => {
    const sdkRequests = await routePayPal(page, fakeUrl);
    const config = await (await fetch(`${base}/api/config`)).json();
    expect(config).toMatchObject({ paymentMode: 'paypal', paypalClientId: 'test-client' });

    await register(page, 'Lena Paypal', uniqueEmail('lena'));
    await addProductToCart(page, 'Orbis Portable SSD 1TB', 2); // 179.98 -> free shipping, tax 27.00, total 206.98
    const orderId = await checkout(page);
    await page.getByText('Not Paid', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /test payment/ }).count()).toBe(0);

    const button = page.getByTestId('paypal-stub-button');
    await button.waitFor();
    expect(sdkRequests).toHaveLength(1);
    const sdkUrl = new URL(sdkRequests[0]);
    expect(sdkUrl.searchParams.get('client-id')).toBe('test-client');
    expect(sdkUrl.searchParams.get('currency')).toBe('USD');

    await button.click();
    await page.getByText(/^Paid on \d{4}-\d{2}-\d{2}/).waitFor();
    expect(await page.getByTestId('payment-area').count()).toBe(0);

    // The PayPal order was created for this order's total, with its id as reference.
    const created = await page.evaluate(() => (window as unknown as { __paypalStub: { created: string[] } }).__paypalStub.created);
    expect(created).toHaveLength(1);
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo')))!).token as string;
    const order = await (await fetch(`${base}/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(order).toMatchObject({ isPaid: true, status: 'paid', totalPrice: 206.98 });
    expect(order.paymentResult).toMatchObject({ provider: 'paypal', status: 'COMPLETED', amount: '206.98', currency: 'USD' });
  });

  it('does not load PayPal code on the home page', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await page.locator('.product-card').first().waitFor();
    expect(scripts.some((u) => /paypal/i.test(u))).toBe(false);
  });

  it('shows a red alert when the payment cannot be verified', async () => {
    await routePayPal(page, fakeUrl);
    // Break the capture: the fake answers 422 for an unknown order id.
    await page.route('https://api-m.sandbox.paypal.com/v2/checkout/orders/*/capture', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"name":"UNPROCESSABLE_ENTITY"}' }),
    );
    await register(page, 'Max', uniqueEmail('max'));
    await addProductToCart(page, 'Orbis Braided USB-C Cable (2 m)');
    await checkout(page);
    await page.getByTestId('paypal-stub-button').click();
    const alert = page.getByRole('alert').filter({ hasText: /PayPal/ });
    await alert.waitFor();
    expect(await page.getByText('Not Paid', { exact: true }).isVisible()).toBe(true);
  });
});
