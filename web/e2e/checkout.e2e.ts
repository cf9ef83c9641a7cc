// Full checkout to an order, simulated payment ('Paid on'), stock shortage at Place Order, reviews.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  addProductToCart,
  checkout,
  fillShipping,
  pagePerTest,
  register,
  signIn,
  submitRegistration,
  uniqueEmail,
  shipAndDeliver,
} from './support/browser';

const base = inject('shopUrl');
let page: Page;
pagePerTest(base, (p) => (page = p));

describe('checkout', () => {
  it('goes from cart to login to shipping, payment, place order and a paid order (simulated)', async () => {
    await addProductToCart(page, 'Lumen 65W GaN Charger', 2); // 79.98: under $100, so shipping is charged
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/login\?redirect=%2Fshipping$/);
    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/register\?redirect=%2Fshipping$/);
    const email = uniqueEmail('helen');
    await submitRegistration(page, 'Helen Park', email);
    await page.waitForURL(/\/shipping$/);

    // Shipping requires every field.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Address is required').waitFor();
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/payment$/);
    expect(await page.getByLabel('Paypal or Credit Card').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/placeorder$/);

    const steps = page.getByRole('navigation', { name: 'Checkout steps' });
    expect(await steps.getByRole('link').allTextContents()).toEqual([
      '1 Sign In',
      '2 Shipping',
      '3 Payment',
      '4 Place Order',
    ]);
    expect(await page.getByTestId('line-total').textContent()).toBe('2 x $39.99 = $79.98');
    expect(await page.getByTestId('summary-items').textContent()).toBe('$79.98');
    expect(await page.getByTestId('summary-shipping').textContent()).toBe('$100.00');
    expect(await page.getByTestId('summary-tax').textContent()).toBe('$12.00');
    expect(await page.getByTestId('summary-total').textContent()).toBe('$191.98');
    expect(await page.getByText('1 Circuit Avenue, Springfield IL 12345, United States').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[^/]+$/);
    const orderId = page.url().split('/order/')[1];
    // Unpaid: placed, not yet thanked for.
    await page
      .getByRole('heading', { name: `Order placed – pay to confirm #${orderId.slice(-6).toUpperCase()}` })
      .waitFor();
    expect(await page.getByText(orderId, { exact: true }).isVisible()).toBe(true); // the full id stays reachable
    expect(await page.getByText('Not Paid', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Not Delivered', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/Pay by .+ or the items go back on sale\./).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(await page.getByTestId('summary-total').textContent()).toBe('$191.98');
    // The cart was emptied by the order.
    expect(await page.getByTestId('cart-count').count()).toBe(0);

    await page.getByRole('button', { name: 'Pay with test payment (simulated, no money moves)' }).click();
    await page.getByText(/^Paid on \d{4}-\d{2}-\d{2}/).waitFor();
    await page.getByRole('heading', { name: `Thank you — order #${orderId.slice(-6).toUpperCase()}` }).waitFor();
    expect(await page.getByTestId('payment-area').count()).toBe(0);
    expect(await page.getByText('Not Delivered', { exact: true }).isVisible()).toBe(true);

    await page.goto('/profile');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Details of order ${orderId}` }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('$191.98');
    await row.getByRole('link', { name: /Details/ }).click();
    await page.waitForURL(new RegExp(`/order/${orderId}$`));

    // An admin marks it delivered; the customer then sees 'Delivered on …'.
    await page.evaluate(() => localStorage.removeItem('userInfo'));
    await page.goto('/login');
    await signIn(page, 'admin@voltshop.test', 'admin1234');
    await page.waitForURL(`${base}/`);
    await page.goto(`/order/${orderId}`);
    await shipAndDeliver(page);
    expect(await page.getByRole('button', { name: 'Mark as delivered' }).count()).toBe(0);
  });

  it('does not show the ship or deliver steps to customers', async () => {
    await register(page, 'Uma', uniqueEmail('uma'));
    await addProductToCart(page, 'Orbis Braided USB-C Cable (2 m)');
    await checkout(page);
    await page.getByRole('button', { name: /test payment/ }).click();
    await page.getByText(/^Paid on/).waitFor();
    expect(await page.getByRole('button', { name: 'Ship order' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark as delivered' }).count()).toBe(0);
  });

  it('shows the test-payment button to the order’s owner only: an admin viewing it gets none', async () => {
    await register(page, 'Olga', uniqueEmail('olga'));
    await addProductToCart(page, 'Orbis Braided USB-C Cable (2 m)');
    const orderId = await checkout(page);
    await page.getByRole('button', { name: /test payment/ }).waitFor();

    await page.evaluate(() => localStorage.removeItem('userInfo'));
    await page.goto('/login');
    await signIn(page, 'admin@voltshop.test', 'admin1234');
    await page.waitForURL(`${base}/`);
    await page.goto(`/order/${orderId}`);
    await page.getByText('Only the customer who placed this order can pay it.').waitFor();
    expect(await page.getByText('Not Paid', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /test payment/ }).count()).toBe(0);
    expect(await page.getByTestId('payment-area').count()).toBe(0);
  });

  it('sends /placeorder with an empty cart back to the cart (never $100 shipping for nothing)', async () => {
    await register(page, 'Ivan', uniqueEmail('ivan'));
    await page.evaluate(() =>
      localStorage.setItem(
        'shippingAddress',
        JSON.stringify({ address: 'a', city: 'b', postalCode: 'c', country: 'd' }),
      ),
    );
    await page.goto('/placeorder');
    await page.waitForURL(/\/cart$/);
    await page.getByText(/Your Cart is Empty/).waitFor();
    expect(await page.getByRole('button', { name: 'Proceed To Checkout' }).isDisabled()).toBe(true);
  });

  it("shows the API's 409 naming the product when stock is short", async () => {
    await register(page, 'Jade', uniqueEmail('jade'));
    await addProductToCart(page, 'Orbis Vista 27-inch 4K Monitor');
    // A cart saved long ago can ask for more than is left now.
    await page.evaluate(() => {
      const items = JSON.parse(localStorage.getItem('cartItems')!);
      items[0].qty = 500;
      items[0].countInStock = 500;
      localStorage.setItem('cartItems', JSON.stringify(items));
    });
    // The cart re-reads the stock, flags the line and holds checkout back.
    await page.reload();
    await page.getByText(/^Only \d+ left: lower the quantity$/).waitFor();
    expect(await page.getByRole('button', { name: 'Proceed To Checkout' }).isDisabled()).toBe(true);
    // A tab that never reloaded the cart still sends the stale line: the server has the last word.
    await page.evaluate(() => {
      const items = JSON.parse(localStorage.getItem('cartItems')!);
      items[0].countInStock = 500;
      localStorage.setItem('cartItems', JSON.stringify(items));
    });
    await page.goto('/shipping');
    await fillShipping(page, '2 Circuit Avenue');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('alert').filter({ hasText: 'Orbis Vista 27-inch 4K Monitor' }).waitFor();
    // The page reads the line again: it is flagged, and placing waits for the cart rather than sending it again.
    await page.getByRole('alert').filter({ hasText: 'Some items cannot be ordered as they are' }).waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    expect(page.url()).toMatch(/\/placeorder$/);
  });
});

describe('reviews', () => {
  it("writes a review, sees it, and then sees 'You reviewed this product' instead of the form", async () => {
    await register(page, 'Kim Lee', uniqueEmail('kim'));
    await page.goto('/search/Fitness');
    await page.getByRole('link', { name: 'Lumen Stride Fitness Band' }).click();
    await page.getByRole('heading', { name: 'Write a Customer Review' }).waitFor();
    expect(await page.getByLabel('Rating').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/Rating must be/).waitFor();

    await page.getByLabel('Rating').selectOption('4');
    await page.getByLabel('Comment').fill('Comfortable and the battery lasts a week.');
    await page.getByRole('button', { name: 'Submit' }).click();
    const review = page.getByRole('listitem').filter({ hasText: 'Comfortable and the battery lasts a week.' });
    await review.waitFor();
    expect(await review.textContent()).toContain('Kim Lee');
    expect(await review.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1);
    // The server refuses a second review ('Product already reviewed', functions/test/products.test.ts): the form
    // gives way to a notice, also after a reload.
    await page.getByText('You reviewed this product').waitFor();
    expect(await page.getByLabel('Comment').count()).toBe(0);
    await page.reload();
    await page.getByText('You reviewed this product').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
  });

  it("shows 'No Reviews' on a product nobody reviewed", async () => {
    // Products without reviews exist in the seed; find one through the API.
    const res = await fetch(`${base}/api/products?pageNumber=1&keyword=`);
    const pages = ((await res.json()) as { pages: number }).pages;
    let target: { _id: string } | undefined;
    for (let n = 1; n <= pages && !target; n++) {
      const list = (await (await fetch(`${base}/api/products?pageNumber=${n}&keyword=`)).json()) as {
        products: { _id: string; numReviews: number }[];
      };
      target = list.products.find((p) => p.numReviews === 0);
    }
    expect(target, 'a product without reviews in the seed').toBeDefined();
    await page.goto(`/product/${target!._id}`);
    await page.getByText('No Reviews').waitFor();
  });
});
