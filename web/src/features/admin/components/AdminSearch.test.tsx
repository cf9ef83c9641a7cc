import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { AdminSearch } from './AdminSearch';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const product = {
  _id: 'p1',
  name: 'Mina Speaker',
  brand: 'Volt',
  category: 'Audio',
  price: 49,
  image: '',
  countInStock: 2,
};
const customer = { _id: 'u1', name: 'Mina Park', email: 'mina@example.com', guest: false, orders: 2, spent: 98 };

describe('AdminSearch', () => {
  it('lists the three searches grouped; the arrow keys cross the groups and Enter opens the hit', async () => {
    setUserInfo({ ...admin, token: 't' });
    onTestFinished(() => {
      cleanup();
      signOut();
      vi.restoreAllMocks();
    });
    const calls = mockFetch({
      'GET /api/orders': () => ({ body: { orders: [], page: 1, pages: 1 } }),
      'GET /api/products': () => ({ body: { products: [product], page: 1, pages: 1 } }),
      'GET /api/customers': () => ({ body: { customers: [customer], page: 1, pages: 1, total: 1 } }),
    });
    const { user } = renderAt(<AdminSearch />, { path: '/admin' });
    const box = screen.getByRole('combobox', { name: 'Search orders, products and customers' });
    await user.type(box, 'mina');
    await screen.findByRole('option', { name: /Mina Park/ });
    const results = screen.getByRole('listbox', { name: 'Search results' });
    expect(within(results).getByRole('group', { name: 'Orders' })).toHaveTextContent('No match');
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('search=mina'),
        expect.stringContaining('keyword=mina'),
        expect.stringMatching(/customers\?.*keyword=mina/),
      ]),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = within(results).getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/customers/u1');
  });
});
