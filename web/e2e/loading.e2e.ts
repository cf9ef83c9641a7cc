// How the first pages load (docs/benchmarks.md section 4): compressed files, no API call at all where the server put
// the page's data in its HTML (home, product: functions/src/features/pages), each other API call fetched once
// although it is started early (the route loader's prefetch for cart), no layout shift, and no Content Security
// Policy violation (zod's eval probe).
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MOBILE, newPage, pagePerTest, signIn } from './support/browser';

const base = inject('shopUrl');
let page: Page;
pagePerTest(base, (p) => (page = p));

/** Records the page's requests, its layout shifts and CSP violations from the start. */
async function watch(p: Page) {
  const requests: Request[] = [];
  p.on('request', (r) => requests.push(r));
  await p.addInitScript(() => {
    const w = window as unknown as { __shifts: number; __csp: string[] };
    w.__shifts = 0;
    w.__csp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const api = (path: string) => requests.filter((r) => new URL(r.url()).pathname + new URL(r.url()).search === path);
  const measures = () =>
    p.evaluate(() => {
      const w = window as unknown as { __shifts: number; __csp: string[] };
      return { shifts: w.__shifts, csp: w.__csp };
    });
  return { requests, api, measures };
}

async function productId(): Promise<string> {
  const list = (await (await fetch(`${base}/api/products`)).json()) as {
    products: { _id: string; countInStock: number }[];
  };
  return list.products.find((p) => p.countInStock > 0)!._id;
}

describe('first load', () => {
  it('home: the products and the top rated come with the page (no API call); scripts and styles come compressed', async () => {
    const seen = await watch(page);
    const responses: { url: string; encoding?: string }[] = [];
    page.on('response', (r) => responses.push({ url: r.url(), encoding: r.headers()['content-encoding'] }));
    const home = await page.goto('/');
    expect(home?.headers().link).toBeUndefined(); // nothing to preload: the data is inlined
    await page.locator('.product-card').first().waitFor();
    await page.getByTestId('top-carousel').waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen.api('/api/products?keyword=&pageNumber=1')).toHaveLength(0);
    expect(seen.api('/api/products/top')).toHaveLength(0);
    expect(
      seen.requests
        .map((r) => new URL(r.url()))
        // The live-update stream (/api/live) is not a data fetch: it only carries later changes.
        .filter((u) => u.pathname.startsWith('/api/') && u.pathname !== '/api/live')
        .map((u) => u.pathname + u.search),
    ).toEqual([]);
    // The app's entry script and its style sheet (the build compresses every text file of 1 KB or more).
    const entry = responses.filter((r) => /\/assets\/index-[^/]+\.(js|css)$/.test(r.url));
    expect(entry).toHaveLength(2);
    for (const a of entry) expect(a.encoding ?? 'none', a.url).toMatch(/^(br|gzip)$/);
    const { shifts, csp } = await seen.measures();
    expect(csp).toEqual([]);
    expect(shifts).toBeLessThan(0.02);
  });

  it("home: the page's HTML paints the header and the carousel's poster before the script runs; the app takes their place", async () => {
    // Without JavaScript: what a phone shows while the app's script is still on its way (domain/firstPaint.ts).
    const context = await page
      .context()
      .browser()!
      .newContext({ baseURL: base, viewport: MOBILE, javaScriptEnabled: false });
    try {
      const still = await context.newPage();
      await still.goto('/');
      const firstPaint = still.locator('[data-first-paint]');
      expect(await firstPaint.getAttribute('inert')).toBe(''); // nothing to click or type in before the app
      await expect.poll(() => still.locator('header .navbar-brand').isVisible()).toBe(true);
      const top = (await (await fetch(`${base}/api/products/top`)).json()) as { name: string; image: string }[];
      const poster = still.getByTestId('carousel-poster');
      expect(await poster.locator('img').getAttribute('src')).toBe(top[0]!.image);
      expect(await poster.textContent()).toContain(top[0]!.name);
      // The same for every visitor: the account's entry waits for the app (who is signed in).
      expect(await still.locator('.nav-account').isVisible()).toBe(false);
      expect(await still.locator('template').count()).toBe(0); // taken out of the page once used
    } finally {
      await context.close();
    }
    // With it: the app's own header and poster in the same place, the static copy gone, nothing shifted.
    const seen = await watch(page);
    await page.goto('/');
    await page.getByTestId('top-carousel').waitFor();
    expect(await page.locator('[data-first-paint]').count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    expect((await seen.measures()).shifts).toBeLessThan(0.02);
  });

  it.each([
    ['a phone', MOBILE],
    // The heart, a chunk of its own, came in above the perks and the description and moved them (0.037 here, in most runs).
    ['a 1366 px screen', { width: 1366, height: 900 }],
  ])(
    'product page opened directly on %s: its picture paints from the HTML where the app shows it, the product comes with the page (no API call), nothing shifts, no CSP violation',
    async (_, viewport) => {
      const id = await productId();
      const browser = page.context().browser()!;
      // Without the app's script: the HTML's first paint shows the gallery's first picture (domain/firstPaint.ts)...
      const still = await browser.newContext({ baseURL: base, viewport, javaScriptEnabled: false });
      const pictureBox = (p: Page) => p.locator('.product-page .product-image img').first().boundingBox();
      let before: Awaited<ReturnType<typeof pictureBox>>;
      try {
        const html = await still.newPage();
        await html.goto(`/product/${id}`);
        expect(await html.locator('[data-first-paint] .product-page .product-image img').count()).toBe(1);
        before = await pictureBox(html);
      } finally {
        await still.close();
      }
      const { context, page: mobile } = await newPage(browser, base, viewport);
      try {
        // A phone's CPU (Lighthouse's 4×): late chunks land after the first paint, where they could move things.
        await (await context.newCDPSession(mobile)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const seen = await watch(mobile);
        await mobile.goto(`/product/${id}`);
        await mobile.getByRole('heading', { name: 'Reviews' }).waitFor();
        await mobile.waitForLoadState('networkidle');
        expect(seen.api(`/api/products/${id}`)).toHaveLength(0);
        // The page's own code is announced with its HTML (one round trip less), and it is the code the app runs.
        const preloaded = await mobile
          .locator('link[rel="modulepreload"]')
          .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
        expect(preloaded.some((href) => /\/assets\/ProductPage-[^/]+\.js$/.test(href))).toBe(true);
        const loaded = await mobile.evaluate(() =>
          performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
        );
        for (const href of preloaded) expect(loaded, href).toContain(href);
        const { shifts, csp } = await seen.measures();
        expect(csp).toEqual([]);
        expect(shifts).toBeLessThan(0.02);
        // ...and the app's own picture replaced it in the same box.
        expect(await mobile.locator('[data-first-paint]').count()).toBe(0);
        expect(before).not.toBeNull();
        expect(await pictureBox(mobile)).toEqual(before);
      } finally {
        await context.close();
      }
    },
  );

  it('cart/:id opened directly: adds the product that came with the page (no API call) and shows the cart', async () => {
    const id = await productId();
    const seen = await watch(page);
    await page.goto(`/cart/${id}?qty=1`);
    await page.waitForURL(/\/cart$/);
    await page.getByTestId('cart-subtotal').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen.api(`/api/products/${id}`)).toHaveLength(0);
    expect((await seen.measures()).shifts).toBeLessThan(0.02);
  });

  it('a signed-in customer still gets the review form (its own chunk) on the product page', async () => {
    // A product Alice has not reviewed: on one she reviewed, the form gives way to 'You reviewed this product'.
    const list = (await (await fetch(`${base}/api/products`)).json()) as { products: { _id: string }[] };
    const details = await Promise.all(
      list.products.map(
        async (p) =>
          (await (await fetch(`${base}/api/products/${p._id}`)).json()) as { _id: string; reviews: { name: string }[] },
      ),
    );
    const id = details.find((d) => !d.reviews.some((r) => r.name === 'Alice Walker'))!._id;
    await page.goto('/login');
    await signIn(page, 'alice@voltshop.test', 'alice1234');
    await page.locator('#username').waitFor({ state: 'attached' });
    const seen = await watch(page);
    await page.goto(`/product/${id}`);
    await page.getByLabel('Rating').waitFor();
    await page.getByLabel('Comment').waitFor();
    expect((await seen.measures()).csp).toEqual([]);
  });
});
