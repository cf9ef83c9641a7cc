// Paying through the PayPal buttons: the real @paypal/react-paypal-js loads the (stubbed) SDK script; the stub
// drives createOrder (the app asks the shop, whose server creates the order at the fake PayPal API), the buyer's
// approval, and onApprove (the app asks the shop, whose server captures with the fake). The browser never captures.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addProductToCart, checkout, pagePerTest, register, uniqueEmail } from './support/browser';
import { routePayPal, stubRecord } from './support/paypalStub';

const base = inject('paypalShopUrl');
const fakeUrl = inject('fakePayPalUrl');
let page: Page;
pagePerTest(base, (p) => (page = p));

describe('PayPal payment', () => {
  it('pays an order through the PayPal buttons; the server creates and captures the PayPal order', async () => {
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

    // One PayPal order, made by the shop's server (not the browser) for this order's total, and captured by the server.
    const record = await stubRecord(page);
    expect(record).toMatchObject({ browserCreates: 0, browserCaptures: 0 });
    expect(record.created).toHaveLength(1);
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo')))!).token as string;
    const order = await (
      await fetch(`${base}/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(order).toMatchObject({ isPaid: true, status: 'paid', totalPrice: 206.98 });
    expect(order.paymentResult).toMatchObject({
      provider: 'paypal',
      status: 'COMPLETED',
      amount: '206.98',
      currency: 'USD',
    });

    // What the fake PayPal holds, read as the shop's server would (OAuth, then GET the order).
    const basic = Buffer.from('test-client:test-secret').toString('base64');
    const oauth = await (
      await fetch(`${fakeUrl}/v1/oauth2/token`, { method: 'POST', headers: { Authorization: `Basic ${basic}` } })
    ).json();
    const paypalOrder = await (
      await fetch(`${fakeUrl}/v2/checkout/orders/${record.created[0]}`, {
        headers: { Authorization: `Bearer ${oauth.access_token}` },
      })
    ).json();
    expect(paypalOrder.status).toBe('COMPLETED');
    expect(paypalOrder.purchase_units[0]).toMatchObject({
      custom_id: orderId,
      invoice_id: orderId,
      amount: { value: '206.98', currency_code: 'USD' },
    });
    expect(paypalOrder.purchase_units[0].payments.captures.map((c: { id: string }) => c.id)).toEqual([
      order.paymentResult.id,
    ]);
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

  it('shows a red alert when PayPal does not take the payment (the buyer never approved), the order unpaid', async () => {
    await routePayPal(page, fakeUrl);
    // The approval never reaches PayPal, so the server's capture is refused (ORDER_NOT_APPROVED).
    await page.route('https://api-m.sandbox.paypal.com/fake/orders/*/approve', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '{}',
      }),
    );
    await register(page, 'Max', uniqueEmail('max'));
    await addProductToCart(page, 'Orbis Braided USB-C Cable (2 m)');
    await checkout(page);
    await page.getByTestId('paypal-stub-button').click();
    const alert = page.getByRole('alert').filter({ hasText: /PayPal did not take the payment \(ORDER_NOT_APPROVED\)/ });
    await alert.waitFor();
    expect(await page.getByText('Not Paid', { exact: true }).isVisible()).toBe(true);
    expect(await stubRecord(page)).toMatchObject({ browserCaptures: 0 });
  });
});
