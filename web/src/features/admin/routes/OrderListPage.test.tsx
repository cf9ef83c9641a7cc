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
      expect(calls[0]!.url).toBe('/api/orders?pageNumber=1&sort=newest');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('row', { name: /Customer 2/ })).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Status'), 'paid');
      await user.selectOptions(screen.getByLabelText('Date'), 'oldest');
      await user.type(screen.getByLabelText('Search orders'), 'bob');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(calls.at(-1)!.url).toBe('/api/orders?pageNumber=1&status=paid&search=bob&sort=oldest'),
      );
      const table = screen.getByRole('table', { name: 'Orders' });
      expect(within(table).getByRole('link', { name: /Details of order order1/ })).toBeInTheDocument();
    },
  );
});
