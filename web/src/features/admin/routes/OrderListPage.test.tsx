import type { Order } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { OrderListPage } from './OrderListPage';

const order = (n: number): Order =>
  ({
    _id: `order${n}`.padEnd(24, '0'),
    user: { _id: `u${n}`, name: `Customer ${n}`, email: `c${n}@shop.test` },
    orderItems: [],
    shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'd' },
    paymentMethod: 'PayPal',
    itemsPrice: 10,
    shippingPrice: 0,
    taxPrice: 1.5,
    totalPrice: 11.5,
    currency: 'USD',
    isPaid: false,
    paidAt: null,
    paymentResult: null,
    isDelivered: false,
    deliveredAt: null,
    status: 'awaiting_payment',
    expiresAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
  }) as unknown as Order;

describe('OrderListPage', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it(
    'asks the server for each page, status, sort and customer search (across all orders)',
    { timeout: 30_000 },
    async () => {
      const calls = mockFetch({
        'GET /api/orders/requests/summary': () => ({ body: { cancellations: 0, returns: 0 } }),
        'GET /api/orders': (_b, url) => ({
          body: {
            orders: [order(Number(url.searchParams.get('pageNumber')))],
            page: Number(url.searchParams.get('pageNumber')),
            pages: 3,
            total: 101,
          },
        }),
      });
      const { user } = renderAt(<OrderListPage />, { path: '/admin/orderlist' });
      expect(await screen.findByTestId('row-count')).toHaveTextContent('Page 1 of 3 (101 orders)');
      const listCalls = () => calls.filter((c) => c.url.startsWith('/api/orders?'));
      expect(listCalls()[0]!.url).toBe('/api/orders?pageNumber=1&sort=newest');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('row', { name: /Customer 2/ })).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Status'), 'paid');
      await user.selectOptions(screen.getByLabelText('Date'), 'oldest');
      await user.type(screen.getByLabelText('Search orders'), 'bob');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(listCalls().at(-1)!.url).toBe('/api/orders?pageNumber=1&status=paid&search=bob&sort=oldest'),
      );
      const table = screen.getByRole('table', { name: 'Orders' });
      expect(within(table).getByRole('link', { name: /Details of order order1/ })).toBeInTheDocument();
    },
  );

  it('a status in the address the list does not know: every order, the select on All and a note saying so; a stored status name is read as its filter', async () => {
    const calls = mockFetch({
      'GET /api/orders/requests/summary': () => ({ body: { cancellations: 0, returns: 0 } }),
      'GET /api/orders': () => ({ body: { orders: [order(1)], page: 1, pages: 1, total: 1 } }),
    });
    const listCalls = () => calls.filter((c) => c.url.startsWith('/api/orders?'));
    const first = renderAt(<OrderListPage />, { path: '/admin/orderlist', at: '/admin/orderlist?status=bogus' });
    expect(await screen.findByRole('row', { name: /Customer 1/ })).toBeInTheDocument();
    expect(listCalls()[0]!.url).toBe('/api/orders?pageNumber=1&sort=newest');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('No order status is called “bogus”: showing every order.');
    // Choosing a status replaces the unknown one, and the note goes.
    await first.user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await waitFor(() => expect(listCalls().at(-1)!.url).toBe('/api/orders?pageNumber=1&status=paid&sort=newest'));
    expect(screen.queryByText(/No order status is called/)).toBeNull();
    first.unmount();

    // The stored name (what an order's own status says) finds the same orders as its filter.
    renderAt(<OrderListPage />, { path: '/admin/orderlist', at: '/admin/orderlist?status=awaiting_payment' });
    await waitFor(() => expect(listCalls().at(-1)!.url).toBe('/api/orders?pageNumber=1&status=unpaid&sort=newest'));
    expect(await screen.findByLabelText('Status')).toHaveValue('unpaid');
    expect(screen.queryByText(/No order status is called/)).toBeNull();
  });

  it("marks a guest's order (named by its recipient) as a guest's", async () => {
    mockFetch({
      'GET /api/orders/requests/summary': () => ({ body: { cancellations: 0, returns: 0 } }),
      'GET /api/orders': () => ({
        body: {
          orders: [
            { ...order(1), user: { _id: 'guest:gus@x.test', name: 'Gus Guestly', email: 'gus@x.test' }, isGuest: true },
            order(2),
          ],
          page: 1,
          pages: 1,
          total: 2,
        },
      }),
    });
    renderAt(<OrderListPage />, { path: '/admin/orderlist' });
    const guestRow = await screen.findByRole('row', { name: /Gus Guestly/ });
    expect(within(guestRow).getByText('guest')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Customer 2/ })).queryByText('guest')).toBeNull();
  });

  it('the Requests tab: its count from the summary, and the list of orders with a request waiting', async () => {
    const waiting = {
      ...order(7),
      isPaid: true,
      status: 'paid',
      cancellationRequest: {
        reason: 'Ordered twice',
        status: 'pending',
        createdAt: '',
        decidedAt: null,
        message: null,
      },
      returns: [],
    } as unknown as Order;
    const calls = mockFetch({
      'GET /api/orders/requests/summary': () => ({ body: { cancellations: 1, returns: 2 } }),
      'GET /api/orders': (_b, url) => ({
        body: {
          orders: url.searchParams.get('requests') === 'waiting' ? [waiting] : [order(1)],
          page: 1,
          pages: 1,
          total: 1,
        },
      }),
    });
    const { user } = renderAt(<OrderListPage />, { path: '/admin/orderlist' });
    const views = await screen.findByRole('navigation', { name: 'Order views' });
    expect(await within(views).findByTestId('requests-count')).toHaveTextContent('3 waiting');
    expect(within(views).getByRole('link', { name: 'All orders' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(views).getByRole('link', { name: /Requests/ }));
    expect(await screen.findByRole('row', { name: /Customer 7/ })).toHaveTextContent('Cancellation asked');
    expect(calls.filter((c) => c.url.startsWith('/api/orders?')).at(-1)!.url).toBe(
      '/api/orders?pageNumber=1&sort=newest&requests=waiting',
    );
    expect(within(views).getByRole('link', { name: /Requests/ })).toHaveAttribute('aria-current', 'page');
  });
});
