// Compare by specs in Chromium (issue 41), on its own embedded shop: three laptops with storage in GB and TB ticked
// on their cards, the tray (which refuses a fifth product), the /compare page with the most storage and the lightest
// marked, "Show differences only", the home page's "Recently viewed", no best between categories, and at 390 px the
// tray showing every product ticked and the table scrolling sideways with the spec names kept in view.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser';
import { startShop, type RunningShop } from './support/server';
import { apiCaller, signInToken } from './support/api';

const PHONE = { width: 390, height: 844 };
// The tray and the toggles come in a lazy chunk, after the page: on a busy machine that takes more than a second.
const SLOW = { timeout: 10_000 };

let shop: RunningShop;
let browser: Browser;
const pages: Page[] = [];

const call = apiCaller(() => shop.url);

async function laptop(admin: string, name: string, storage: string, weight: string) {
  const { _id } = await call<{ _id: string }>('POST', '/api/products', admin);
  await call('PUT', `/api/products/${_id}`, admin, {
    name,
    price: 1299,
    image: '/images/sample.svg',
    brand: 'Volt',
    category: 'Laptops',
    description: 'A laptop to compare.',
    countInStock: 5,
    specs: [
      { name: 'Storage', value: storage },
      { name: 'Weight', value: weight },
      { name: 'Colour', value: 'Silver' },
    ],
  });
  return { _id, name };
}

let laptops: { _id: string; name: string }[];

beforeAll(async () => {
  shop = await startShop('compare');
  browser = await launch();
  const admin = await signInToken(call);
  // Created in this order, the newest first on the home page: Max, Pro, Air.
  laptops = [
    await laptop(admin, 'Compare Air 13', '512 GB SSD', '1.2 kg'),
    await laptop(admin, 'Compare Pro 14', '1 TB SSD', '1550 g'),
    await laptop(admin, 'Compare Max 16', '2 TB SSD', '2.1 kg'),
  ];
});

afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function open(viewport?: { width: number; height: number }) {
  const { page } = await newPage(browser, shop.url, viewport);
  pages.push(page);
  return page;
}

const toggleFor = (page: Page, name: string) =>
  page.locator('.product-card', { has: page.getByRole('link', { name, exact: true }) }).getByTestId('compare-toggle');

