import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { DashboardPage } from './DashboardPage';

const stats = { daily: [{ day: '2030-01-01', orders: 2, revenue: 50 }], lowStock: [] };

describe('DashboardPage: requests waiting (issue 38)', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it('shows the counts and links to the order list filtered to them', async () => {
    mockFetch({
      'GET /api/admin/stats': () => ({ body: stats }),
      'GET /api/orders/requests/summary': () => ({ body: { cancellations: 1, returns: 2 } }),
    });
    renderAt(<DashboardPage />, { path: '/admin' });
    const link = await screen.findByRole('link', { name: '1 cancellation request · 2 returns' });
    expect(link).toHaveAttribute('href', '/admin/orderlist?requests=waiting');
  });

  it('says when nothing waits', async () => {
    mockFetch({
      'GET /api/admin/stats': () => ({ body: stats }),
      'GET /api/orders/requests/summary': () => ({ body: { cancellations: 0, returns: 0 } }),
    });
    renderAt(<DashboardPage />, { path: '/admin' });
    expect(await screen.findByText('None: no cancellation or return to decide.')).toBeVisible();
  });
});

describe('DashboardPage: low stock per variant (issue 40)', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it('lists each low variant with its label and SKU, and a plain product with none; each links to its editor', async () => {
    const item = { brand: 'Volt', category: 'Phones' };
    mockFetch({
      'GET /api/admin/stats': () => ({
        body: {
          ...stats,
          lowStock: [
            {
              ...item,
              product: 'p1',
              name: 'Volt Phone',
              variant: 'v2',
              variantLabel: 'Black / 512 GB',
              sku: 'VP-512',
              countInStock: 0,
            },
            {
              ...item,
              product: 'p2',
              name: 'USB-C Cable',
              variant: null,
              variantLabel: null,
              sku: null,
              countInStock: 3,
            },
          ],
        },
      }),
      'GET /api/orders/requests/summary': () => ({ body: { cancellations: 0, returns: 0 } }),
      'GET /api/stock-alerts/demand': () => ({ body: [] }),
    });
    renderAt(<DashboardPage />, { path: '/admin' });
    const table = await screen.findByRole('table', { name: 'Low-stock products' });
    expect(within(table).getByRole('columnheader', { name: /VARIANT/ })).toBeInTheDocument();
    expect(within(table).getByText('Black / 512 GB')).toBeInTheDocument();
    expect(within(table).getByText('VP-512')).toBeInTheDocument();
    expect(within(table).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Edit Volt Phone (Black / 512 GB)' })).toHaveAttribute(
      'href',
      '/admin/product/p1/edit',
    );
    expect(within(table).getByRole('link', { name: 'Edit USB-C Cable' })).toHaveAttribute(
      'href',
      '/admin/product/p2/edit',
    );
  });
});
