import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAdmin } from '@/app/guards';
import { setUserInfo, signOut } from '@/lib/session';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { DEFAULT_SETTINGS } from '@domain/settings';
import { adminRoutes } from './routes';

const routes = [
  { path: '/admin', element: <RequireAdmin />, hydrateFallbackElement: <p>Loading…</p>, children: adminRoutes },
  { path: '*', element: <LocationProbe /> },
];

const product = {
  _id: 'p1',
  name: 'Volt Lamp',
  price: 5,
  image: '/images/x.svg',
  brand: 'b',
  category: 'c',
  description: 'd',
  countInStock: 2,
};

function serveEverything(config: { devMailbox?: boolean; paymentMode?: string } = {}) {
  return mockFetch({
    'GET /api/config': () => ({
      body: {
        paymentMode: config.paymentMode ?? 'simulated',
        paypalClientId: '',
        currency: 'USD',
        backend: 'embedded',
        devMailbox: config.devMailbox ?? false,
      },
    }),
    'GET /api/users': () => ({ body: { users: [], page: 1, pages: 1, total: 0 } }),
    'GET /api/users/u1': () => ({ body: { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false } }),
    'GET /api/products': () => ({ body: { products: [product], page: 1, pages: 1 } }),
    'GET /api/products/p1': () => ({ body: { ...product, reviews: [] } }),
    'GET /api/orders': () => ({ body: { orders: [], page: 1, pages: 1, total: 0 } }),
    'GET /api/settings': () => ({ body: DEFAULT_SETTINGS }),
    'GET /api/settings/history': () => ({ body: [] }),
    'GET /api/coupons': () => ({ body: [] }),
    'GET /api/customers': () => ({
      body: {
        customers: [
          { name: 'Gail G', email: 'gail@x.test', guest: true, orders: 2, totalSpent: 12.5, lastOrderAt: null },
        ],
        page: 1,
        pages: 1,
        total: 1,
      },
    }),
    'GET /api/customers/gail%40x.test': () => ({
      body: {
        customer: { name: 'Gail G', email: 'gail@x.test', guest: true, orders: 0, totalSpent: 0, lastOrderAt: null },
        orders: [],
      },
    }),
    'GET /api/admin/stats': () => ({
      body: {
        daily: [{ day: '2026-01-01', orders: 2, revenue: 30.5 }],
        lowStock: [
          {
            product: product._id,
            name: product.name,
            brand: product.brand,
            category: product.category,
            variant: null,
            variantLabel: null,
            sku: null,
            countInStock: 0,
          },
        ],
      },
    }),
  });
}

const pages: [string, string][] = [
  ['/admin', 'Dashboard'],
  ['/admin/userlist', 'Users'],
  ['/admin/user/u1/edit', 'Edit User'],
  ['/admin/productlist', 'Products'],
  ['/admin/productlist/2', 'Products'],
  ['/admin/product/p1/edit', 'Edit Product'],
  ['/admin/orderlist', 'Orders'],
  ['/admin/settings', 'Settings'],
  ['/admin/coupons', 'Discount codes'],
  ['/admin/customers', 'Customers'],
  ['/admin/customers/gail%40x.test', 'Gail G Guest'],
];

describe('adminRoutes', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it.each(pages)('%s loads its page (lazily) for an admin', { timeout: 15_000 }, async (at, heading) => {
    setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' });
    serveEverything();
    renderRoutes(routes, { at });
    // The first page also loads the admin layout's chunk (sidebar, top bar, search): a longer first wait.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search orders, products and customers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to shop' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/productlist/2', 'Products'],
    ['/admin/product/p1/edit', 'Products'],
    ['/admin/user/u1/edit', 'Users'],
    ['/admin/customers/gail%40x.test', 'Customers'],
  ])('%s highlights the sidebar’s %s section alone', { timeout: 15_000 }, async (at, section) => {
    setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' });
    serveEverything();
    renderRoutes(routes, { at });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' }, { timeout: 5000 });
    await waitFor(() =>
      expect([...nav.querySelectorAll('a.nav-link.active')].map((a) => a.textContent)).toEqual([section]),
    );
  });

  it.each([true, false])(
    'links the development mailbox only where GET /api/config says it answers (%s), never asking its path',
    { timeout: 15_000 },
    async (devMailbox) => {
      setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' });
      const calls = serveEverything({ devMailbox });
      renderRoutes(routes, { at: '/admin/settings' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 5000 })).toBeInTheDocument();
      await waitFor(() => expect(calls.some((c) => c.url === '/api/config')).toBe(true));
      const link = () => screen.queryByRole('link', { name: 'Mailbox (development)' });
      if (devMailbox)
        expect(await screen.findByRole('link', { name: 'Mailbox (development)' })).toHaveAttribute(
          'href',
          '/dev/mailbox',
        );
      else expect(link()).toBeNull();
      // A production admin's console stays clean: the mailbox's own path (a 404 there) is never fetched.
      expect(calls.filter((c) => c.url.startsWith('/dev/'))).toEqual([]);
    },
  );

  it.each([
    ['unavailable', true],
    ['simulated', false],
    ['paypal', false],
  ])(
    'tells the owner on every admin page when shoppers cannot pay (payment mode %s: %s)',
    { timeout: 15_000 },
    async (paymentMode, warned) => {
      setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' });
      const calls = serveEverything({ paymentMode });
      renderRoutes(routes, { at: '/admin/orderlist' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 5000 })).toBeInTheDocument();
      await waitFor(() => expect(calls.some((c) => c.url === '/api/config')).toBe(true));
      const warning = () => screen.queryByText(/Shoppers cannot pay their orders/);
      if (warned) {
        expect(await screen.findByText(/Shoppers cannot pay their orders/)).toBeInTheDocument();
        expect(warning()!.closest('[role="status"]')).toHaveTextContent(
          'Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
        );
      } else {
        // Waits for the config's answer to be rendered: the mailbox link's absence is not enough.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(warning()).toBeNull();
      }
    },
  );

  it.each(pages)('%s sends a signed-in customer home', async (at) => {
    setUserInfo({ _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 't' });
    serveEverything();
    renderRoutes(routes, { at });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each(pages)('%s sends a signed-out visitor to login with a redirect back', async (at) => {
    renderRoutes(routes, { at });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/login?redirect=${encodeURIComponent(at)}`);
  });
});
