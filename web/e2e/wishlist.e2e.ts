// The wishlist in Chromium (issue 41), on its own embedded shop: a customer hearts a product in one browser context
// and it appears on /wishlist in a second context signed in to the same account, without a reload (the live
// `wishlist` topic); a guest's heart survives signing in (merged into the account's list) and the product can be
// moved to the cart from /wishlist.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn, uniqueEmail } from './support/browser';
import { startShop, type RunningShop } from './support/server';
import { apiCaller, signInToken } from './support/api';

// The hearts come in a lazy chunk, after the page: on a busy machine that takes more than a second.
const SLOW = { timeout: 15_000 };

let shop: RunningShop;
let browser: Browser;
const pages: Page[] = [];
const pageErrors: string[][] = [];

const call = apiCaller(() => shop.url);

async function product(admin: string, name: string) {
  const { _id } = await call<{ _id: string }>('POST', '/api/products', admin);
  await call('PUT', `/api/products/${_id}`, admin, {
    name,
    price: 89,
    image: '/images/sample.svg',
    brand: 'Volt',
    category: 'Headphones',
    description: 'Headphones to keep for later.',
    countInStock: 5,
  });
  return { _id, name };
}

async function customer(name: string) {
  const email = uniqueEmail(name.toLowerCase());
  await call('POST', '/api/users', undefined, { name, email, password: 'secret123' });
  return { email, password: 'secret123' };
}

let first: { _id: string; name: string };
let second: { _id: string; name: string };

beforeAll(async () => {
  shop = await startShop('wishlist');
  browser = await launch();
  const admin = await signInToken(call);
  first = await product(admin, 'Wish Studio Headphones');
  second = await product(admin, 'Wish Travel Earbuds');
});

afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  expect(pageErrors.flat(), 'uncaught page errors').toEqual([]);
});

async function open() {
  const { page, errors } = await newPage(browser, shop.url);
  pages.push(page);
  pageErrors.push(errors);
  return page;
}

async function signedIn(account: { email: string; password: string }) {
  const page = await open();
  await page.goto('/login');
  await signIn(page, account.email, account.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

const heartOf = (page: Page, name: string) =>
  page.locator('.product-card', { has: page.getByRole('link', { name, exact: true }) }).getByTestId('wishlist-heart');

const wishlistNames = (page: Page) =>
  page.getByTestId('wishlist-item').locator('a:not([aria-hidden])').allTextContents();

describe('wishlist', () => {
  it('a product hearted in one browser appears on /wishlist in another of the same account, without a reload', async () => {
    const account = await customer('Hearty');
    const laptop = await signedIn(account);
    await laptop.goto('/wishlist');
    await expect.poll(() => laptop.getByText('Your wishlist is empty').isVisible(), SLOW).toBe(true);

    const phone = await signedIn(account);
    await phone.goto('/');
    const heart = heartOf(phone, first.name);
    await heart.waitFor(SLOW);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed'), SLOW).toBe('true');

    // The other browser shows it without being reloaded.
    await expect.poll(() => wishlistNames(laptop), SLOW).toEqual([first.name]);

    // The product page's heart says the same, and taking it out there empties the other browser's list too.
    await phone.goto(`/product/${first._id}`);
    const pageHeart = phone.getByTestId('wishlist-heart');
    await expect.poll(() => pageHeart.getAttribute('aria-pressed'), SLOW).toBe('true');
    await pageHeart.click();
    await expect.poll(() => pageHeart.getAttribute('aria-pressed'), SLOW).toBe('false');
    await expect.poll(() => laptop.getByText('Your wishlist is empty').isVisible(), SLOW).toBe(true);
  });

  it("a guest's heart survives signing in, and moves to the cart from /wishlist", async () => {
    const account = await customer('Guesty');
    const page = await open();
    await page.goto('/');
    const heart = heartOf(page, second.name);
    await heart.waitFor(SLOW);
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed'), SLOW).toBe('true');

    await page.goto('/login?redirect=/wishlist');
    await signIn(page, account.email, account.password);
    await page.waitForURL(/\/wishlist$/);
    await expect.poll(() => wishlistNames(page), SLOW).toEqual([second.name]);
    // Kept on the server: the account's list holds it.
    const token = (await call<{ token: string }>('POST', '/api/users/login', undefined, account)).token;
    expect((await call<{ items: { product: string }[] }>('GET', '/api/wishlist', token)).items).toMatchObject([
      { product: second._id },
    ]);

    await page.getByRole('button', { name: `Move ${second.name} to cart` }).click();
    await page.waitForURL(/\/cart/);
    await expect.poll(() => page.getByText(second.name).first().isVisible(), SLOW).toBe(true);
    expect((await call<{ items: unknown[] }>('GET', '/api/wishlist', token)).items).toEqual([]);
  });
});
