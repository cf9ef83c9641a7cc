// Browse, paginate, search (regex characters included), product page, cart quantities and removal.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addProductToCart, pagePerTest } from './support/browser';

const base = inject('shopUrl');
let page: Page;
pagePerTest(base, (p) => (page = p));

const cardTitles = (p: Page) => p.locator('.product-card .product-title').allTextContents();

describe('catalogue', () => {
  it('shows the home page: title, carousel, Latest Products, 8 cards, pagination', async () => {
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Welcome To Voltshop');
    expect(await page.locator('meta[name="description"]').first().getAttribute('content')).toContain('Voltshop');
    await page.getByTestId('top-carousel').waitFor();
    expect(await page.getByRole('heading', { name: 'Latest Products' }).isVisible()).toBe(true);
    await page.locator('.product-card').first().waitFor();
    expect(await page.locator('.product-card').count()).toBe(8);
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link').count()).toBeGreaterThan(1);
    expect(await page.getByRole('link', { name: 'Voltshop' }).isVisible()).toBe(true);
    expect(await page.locator('footer').textContent()).toMatch(/Copyright © \d{4} Voltshop/);
  });

  it('paginates with /page/:n links and shows other products', async () => {
    await page.goto('/');
    await page.locator('.product-card').first().waitFor();
    const first = await cardTitles(page);
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/\/page\/2$/);
    await expect.poll(async () => (await cardTitles(page))[0]).not.toBe(first[0]);
    const second = await cardTitles(page);
    expect(second.some((t) => first.includes(t))).toBe(false);
    expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await page.goto('/page/999');
    await page.getByText('Page 999 of 4 — go to page 1').waitFor();
  });

  it('searches from the header; a blank search goes home', async () => {
    await page.goto('/');
    await page.getByLabel('Search products', { exact: true }).fill('ssd');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\/ssd$/);
    await expect.poll(() => page.title()).toBe('Search: ssd | Voltshop');
    // The results replace the home page's cards once they arrive (the URL and title change first): the products
    // named so first, then those whose description says it (issue 29: the name weighs most).
    await expect
      .poll(async () => {
        const titles = await cardTitles(page);
        return titles.length > 2 && titles.slice(0, 2).every((t) => /ssd/i.test(t));
      })
      .toBe(true);
    expect(await cardTitles(page)).toContain('Voltra Airbook 14 Laptop');
    await page.getByRole('heading', { name: 'Results for “ssd”' }).waitFor();
    expect(await page.getByTestId('top-carousel').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Go Back' }).isVisible()).toBe(true);
    await page.getByLabel('Search products', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.title()).toBe('Welcome To Voltshop');
  });

  it('treats regex characters in keywords literally', async () => {
    await page.goto('/search/(');
    await page.locator('.product-card').first().waitFor();
    const paren = await cardTitles(page);
    expect(paren.length).toBeGreaterThan(0);
    expect(paren.every((t) => t.includes('('))).toBe(true);

    await page.goto(`/search/${encodeURIComponent('.*')}`);
    await page.getByText('No products match “.*”.').waitFor();
    // No results (the no-results page's own "Top products" suggestions aside).
    expect(await page.locator('ul[aria-label="Products"] .product-card').count()).toBe(0);
  });

  it('shows a product with rating, status and reviews, and adds it to the cart with a quantity', async () => {
    await page.goto('/search/Glide');
    await page.getByRole('link', { name: 'Kestrel Glide Wireless Mouse' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kestrel Glide Wireless Mouse' }).waitFor();
    await expect.poll(() => page.title()).toContain('Kestrel Glide Wireless Mouse');
    expect(await page.getByTestId('stock-status').textContent()).toBe('In Stock');
    expect(await page.getByRole('img', { name: /Rated/ }).count()).toBeGreaterThan(0);
    // The reviews are a chunk of their own, loaded after the page's first render (issue 40): waited for, visible.
    await page.getByText('Please sign in to write a review').waitFor({ state: 'visible' });
    await page.getByLabel('Qty').selectOption('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    expect(await page.getByLabel('Quantity of Kestrel Glide Wireless Mouse').inputValue()).toBe('3');
    expect(await page.getByTestId('cart-count').textContent()).toMatch(/^3/);
  });

  it('shows Out of Stock with Add to Cart disabled', async () => {
    await page.goto('/search/StreamCam');
    await page.getByRole('link', { name: 'Kestrel StreamCam 4K Webcam' }).click();
    await page.getByTestId('stock-status').waitFor();
    expect(await page.getByTestId('stock-status').textContent()).toBe('Out of Stock');
    expect(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Qty').count()).toBe(0);
  });

  it('changes quantities, replaces lines, removes items, and keeps the cart across reloads', async () => {
    await addProductToCart(page, 'Lumen 65W GaN Charger', 2);
    await addProductToCart(page, 'Orbis Portable SSD 1TB');
    expect(await page.getByTestId('cart-subtotal-title').textContent()).toBe('Subtotal (3 items)');
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe('$169.97');
    await addProductToCart(page, 'Lumen 65W GaN Charger', 1); // replaces the line
    expect(await page.getByTestId('cart-subtotal-title').textContent()).toBe('Subtotal (2 items)');
    await page.getByLabel('Quantity of Orbis Portable SSD 1TB').selectOption('4');
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe('$399.95');
    await page.reload();
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe('$399.95');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
    expect(stored).toHaveLength(2);
    await page.getByRole('button', { name: 'Remove Lumen 65W GaN Charger from cart' }).click();
    await page.getByRole('button', { name: 'Remove Orbis Portable SSD 1TB from cart' }).click();
    await page.getByText('Your Cart is Empty').waitFor();
    expect(await page.getByRole('button', { name: 'Proceed To Checkout' }).isDisabled()).toBe(true);
  });

  it('answers unknown routes with a friendly 404 page', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL(`${base}/`);
  });
});
