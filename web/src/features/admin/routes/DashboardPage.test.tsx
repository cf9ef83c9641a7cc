import { screen } from '@testing-library/react';
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
