// Every route of the app (the route table (functions/src/domain/routes.ts)) at 390 px: no horizontal scroll, and axe finds no serious or critical
// violation (on the admin's pages, no moderate one either). Public routes as a visitor, checkout and order routes as a
// new customer, admin routes as the admin (admin.e2e.ts checks the admin's pages at desktop width).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '@domain/routes';
import { adminPaths } from '../src/features/admin/sections';
import {
  addProductToCart,
  axeViolations,
  browserPerFile,
  checkout,
  MOBILE,
  register,
  screenshot,
  signIn,
  uniqueEmail,
  waitForSpinnerAndNetworkIdle,
} from './support/browser';

const base = inject('shopUrl');
const ADMIN = { email: 'admin@voltshop.test', password: 'admin1234' };

/** Every router pattern in the route table (functions/src/domain/routes.ts) (nested admin ones included) and the
 *  admin's pages (web/src/features/admin/sections.ts). */
function allPatterns(node: object = { paths, adminPaths }): string[] {
  return Object.values(node).flatMap((v: unknown) =>
    v && typeof v === 'object' && 'path' in v ? [(v as { path: string }).path] : allPatterns(v as object),
  );
}

interface Visit {
  /** The pattern of the route table (functions/src/domain/routes.ts) this visit covers. */
  pattern: string;
  url: string;
}

const { open } = browserPerFile(base);

/** A 390 px page with axe-core. */
function mobilePage(): Promise<Page> {
  return open(MOBILE, { axe: true });
}

async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await waitForSpinnerAndNetworkIdle(page);
}

