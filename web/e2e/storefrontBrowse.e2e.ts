// Issue 40, the storefront: browsing by the header's category menu on a phone, a search by a spec value and by a SKU
// (and the "noise cancelling" and "cables"), a misspelt word suggested while typing, and the cart refusing a
// quantity over the per-customer limit with its reason; a product's id address moving to its slug.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, MOBILE, openMenuIfCollapsed } from './support/browser';

const base = inject('shopUrl');
const { open } = browserPerFile(base);

const titles = (page: Page) => page.locator('.product-card .product-title').allTextContents();

describe('storefront: browse and search (issue 40)', () => {
  it('browses by the category menu on a phone', async () => {
    const page = await open(MOBILE);
    await page.goto('/');
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Categories' }).click();
    const menu = page.getByRole('list', { name: 'Categories' });
    const audio = menu.getByRole('link', { name: /^Audio \(\d+\)$/ });
    await audio.waitFor();
    expect(await menu.getByRole('link', { name: 'All products' }).count()).toBe(1);
    await audio.click();
    await page.waitForURL(/\/category\/audio$/i); // the page answers at the managed slug
    await page.getByRole('heading', { level: 1, name: /Audio/ }).waitFor();
    await expect.poll(() => titles(page)).toContain('Arcwave Quietude ANC Headphones');
    // The menu closed with the navigation.
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens /product/<id> at its readable address, /product/<slug> (301), showing the product', async () => {
    const page = await open();
    const listed = (await (await fetch(`${base}/api/products?keyword=cables`)).json()) as {
      products: { _id: string; name: string; slug: string }[];
    };
    const cable = listed.products.find((p) => p.name === 'Orbis Braided USB-C Cable (2 m)')!;
    expect(cable.slug).toBe('orbis-braided-usb-c-cable-2-m');
    await page.goto(`/product/${cable._id}`);
    await page.waitForURL(/\/product\/orbis-braided-usb-c-cable-2-m$/);
    await page.getByRole('heading', { level: 1, name: cable.name }).waitFor();
  });

  it('finds products by a spec value, a SKU, a phrase and a plural', async () => {
    const page = await open();
    for (const [keyword, name] of [
      ['adaptive hybrid', 'Arcwave Quietude ANC Headphones'], // a spec row's value
      ['AQ-ANC-NVY', 'Arcwave Quietude ANC Headphones'], // a variant's SKU
      ['noise cancelling', 'Arcwave Quietude ANC Headphones'], // the spec row "Noise cancelling"
      ['cables', 'Orbis Braided USB-C Cable (2 m)'],
      ['mice', 'Kestrel Glide Wireless Mouse'],
    ]) {
      await page.goto(`/search/${encodeURIComponent(keyword)}`);
      await page.getByRole('heading', { name: `Results for “${keyword}”` }).waitFor();
      await expect.poll(() => titles(page), { message: keyword }).toContain(name);
    }
  });

  it('suggests the right word for a misspelt one while typing', async () => {
    const page = await open();
    await page.goto('/');
    const box = page.getByLabel('Search products', { exact: true });
    await box.click();
    await page.getByRole('combobox', { name: 'Search products' }).waitFor();
    await box.pressSequentially('hedphones', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    const correction = list.getByRole('option', { name: /Did you mean\s*headphones\?/ });
    await correction.waitFor();
    expect(await list.getByRole('option', { name: 'Arcwave Quietude ANC Headphones' }).count()).toBe(1);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/search\/headphones$/);
    await page.getByRole('heading', { name: 'Results for “headphones”' }).waitFor();
  });

  it('caps the cart quantity at the per-customer limit and says why', async () => {
    const page = await open();
    const name = 'Orbis Braided USB-C Cable (2 m)';
    await page.goto(`/search/${encodeURIComponent('usb-c cable')}`);
    await page.getByRole('link', { name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    const select = page.getByLabel(`Quantity of ${name}`);
    await select.waitFor();
    await expect
      .poll(() => select.locator('option:not([disabled])').allTextContents())
      .toEqual(['1', '2', '3', '4', '5']); // 60 in stock, at most 5 per customer
    expect(await page.getByTestId('qty-limit').textContent()).toBe('At most 5 per customer');
    // No 6th is offered at all.
    await expect(select.selectOption('6')).rejects.toThrow();
    await select.selectOption('5');
    await expect.poll(() => select.inputValue()).toBe('5');
  });
});
