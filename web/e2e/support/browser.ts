// Chromium (Debian's, never downloaded) driven by playwright-core, plus the shop's common steps.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
import { repoRoot } from './server';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

/** What a page is opened with: `axe`, axe-core on each of its documents (for axeViolations). */
export interface PageOptions {
  axe?: boolean;
}

/** axe-core's script, read once. */
let axeSource: Promise<string> | undefined;

/**
 * A fresh context (own storage) whose page fails the test on uncaught page errors. With `axe`, axe-core is an init
 * script of the context: the browser runs it in each new document before the page's own scripts, from the DevTools
 * protocol, which the page's CSP does not govern. So checked pages keep the shop's real CSP, and no page load pays
 * for sending and compiling a 0.5 MB inline script again (it was a third of an axe sweep's time).
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  if (options.axe) {
    axeSource ??= import('axe-core').then((axe) => axe.source);
    await context.addInitScript({ content: await axeSource });
  }
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/**
 * One browser for the file (launched before its tests, closed after them) and `open`, a fresh page (own context and
 * storage) on `base`; an uncaught error on any page it opened fails the file once its tests have run.
 */
export function browserPerFile(base: string) {
  let browser: Browser;
  const pageErrors: string[][] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    expect(pageErrors.flat(), 'uncaught page errors').toEqual([]);
  });
  return {
    async open(viewport = DESKTOP, options: PageOptions = {}): Promise<Page> {
      const { page, errors } = await newPage(browser, base, viewport, options);
      pageErrors.push(errors);
      return page;
    },
  };
}

/** Waits until the page's first loading spinner (if any) is gone and the network is idle. */
export async function waitForSpinnerAndNetworkIdle(page: Page) {
  await page
    .locator('.spinner-border')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
}

let counter = 0;
/**
 * One browser for the file and a fresh page (own context and storage) for each test, handed to `use`; a test
 * fails when its page threw an uncaught error.
 */
export function pagePerTest(base: string, use: (page: Page) => void): void {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async (ctx) => {
    const { page, errors } = await newPage(browser, base);
    use(page);
    ctx.onTestFinished(async () => {
      expect(errors, 'uncaught page errors').toEqual([]);
      await page.context().close();
    });
  });
}

export function uniqueEmail(prefix = 'shopper'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@voltshop.test`;
}

export async function register(page: Page, name: string, email: string, password = 'secret123', redirect?: string) {
  await page.goto(redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register');
  await submitRegistration(page, name, email, password);
  await page.locator('#username').waitFor({ state: 'attached' });
}

/** Fills and sends the register form already on screen. */
export async function submitRegistration(page: Page, name: string, email: string, password = 'secret123') {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
}

/** Fills the Shipping step's address form with a valid address (issue 30: recipient and phone, a country from the list,
 *  issue 40: its state;
 *  Continue is left to the caller). */
export async function fillShipping(page: Page, address = '1 Circuit Avenue') {
  await page.getByLabel('Recipient name', { exact: true }).fill('Casey Circuit');
  await page.getByLabel('Phone', { exact: true }).fill('+1 555 010 4477');
  await page.getByLabel('Address', { exact: true }).fill(address);
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('Postal Code', { exact: true }).fill('12345');
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  // Issue 40: a US address names its state (the web's form requires it).
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Illinois' });
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page) {
  await openMenuIfCollapsed(page);
  await page.locator('#username').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login/);
}

export async function openMenuIfCollapsed(page: Page) {
  // The header renders after the page's load event (the app's first render): wait for it before asking.
  await page.locator('.navbar-brand').waitFor();
  const toggler = page.getByRole('button', { name: 'Toggle navigation' });
  if ((await toggler.isVisible()) && (await toggler.getAttribute('aria-expanded')) !== 'true') await toggler.click();
}

/** Opens a product by name from the catalogue search and adds `qty` to the cart. */
export async function addProductToCart(page: Page, name: string, qty = 1) {
  await page.goto(`/search/${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  if (qty > 1) await page.getByLabel('Qty').selectOption(String(qty));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL(/\/cart$/);
  await page.getByRole('link', { name, exact: true }).waitFor();
}

/** Cart → shipping → payment → place order; returns the order id. Expects a signed-in user and a non-empty cart. */
export async function checkout(page: Page): Promise<string> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.waitForURL(/\/shipping$/);
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/payment$/);
  await expectChecked(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/placeorder$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  return page.url().split('/order/')[1];
}

async function expectChecked(page: Page) {
  expect(await page.getByLabel('Paypal or Credit Card').isChecked()).toBe(true);
}

/**
 * Waits until the development mailbox holds a mail to `to` whose subject matches: mail leaves through the outbox
 * worker (rendered on a thread of its own when the server runs built), so it arrives after the request that queued
 * it answered, not with it. Fails after 20 s.
 */
export async function waitForMail(base: string, to: string, subject: RegExp): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as { to: string; subject: string }[];
    if (mails.some((m) => m.to === to && subject.test(m.subject))) return;
    if (Date.now() > until) throw new Error(`no mail to ${to} with a subject matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const SCREENSHOTS = join(repoRoot, 'test-results', 'screenshots');

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => document.fonts?.ready);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Runs axe-core on a page opened with `{ axe: true }`; returns the violations of these impacts (serious and critical
 *  unless told; the admin pages are held to moderate too), with id, impact and targets. */
export async function axeViolations(
  page: Page,
  impacts: readonly string[] = ['serious', 'critical'],
): Promise<{ id: string; impact: string; help: string; targets: string[] }[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    throw new Error('axe-core is not on this page: open it with { axe: true }');
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((v) => impacts.includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** On an admin's paid order page: ships it (issue 38: carrier and tracking number asked), then marks it delivered. */
export async function shipAndDeliver(page: Page, carrier = 'UPS', trackingNumber = '1Z999AA10123456784') {
  const form = page.getByRole('form', { name: 'Ship this order' });
  await form.getByLabel('Carrier', { exact: true }).selectOption(carrier);
  await form.getByLabel('Tracking number').fill(trackingNumber);
  await form.getByRole('button', { name: 'Ship order' }).click();
  await page
    .getByText(/^Shipped on /)
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Mark as delivered' }).click();
  await page.getByRole('button', { name: 'Confirm delivery' }).click();
  await page.getByText(/^Delivered on \d{4}-\d{2}-\d{2}$/).waitFor();
}
