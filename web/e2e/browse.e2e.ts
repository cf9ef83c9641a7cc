// Browsing the catalogue: /category/:category, the "Sort" select, brand and price filters kept in the URL (links,
// pagination, back/forward), the scroll position kept on Back and reload, the no-results page, a page past the last,
// the filters' offcanvas at 390 px, and axe.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, browserPerFile, DESKTOP, MOBILE, screenshot } from './support/browser';

const base = inject('shopUrl');
const { open } = browserPerFile(base);

const cards = (page: Page) => page.locator('ul[aria-label="Products"] .product-card');
const prices = async (page: Page) =>
  (await cards(page).locator('.product-price').allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, '')));
const titles = (page: Page) => cards(page).locator('.product-title').allTextContents();
/** The names the API answers for a query (the order the page must show). */
const apiNames = async (query: string) => {
  const res = await fetch(`${base}/api/products?${query}`);
  return ((await res.json()) as { products: { name: string }[] }).products.map((p) => p.name);
};

describe('browsing by category, brand, price and sort', () => {
  it('opens a category from a product card: title, heading, breadcrumbs, only that category', async () => {
    const page = await open();
    await page.goto('/');
    await cards(page).first().waitFor();
    const category = (await cards(page).first().locator('.product-category').textContent())!;
    await cards(page).first().locator('.product-category').click();
    // The card links the category by name; the page moves to its slug (seeded categories are one word).
    await expect.poll(() => page.url()).toBe(`${base}/category/${category.toLowerCase()}`); // a client-side navigation
    await page.getByRole('heading', { level: 1, name: category }).waitFor();
    await expect.poll(() => page.title()).toBe(`${category} | Voltshop`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    await cards(page).first().waitFor();
    const categories = await cards(page).locator('.product-category').allTextContents();
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((c) => c === category)).toBe(true);
    expect(await page.getByTestId('top-carousel').count()).toBe(0);
    await screenshot(page, 'browse-category');
    await page.context().close();
  });

  it('sorts by each "Sort" choice, in the URL and in the order the API gives', async () => {
    const page = await open();
    await page.goto('/category/Audio');
    await cards(page).first().waitFor();
    const sort = page.getByRole('combobox', { name: 'Sort' });
    expect(await sort.locator('option').allTextContents()).toEqual([
      'Newest',
      'Price: Low to High',
      'Price: High to Low',
      'Top Rated',
    ]);
    for (const [label, value] of [
      ['Price: Low to High', 'price_asc'],
      ['Price: High to Low', 'price_desc'],
      ['Top Rated', 'rating'],
      ['Newest', 'newest'],
    ] as const) {
      await sort.selectOption({ label });
      await page.waitForURL(value === 'newest' ? `${base}/category/audio` : `${base}/category/audio?sort=${value}`);
      const expected = await apiNames(`category=Audio&sort=${value}`);
      await expect.poll(() => titles(page), { message: label }).toEqual(expected);
      expect(await sort.inputValue()).toBe(value);
    }
    await sort.selectOption({ label: 'Price: Low to High' });
    // The cheapest first, read from one look at the grid (while it reloads it shows no prices).
    await expect
      .poll(async () => {
        const shown = await prices(page);
        return shown.length > 0 && shown[0] === Math.min(...shown);
      })
      .toBe(true);
    await page.context().close();
  });

  it('filters by brand and price range, shows counts, keeps the filters across pages and clears them', async () => {
    const page = await open();
    await page.goto('/');
    await cards(page).first().waitFor();
    const brand = page.getByRole('combobox', { name: 'Brand' });
    await expect.poll(() => brand.locator('option').allTextContents()).toContain('Kestrel (6)');
    await brand.selectOption('Kestrel');
    await expect.poll(() => page.url()).toBe(`${base}/?brand=Kestrel`); // a client-side navigation
    await expect
      .poll(async () =>
        (await cards(page).locator('.product-brand').allTextContents()).every((b) => /^Kestrel/.test(b)),
      )
      .toBe(true);
    await page.getByRole('spinbutton', { name: 'Minimum price' }).fill('50');
    await page.getByRole('spinbutton', { name: 'Maximum price' }).fill('400');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.url()).toBe(`${base}/?brand=Kestrel&minPrice=50&maxPrice=400`); // a client-side navigation
    const expected = await apiNames('brand=Kestrel&minPrice=50&maxPrice=400');
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => titles(page)).toEqual(expected);
    expect((await prices(page)).every((p) => p >= 50 && p <= 400)).toBe(true);
    // The category choices count Kestrel's products in that price range only.
    const categoryOptions = await page.getByRole('combobox', { name: 'Category' }).locator('option').allTextContents();
    const counted = categoryOptions.slice(1).reduce((sum, o) => sum + Number(/\((\d+)\)$/.exec(o)![1]), 0);
    expect(counted).toBe(expected.length);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url()).toBe(`${base}/`); // a client-side navigation
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Minimum price' }).inputValue()).toBe('');

    // Pagination links keep the sort (and filters).
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_desc');
    await expect.poll(() => page.url()).toBe(`${base}/?sort=price_desc`); // a client-side navigation
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => page.url()).toBe(`${base}/page/2?sort=price_desc`); // a client-side navigation
    await expect.poll(() => titles(page)).toEqual(await apiNames('sort=price_desc&pageNumber=2'));
    await page.context().close();
  });

  it('round-trips through the URL: a pasted link opens the same view, back and forward restore each step', async () => {
    const page = await open();
    await page.goto('/category/Audio?brand=Arcwave&sort=price_desc&maxPrice=500');
    const expected = await apiNames('category=Audio&brand=Arcwave&maxPrice=500&sort=price_desc');
    await expect.poll(() => titles(page)).toEqual(expected);
    expect(await page.getByRole('combobox', { name: 'Sort' }).inputValue()).toBe('price_desc');
    expect(await page.getByRole('combobox', { name: 'Brand' }).inputValue()).toBe('Arcwave');
    expect(await page.getByRole('spinbutton', { name: 'Maximum price' }).inputValue()).toBe('500');

    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    await page.getByRole('combobox', { name: 'Brand' }).selectOption('');
    await expect.poll(() => page.url()).toBe(`${base}/category/audio?maxPrice=500&sort=price_asc`); // a client-side navigation
    await expect.poll(() => titles(page)).toEqual(await apiNames('category=Audio&maxPrice=500&sort=price_asc'));

    await page.goBack();
    await expect.poll(() => page.url()).toBe(`${base}/category/audio?brand=Arcwave&maxPrice=500&sort=price_asc`); // a client-side navigation
    await expect.poll(() => page.getByRole('combobox', { name: 'Brand' }).inputValue()).toBe('Arcwave');
    await page.goBack();
    await page.waitForURL(/sort=price_desc/);
    await expect.poll(() => titles(page)).toEqual(expected);
    expect(await page.getByRole('combobox', { name: 'Sort' }).inputValue()).toBe('price_desc');
    await page.goForward();
    await page.waitForURL(/sort=price_asc/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Sort' }).inputValue()).toBe('price_asc');
    await page.context().close();
  });

  it('shows a real no-results page with suggestions, popular categories and top products', async () => {
    const page = await open();
    await page.goto('/search/zzqx-no-such-thing');
    const none = page.getByTestId('no-results');
    await none.getByRole('heading', { name: 'No products found' }).waitFor();
    await none.getByText('No products match “zzqx-no-such-thing”.').waitFor();
    await none.getByText(/Check the spelling/).waitFor();
    const popular = none.getByRole('list', { name: 'Popular categories' });
    await popular.getByRole('link').first().waitFor();
    await none.getByRole('list', { name: 'Top products' }).locator('.product-card').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Results for “zzqx-no-such-thing”' }).count()).toBe(1);
    expect(await page.locator('.alert-info').count()).toBe(0); // not the old cyan alert
    await screenshot(page, 'browse-no-results');

    await page.goto('/category/Audio?minPrice=999999');
    await page.getByText('No products match these filters.').waitFor();
    await page.getByTestId('no-results').getByRole('link', { name: 'clear all filters' }).click();
    await expect.poll(() => page.url()).toBe(`${base}/category/audio`); // a client-side navigation
    await cards(page).first().waitFor();
    await page.context().close();
  });

  it('a search is sorted "Best match" until another sort is chosen; Newest puts it in the URL', async () => {
    const page = await open();
    await page.goto('/search/headphones');
    await cards(page).first().waitFor();
    const sort = page.getByRole('combobox', { name: 'Sort' });
    expect((await sort.locator('option').allTextContents())[0]).toBe('Best match');
    expect(await sort.inputValue()).toBe('relevance');
    await expect.poll(() => titles(page)).toEqual(await apiNames('keyword=headphones'));
    await sort.selectOption({ label: 'Newest' });
    await page.waitForURL(`${base}/search/headphones?sort=newest`);
    await expect.poll(() => titles(page)).toEqual(await apiNames('keyword=headphones&sort=newest'));
    await sort.selectOption({ label: 'Best match' });
    await page.waitForURL(`${base}/search/headphones`);
    await expect.poll(() => titles(page)).toEqual(await apiNames('keyword=headphones'));
    await page.context().close();
  });

  it('says where the list ends for a page past the last one', async () => {
    const page = await open();
    const pages = ((await (await fetch(`${base}/api/products?keyword=ssd`)).json()) as { pages: number }).pages;
    expect(pages).toBe(1);
    await page.goto('/search/ssd/page/2');
    await page.getByText('Page 2 of 1 — go to page 1').waitFor();
    expect(await page.getByText(/No products match/).count()).toBe(0);
    await page.getByRole('link', { name: 'go to page 1' }).click();
    await expect.poll(() => page.url()).toBe(`${base}/search/ssd`); // a client-side navigation
    await cards(page).first().waitFor();
    await page.context().close();
  });

  it('Back to the home page, and a reload, bring the reader back where they were on the list', async () => {
    const page = await open(MOBILE);
    await page.goto('/');
    await cards(page).nth(5).waitFor();
    // The production build (Preact) renders a page before its suspended parts: the restore waits for the page's height.
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await page.reload();
    // Within a pixel or two: a late pixel of layout before the reload (the browser's scroll anchoring) is in the
    // position saved, and that is what comes back.
    const near = (y: number, to: number) => Math.abs(y - to) <= 2;
    await expect.poll(() => page.evaluate(() => window.scrollY).then((y) => near(y, 1200))).toBe(true);
    // A card on screen, clicked where it is (Playwright's own click would scroll it into view first).
    const opened = await page.evaluate(() => {
      const onScreen = [...document.querySelectorAll<HTMLAnchorElement>('.product-card a[href^="/product/"]')].find(
        (a) => a.getBoundingClientRect().top > 0 && a.getBoundingClientRect().bottom < window.innerHeight,
      );
      const at = {
        href: onScreen!.getAttribute('href')!,
        top: onScreen!.getBoundingClientRect().top,
        scrollY: window.scrollY,
      };
      onScreen!.click();
      return at;
    });
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(`${base}/`);
    // Back where they were, once the page has settled: the card they opened where it was on the screen. (The list
    // came in after the restore, 78 px taller than its placeholder, and the browser's scroll anchoring moved the
    // reader down with the part below it: scrollY 1200, then 1278; lib/router/scrollRestoration.tsx.)
    const openedCardTops = () =>
      page.evaluate(
        (href) =>
          [...document.querySelectorAll<HTMLAnchorElement>('.product-card a[href^="/product/"]')]
            .filter((a) => a.getAttribute('href') === href)
            .map((a) => a.getBoundingClientRect().top),
        opened.href,
      );
    const openedCardBack = async () => (await openedCardTops()).some((top) => near(top, opened.top));
    await expect.poll(openedCardBack, { timeout: 5000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500)); // and it stays there
    expect(await openedCardBack()).toBe(true);
    expect(near(await page.evaluate(() => window.scrollY), opened.scrollY)).toBe(true);
    await page.context().close();
  });

  it('at 390 px the filters open in an offcanvas from a "Filters" button; the page never scrolls sideways', async () => {
    const page = await open(MOBILE);
    await page.goto('/category/Audio');
    await cards(page).first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Brand' }).isVisible()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Sort' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.waitFor();
    await expect
      .poll(() => panel.getByRole('combobox', { name: 'Brand' }).locator('option').count())
      .toBeGreaterThan(1);
    await screenshot(page, 'browse-filters-offcanvas-mobile');
    await panel.getByRole('combobox', { name: 'Brand' }).selectOption('Arcwave');
    await expect.poll(() => page.url()).toBe(`${base}/category/audio?brand=Arcwave`); // a client-side navigation
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    await expect.poll(() => titles(page)).toEqual(await apiNames('category=Audio&brand=Arcwave'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'browse-category-mobile');
    await page.context().close();
  });

  it('has no serious or critical axe violations (category, filtered, no results; desktop and mobile with the offcanvas)', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await open(viewport, { axe: true });
      for (const url of ['/', '/category/Audio?sort=price_asc', '/?brand=Kestrel&minPrice=10', '/search/zzqx-none']) {
        await page.goto(url);
        await page.getByRole('combobox', { name: 'Sort' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect({ url, violations: await axeViolations(page) }).toEqual({ url, violations: [] });
      }
      if (viewport === MOBILE) {
        await page.getByRole('button', { name: 'Filters' }).click();
        await page.getByRole('dialog', { name: 'Filters' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect({ url: 'offcanvas', violations: await axeViolations(page) }).toEqual({
          url: 'offcanvas',
          violations: [],
        });
      }
      await page.context().close();
    }
  });
});