/** What is wrong with the page at `url`: sideways scroll and axe's findings of `impacts`. */
async function problemsAt(page: Page, url: string, impacts: readonly string[]) {
  await page.goto(url);
  await settle(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  const problems: string[] = [];
  if (scrollWidth > innerWidth) problems.push(`scrolls sideways: ${scrollWidth} px wide in ${innerWidth} px`);
  for (const v of await axeViolations(page, impacts)) problems.push(`axe ${v.impact} ${v.id}: ${v.targets.join(', ')}`);
  return problems.length ? { url, problems } : null;
}

async function productIdOf(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/products?keyword=${encodeURIComponent(name)}`);
  const { products } = (await res.json()) as { products: { _id: string; name: string }[] };
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`No product named ${name}`);
  return product._id;
}

const visited: Visit[] = [];
/** The new customer's order, whose packing slip the admin then opens. */
let customerOrderId = '';
const failures: { url: string; problems: string[] }[] = [];
const SERIOUS = ['serious', 'critical'];
/** The admin's pages are held to moderate findings too (a link outside every landmark, a skipped heading level). */
const MODERATE = ['moderate', ...SERIOUS];
async function check(page: Page, pattern: string, url: string, impacts = SERIOUS) {
  visited.push({ pattern, url });
  const found = await problemsAt(page, url, impacts);
  if (found) failures.push(found);
}
let mouseId = '';

// One test per kind of user (each within its own time limit); the findings of all are asserted at the end.
describe('every route at 390 px: no horizontal scroll, no serious or critical axe violation', () => {
  it('public routes, as a visitor with something in the cart', { timeout: 240_000 }, async () => {
    const visitor = await mobilePage();
    mouseId = await productIdOf(visitor, 'Kestrel Glide Wireless Mouse');
    await check(visitor, paths.home.path, paths.home.href());
    await check(visitor, paths.page.path, paths.page.href(2));
    await check(visitor, paths.search.path, paths.search.href('Lumen'));
    await check(visitor, paths.searchPage.path, paths.searchPage.href('a', 2));
    await check(visitor, paths.category.path, paths.category.href('Audio'));
    await check(visitor, paths.categoryPage.path, paths.categoryPage.href('Audio', 2));
    await check(visitor, paths.product.path, paths.product.href(mouseId));
    const charger = await productIdOf(visitor, 'Lumen 65W GaN Charger');
    await check(visitor, paths.compare.path, paths.compare.href([mouseId, charger]));
    await check(visitor, paths.cart.path, paths.cart.href(mouseId, 1)); // adds, then shows /cart
    await check(visitor, paths.login.path, paths.login.href());
    await check(visitor, paths.register.path, paths.register.href());
    // The pages of the links sent by email (a made-up token: the form, or the link's refusal, must fit too).
    await check(visitor, paths.forgotPassword.path, paths.forgotPassword.href());
    await check(visitor, paths.resetPassword.path, paths.resetPassword.href('A'.repeat(43)));
    await check(visitor, paths.verifyEmail.path, paths.verifyEmail.href('A'.repeat(43)));
    await check(visitor, paths.authAction.path, paths.authAction.href());
    await check(visitor, paths.stockAlertConfirm.path, paths.stockAlertConfirm.href('A'.repeat(43)));
    await check(visitor, paths.stockAlertUnsubscribe.path, paths.stockAlertUnsubscribe.href('A'.repeat(43)));
    await check(visitor, paths.cartRemindersUnsubscribe.path, paths.cartRemindersUnsubscribe.href('A'.repeat(43)));
    await check(visitor, paths.about.path, paths.about.href());
    await check(visitor, paths.contact.path, paths.contact.href());
    await check(visitor, paths.policy.path, paths.policy.href('returns'));
    await check(visitor, paths.notFound.path, '/no-such-page');
    await visitor.context().close();
  });

  it('checkout, order and profile routes, as a new customer', { timeout: 240_000 }, async () => {
    const customer = await mobilePage();
    await register(customer, 'Mina Park', uniqueEmail('mina'));
    await addProductToCart(customer, 'Lumen 65W GaN Charger');
    const orderId = await checkout(customer);
    await addProductToCart(customer, 'Lumen 65W GaN Charger'); // so the checkout pages have something to show
    await check(customer, paths.shipping.path, paths.shipping.href());
    await check(customer, paths.payment.path, paths.payment.href());
    await check(customer, paths.placeOrder.path, paths.placeOrder.href());
    await check(customer, paths.order.path, paths.order.href(orderId));
    await check(customer, paths.invoice.path, paths.invoice.href(orderId));
    customerOrderId = orderId;
    await check(customer, paths.profile.path, paths.profile.href());
    await check(customer, paths.wishlist.path, paths.wishlist.href());
    await screenshot(customer, 'mobile-390-profile');
    await customer.context().close();
  });

  it('admin routes, as the admin', { timeout: 240_000 }, async () => {
    const admin = await mobilePage();
    await admin.goto(paths.login.href());
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(`${base}/`);
    await admin.goto(adminPaths.users.href());
    const userEdit = await admin
      .getByRole('link', { name: /^Edit / })
      .first()
      .getAttribute('href');
    const productId = mouseId || (await productIdOf(admin, 'Kestrel Glide Wireless Mouse'));
    const headphones = await productIdOf(admin, 'Arcwave Quietude ANC Headphones');
    await check(admin, adminPaths.dashboard.path, adminPaths.dashboard.href(), MODERATE);
    await check(admin, adminPaths.users.path, adminPaths.users.href(), MODERATE);
    await check(admin, adminPaths.userEdit.path, userEdit!, MODERATE);
    await check(admin, adminPaths.products.path, adminPaths.products.href(), MODERATE);
    await screenshot(admin, 'admin-product-list-mobile');
    await check(admin, adminPaths.productPage.path, adminPaths.productPage.href(2), MODERATE);
    await check(admin, adminPaths.productEdit.path, adminPaths.productEdit.href(productId), MODERATE);
    // A product with variants: the editor's variants table.
    await check(admin, adminPaths.productEdit.path, adminPaths.productEdit.href(headphones), MODERATE);
    await check(admin, adminPaths.orders.path, adminPaths.orders.href(), MODERATE);
    await screenshot(admin, 'admin-order-list-mobile');
    await check(admin, adminPaths.settings.path, adminPaths.settings.href(), MODERATE);
    await check(admin, adminPaths.coupons.path, adminPaths.coupons.href(), MODERATE);
    await check(admin, adminPaths.giftCards.path, adminPaths.giftCards.href(), MODERATE);
    await check(admin, adminPaths.taxonomy.path, adminPaths.taxonomy.href(), MODERATE);
    await check(admin, adminPaths.customers.path, adminPaths.customers.href(), MODERATE);
    const customerPage = await admin.locator('a[href^="/admin/customers/"]').first().getAttribute('href');
    await check(admin, adminPaths.customer.path, customerPage!, MODERATE);
    // The customer's order as the admin sees it (the admin's actions), its invoice and its packing slip.
    await check(admin, paths.order.path, paths.order.href(customerOrderId), MODERATE);
    await check(admin, paths.invoice.path, paths.invoice.href(customerOrderId), MODERATE);
    await check(admin, paths.packingSlip.path, paths.packingSlip.href(customerOrderId), MODERATE);
    await admin.context().close();
  });

  it('visited every route of the route table (functions/src/domain/routes.ts) and found nothing wrong', () => {
    // A new route in the route table (functions/src/domain/routes.ts) or a new admin page must join the lists above.
    expect(new Set(visited.map((v) => v.pattern))).toEqual(new Set(allPatterns()));
    expect(failures).toEqual([]);
  });
});
