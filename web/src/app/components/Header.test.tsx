import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { addToCart, resetCart } from '@/features/cart';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { Header } from './Header';

const routes = [
  { path: '/', element: <Header /> },
  {
    path: '/search/:keyword',
    element: (
      <>
        <Header />
        <LocationProbe />
      </>
    ),
  },
  { path: '*', element: <LocationProbe /> },
];
const alice = { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test', isAdmin: false, token: 't' };

describe('Header', () => {
  afterEach(() => {
    signOut();
    resetCart();
  });

  it('shows the brand, links and Sign In for visitors; no admin menu', () => {
    renderRoutes(routes);
    expect(screen.getByRole('link', { name: /Voltshop/ })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['About Us', 'Contact Us', 'Sign In'])
      expect(within(nav).getByRole('link', { name: new RegExp(name) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
    expect(screen.getByPlaceholderText('Search Products...')).toBeInTheDocument();
  });

  it('lists the categories with their counts in the Categories menu, loaded when first wanted, and goes to one', async () => {
    const calls = mockFetch({
      'GET /api/products/facets': () => ({
        body: {
          categories: [
            { value: 'Audio', count: 4 },
            { value: 'Laptops', count: 2 },
          ],
          brands: [],
        },
      }),
    });
    const { user } = renderRoutes([
      {
        path: '*',
        element: (
          <>
            <Header />
            <LocationProbe />
          </>
        ),
      },
    ]);
    expect(calls).toHaveLength(0); // nothing asked before the menu is wanted
    await user.click(screen.getByRole('button', { name: 'Categories' }));
    const menu = screen.getByRole('list', { name: 'Categories' });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['All products', 'Audio (4)', 'Laptops (2)']),
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/products/facets?keyword=']);
    await user.click(within(menu).getByRole('link', { name: 'Audio (4)' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/category/Audio'));
  });

  it('counts cart items in the badge', () => {
    addToCart({ product: 'p1', name: 'A', image: '/a.svg', price: 1, countInStock: 9, qty: 2 });
    addToCart({ product: 'p2', name: 'B', image: '/b.svg', price: 1, countInStock: 9, qty: 3 });
    renderRoutes(routes);
    expect(screen.getByTestId('cart-count')).toHaveTextContent('5');
  });

  it('searches non-blank terms and goes home for blank ones', async () => {
    const { user, router } = renderRoutes(routes);
    await user.type(screen.getByLabelText('Search products'), '  usb (c) ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/usb%20(c)'));
    const box = screen.getByLabelText('Search products');
    expect(box).toHaveValue('usb (c)');
    await user.clear(box);
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("titles the user menu with the user's name; Logout clears userInfo", async () => {
    setUserInfo(alice);
    const { user, router } = renderRoutes(routes);
    const menu = screen.getByRole('button', { name: 'Alice Walker' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem('userInfo')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the Admin menu (Dashboard, Users, Products, Orders) to admins only', async () => {
    setUserInfo({ ...alice, isAdmin: true });
    const { user } = renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Admin' }));
    const links = ['Dashboard', 'Users', 'Products', 'Orders'].map((name) =>
      screen.getByRole('link', { name }).getAttribute('href'),
    );
    expect(links).toEqual(['/admin', '/admin/userlist', '/admin/productlist', '/admin/orderlist']);
    act(() => setUserInfo(alice));
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('closes the menu with Escape and returns focus to its button', async () => {
    setUserInfo(alice);
    const { user } = renderRoutes(routes);
    const menu = screen.getByRole('button', { name: 'Alice Walker' });
    menu.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});