describe('compare by specs', () => {
  it('ticks three laptops, compares them, sees the best marked and the differences only', async () => {
    const page = await open();
    await page.goto('/');
    for (const { name } of laptops) await toggleFor(page, name).check();
    const tray = page.getByTestId('compare-tray');
    await expect.poll(() => tray.locator('.compare-tray-item').count(), SLOW).toBe(3);

    // A fourth fits, a fifth is refused with a message; taking the fourth out again leaves the three.
    const others = page
      .locator('.product-card')
      .filter({ hasNot: page.getByRole('link', { name: /^Compare / }) })
      .getByTestId('compare-toggle');
    await others.nth(0).check();
    await others.nth(1).click();
    await expect.poll(() => page.getByTestId('compare-notice').textContent()).toContain('up to 4 products');
    expect(await others.nth(1).isChecked()).toBe(false);
    await others.nth(0).uncheck();
    await expect.poll(() => tray.locator('.compare-tray-item').count(), SLOW).toBe(3);

    // The tray persists while browsing (another page, a reload).
    await page.goto(`/product/${laptops[0]!._id}`);
    await expect.poll(() => page.getByTestId('compare-toggle').isChecked(), SLOW).toBe(true);
    await page.reload();
    await expect.poll(() => tray.locator('.compare-tray-item').count(), SLOW).toBe(3);

    await tray.getByTestId('compare-link').click();
    await page.waitForURL(/\/compare\?ids=/);
    const table = page.getByTestId('compare-table');
    await table.waitFor();
    const heads = await table.locator('thead th').allTextContents();
    expect(heads.map((h) => h.split('$')[0])).toEqual(laptops.map((l) => l.name));
    const cells = async (name: string) =>
      page
        .getByTestId('compare-row')
        .filter({ has: page.getByRole('rowheader', { name }) })
        .locator('td');
    const storage = await cells('Storage');
    expect(await storage.allTextContents()).toEqual(['512 GB SSD', '1 TB SSD', '2 TB SSDBest']);
    const weight = await cells('Weight');
    expect(await weight.nth(0).getByTestId('compare-best').count()).toBe(1);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Storage', 'Weight', 'Colour']);

    await page.getByLabel('Show differences only').check();
    await expect.poll(() => page.getByRole('rowheader').allTextContents()).toEqual(['Storage', 'Weight']);
    expect(await page.title()).toBe(`Compare ${laptops.map((l) => l.name).join(' vs ')} | Voltshop`);

    // The product page viewed above is the home page's "Recently viewed".
    await page.goto('/');
    const recent = page.getByTestId('recently-viewed').getByRole('link');
    await expect.poll(() => recent.allTextContents(), SLOW).toEqual([expect.stringContaining(laptops[0]!.name)]);
  });

  it('at 390 px the tray shows every product ticked, two or four, and its Compare button', async () => {
    const page = await open(PHONE);
    await page.goto('/');
    const tray = page.getByTestId('compare-tray');
    const fullyInView = async () => {
      const boxes = await tray
        .locator('.compare-tray-item, [data-testid="compare-link"]')
        .evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
        );
      return boxes.every((box) => box.left >= 0 && box.right <= PHONE.width);
    };
    for (const { name } of laptops.slice(0, 2)) await toggleFor(page, name).check();
    await expect.poll(() => tray.locator('.compare-tray-item').count(), SLOW).toBe(2);
    expect(await fullyInView()).toBe(true);
    await toggleFor(page, laptops[2]!.name).check();
    const another = page
      .locator('.product-card')
      .filter({ hasNot: page.getByRole('link', { name: /^Compare / }) })
      .getByTestId('compare-toggle');
    await another.nth(0).check();
    await expect.poll(() => tray.locator('.compare-tray-item').count(), SLOW).toBe(4);
    expect(await fullyInView()).toBe(true);
    // Each product is still named to a screen reader, and the page scrolls its end above the tray.
    expect(await tray.getByRole('button', { name: /^Remove .* from compare$/ }).count()).toBe(4);
    const { trayTop, paddingBottom, trayHeight } = await page.evaluate(() => {
      const box = document.querySelector('.compare-tray')!.getBoundingClientRect();
      return {
        trayTop: box.top,
        trayHeight: box.height,
        paddingBottom: parseFloat(getComputedStyle(document.body).paddingBottom),
      };
    });
    expect(trayTop).toBeGreaterThan(0);
    expect(paddingBottom).toBeGreaterThanOrEqual(trayHeight);
  });

  it('marks no best between a laptop and a product of another category, and says why', async () => {
    const others = await call<{ products: { _id: string; category: string }[] }>('GET', '/api/products');
    const other = others.products.find((p) => p.category !== 'Laptops')!;
    const page = await open();
    await page.goto(`/compare?ids=${laptops[0]!._id},${other._id}`);
    await page.getByTestId('compare-table').waitFor();
    expect(await page.getByTestId('compare-no-best').textContent()).toContain('different categories');
    expect(await page.getByTestId('compare-best').count()).toBe(0);
  });

  it('at 390 px the table scrolls sideways and the spec names stay in view', async () => {
    const page = await open(PHONE);
    await page.goto(`/compare?ids=${laptops.map((l) => l._id).join(',')}`);
    const scroller = page.locator('.compare-scroll');
    await page.getByTestId('compare-table').waitFor();
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const name = page.getByRole('rowheader', { name: 'Storage' });
    const before = (await name.boundingBox())!.x;
    await scroller.evaluate((el) => el.scrollBy(300, 0));
    await expect.poll(async () => (await name.boundingBox())!.x).toBe(before);
  });
});
