import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { DashboardPage } from './DashboardPage';

const stats = { daily: [{ day: '2030-01-01', orders: 2, revenue: 50 }], lowStock: [], lowStockThreshold: 5 };

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
              slug: 'volt-phone',
              name: 'Volt Phone',
              variant: 'v2',
              variantLabel: 'Black / 512 GB',
              sku: 'VP-512',
              countInStock: 0,
            },
            {
              ...item,
              product: 'p2',
              slug: 'usb-c-cable',
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
    const table = await screen.findByRole('table', { name: 'Low-stock items' });
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
    // Issue 40: the name links the shop's page at its readable address (a variant's row, that variant).
    expect(within(table).getByRole('link', { name: 'Volt Phone' })).toHaveAttribute(
      'href',
      '/product/volt-phone?variant=v2',
    );
    expect(within(table).getByRole('link', { name: 'USB-C Cable' })).toHaveAttribute('href', '/product/usb-c-cable');
  });
});

describe("DashboardPage: low stock follows the owner's threshold (issue 40)", () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  const row = (i: number) => ({
    product: `p${i}`,
    slug: `item-${i}`,
    name: `Item ${i}`,
    brand: 'Volt',
    category: 'Phones',
    variant: null,
    variantLabel: null,
    sku: null,
    countInStock: 1,
  });
  const dashboard = (lowStock: ReturnType<typeof row>[], lowStockThreshold: number) => {
    mockFetch({
      'GET /api/admin/stats': () => ({ body: { ...stats, lowStock, lowStockThreshold } }),
      'GET /api/orders/requests/summary': () => ({ body: { cancellations: 0, returns: 0 } }),
      'GET /api/stock-alerts/demand': () => ({ body: [] }),
    });
    renderAt(<DashboardPage />, { path: '/admin' });
  };

  it("says what revenue counts: a gift card's or store credit's share when spent, as the CSV's Revenue (issue 39)", async () => {
    dashboard([], 5);
    expect(await screen.findByText(/what a gift card or store credit paid counts when it is spent/)).toBeVisible();
    expect(screen.getByText(/the orders CSV's Revenue column, summed over the same days/)).toBeVisible();
  });

  it('says the threshold it listed by, never a fixed 5, and items rather than products', async () => {
    dashboard([], 12);
    expect(await screen.findByText('Every product and variant has more than 12 in stock.')).toBeVisible();
    expect(screen.queryByText(/more than 5 in stock/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Low stock' })).toBeVisible();
    expect(screen.getByText(/Products and variants with 12 or fewer in stock/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'your low-stock setting' })).toHaveAttribute('href', '/admin/settings');
    expect(screen.getByText('Low-stock items')).toBeVisible();
  });

  it('a threshold of 0 reads as such, and a full list of 20 says only the lowest are shown', async () => {
    dashboard(
      Array.from({ length: 20 }, (_, i) => row(i)),
      0,
    );
    await screen.findByRole('table', { name: 'Low-stock items' });
    expect(
      screen.getByText(/Products and variants with 0 or fewer in stock, lowest first \(the 20 lowest shown\)/),
    ).toBeVisible();
    expect(screen.getByText('20+')).toBeVisible();
  });

  it('a short list shows its count without a "+" or the cut note', async () => {
    dashboard([row(1), row(2)], 5);
    await screen.findByRole('table', { name: 'Low-stock items' });
    expect(screen.queryByText(/lowest shown/)).toBeNull();
    expect(screen.queryByText('2+')).toBeNull();
  });
});

describe('DashboardPage: email not going out', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());
  const summary = { 'GET /api/orders/requests/summary': () => ({ body: { cancellations: 0, returns: 0 } }) };
  /** The dashboard over stats whose mail fields are these (none overdue, none failing unless given). */
  const showDashboard = (mail: { mailOverdueSince?: string | null; mailFailing?: unknown }) => {
    mockFetch({
      'GET /api/admin/stats': () => ({ body: { ...stats, mailOverdueSince: null, mailFailing: null, ...mail } }),
      ...summary,
    });
    renderAt(<DashboardPage />, { path: '/admin' });
  };

  it('warns the owner since when mail has waited, and what to set', async () => {
    showDashboard({ mailOverdueSince: '2030-01-01T09:30:00.000Z' });
    const warning = await screen.findByTestId('mail-overdue');
    expect(warning).toHaveTextContent('Emails are not going out');
    expect(warning).toHaveTextContent('SMTP_URL');
    expect(warning).toHaveTextContent('2030');
  });

  it('tells the owner emails are failing, how many, and what the last attempt ended with', async () => {
    const mailFailing = {
      count: 3,
      more: false,
      givenUp: 1,
      resendable: 1,
      lastError: '535 5.7.8 Authentication failed',
    };
    showDashboard({ mailFailing });
    const warning = await screen.findByTestId('mail-failing');
    expect(warning).toHaveTextContent('Emails are failing: 3 emails of the last 30 days could not be sent');
    expect(warning).toHaveTextContent('(1 given up after every retry)');
    expect(warning).toHaveTextContent('“535 5.7.8 Authentication failed”');
    expect(screen.queryByTestId('mail-overdue')).toBeNull();
  });

  it('says "or more" when the server read only the first of many', async () => {
    const mailFailing = { count: 100, more: true, givenUp: 0, resendable: 0, lastError: 'connect ECONNREFUSED' };
    showDashboard({ mailFailing });
    const warning = await screen.findByTestId('mail-failing');
    expect(warning).toHaveTextContent('100 or more emails of the last 30 days could not be sent. The last attempt');
  });

  it('sends the given-up emails again on request, once, and says how many went back in the queue', async () => {
    let mailFailing: unknown = {
      count: 3,
      more: false,
      givenUp: 2,
      resendable: 2,
      lastError: '535 5.7.8 Authentication failed',
    };
    const calls = mockFetch({
      'GET /api/admin/stats': () => ({ body: { ...stats, mailOverdueSince: null, mailFailing } }),
      'POST /api/admin/mail/resend': () => {
        mailFailing = null; // the mail server takes them now: nothing failing at the next read
        return { body: { queued: 2 } };
      },
      ...summary,
    });
    renderAt(<DashboardPage />, { path: '/admin' });
    const warning = await screen.findByTestId('mail-failing');
    expect(warning).toHaveTextContent('Password reset and email confirmation links are not sent again');
    await userEvent.click(within(warning).getByRole('button', { name: 'Send the 2 given-up emails again' }));
    expect(await screen.findByTestId('mail-resent')).toHaveTextContent(
      '2 emails are back in the queue: they go out as soon as the mail server accepts them.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/admin/mail/resend', body: undefined }),
    ]);
    // The dashboard read its figures again: nothing is failing any more.
    await expect.poll(() => screen.queryByTestId('mail-failing')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/admin/stats')).toHaveLength(2);
  });

  it('offers no Send again while nothing was given up', async () => {
    const retried = { count: 2, more: false, givenUp: 0, resendable: 0, lastError: '451 Try again later' };
    showDashboard({ mailFailing: retried });
    expect(within(await screen.findByTestId('mail-failing')).queryByRole('button')).toBeNull();
  });

  it('offers no Send again when the given-up emails are only expiring links', async () => {
    const links = { count: 1, more: false, givenUp: 1, resendable: 0, lastError: '535 5.7.8 Authentication failed' };
    showDashboard({ mailFailing: links });
    const warning = await screen.findByTestId('mail-failing');
    expect(warning).toHaveTextContent('(1 given up after every retry)');
    expect(within(warning).queryByRole('button')).toBeNull();
  });

  it('says why nothing went back in the queue when another admin sent them meanwhile', async () => {
    const one = { count: 1, more: false, givenUp: 1, resendable: 1, lastError: '535 5.7.8 Authentication failed' };
    mockFetch({
      'GET /api/admin/stats': () => ({ body: { ...stats, mailOverdueSince: null, mailFailing: one } }),
      'POST /api/admin/mail/resend': () => ({ body: { queued: 0 } }),
      ...summary,
    });
    renderAt(<DashboardPage />, { path: '/admin' });
    const warning = await screen.findByTestId('mail-failing');
    await userEvent.click(within(warning).getByRole('button', { name: 'Send the given-up email again' }));
    expect(await screen.findByTestId('mail-resent')).toHaveTextContent(
      'Nothing went back in the queue: no given-up email is left to send again.',
    );
  });

  it('says nothing while mail goes out', async () => {
    showDashboard({});
    expect(await screen.findByText('None: no cancellation or return to decide.')).toBeVisible();
    expect(await screen.findByText('Orders (30 days)')).toBeVisible();
    expect(screen.queryByTestId('mail-overdue')).toBeNull();
    expect(screen.queryByTestId('mail-failing')).toBeNull();
  });
});
