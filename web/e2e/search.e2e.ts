// Search that finds what people type (issue 29): the header's suggestions by keyboard, words in any order, and
// "Did you mean" for a misspelt word.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pagePerTest } from './support/browser';

const base = inject('shopUrl');
let page: Page;
pagePerTest(base, (p) => (page = p));

describe('search', () => {
  it('suggests while typing in the header; the keyboard picks a product and lands on it', async () => {
    await page.goto('/');
    const box = page.getByLabel('Search products', { exact: true });
    await box.click();
    // The suggestions' chunk loads on focus and makes the box a combobox.
    await page.getByRole('combobox', { name: 'Search products' }).waitFor();
    await box.pressSequentially('voltra lap', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    const airbook = list.getByRole('option', { name: 'Voltra Airbook 14 Laptop' });
    await airbook.waitFor();
    expect(await list.getByRole('option', { name: /Brand:\s*Voltra/ }).count()).toBe(1);
    // Down to the laptop with the arrow keys (it is the best match: first).
    await box.press('ArrowDown');
    expect(await airbook.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await airbook.getAttribute('id'));
    await box.press('Enter');
    // Issue 40: the suggestion links by the readable address.
    await page.waitForURL(/\/product\/voltra-airbook-14-laptop$/);
    await page.getByRole('heading', { level: 1, name: 'Voltra Airbook 14 Laptop' }).waitFor();
    expect(await page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').count()).toBe(0);
  });

  it('finds words in any order over brand and name, headed with the count; a typo offers "Did you mean"', async () => {
    await page.goto('/search/laptop%20voltra');
    await page.getByRole('heading', { name: 'Results for “laptop voltra”' }).waitFor();
    await page.getByText('1 found').waitFor();
    await expect
      .poll(() => page.locator('.product-card .product-title').allTextContents())
      .toEqual(['Voltra Airbook 14 Laptop']);

    const box = page.getByLabel('Search products', { exact: true });
    await box.fill('hedphones');
    await box.press('Enter'); // no option highlighted: the form searches what is typed
    await page.waitForURL(/\/search\/hedphones$/);
    await page.getByText('No products found').waitFor();
    const suggestion = page.getByTestId('did-you-mean');
    expect(await suggestion.textContent()).toBe('Did you mean headphones?');
    await suggestion.getByRole('link', { name: 'headphones' }).click();
    await page.waitForURL(/\/search\/headphones$/);
    await page.getByRole('heading', { name: 'Results for “headphones”' }).waitFor();
    await expect
      .poll(async () => (await page.locator('.product-card .product-title').allTextContents())[0])
      .toBe('Arcwave Quietude ANC Headphones');
  });
});
