import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Header } from '@/app/components/Header';
import { signOut } from '@/lib/session';
import { DEFAULT_SETTINGS } from '@domain/settings';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { closeMiniCart } from '../miniCart';
import { addToCart, cartStore, resetCart } from '../store';

const routes = [
  { path: '/', element: <Header /> },
  { path: '*', element: <LocationProbe /> },
];

describe('MiniCart', () => {
  // The panel is a lazy chunk: load it once up front so a busy machine does not eat each test's time limit.
  beforeAll(() => import('./MiniCartPanel'), 20_000);
  beforeEach(() => resetCart());
  afterEach(() => {
    closeMiniCart();
    signOut();
  });

  it(
    "opens from the header's Cart link (which still points to /cart) with lines, subtotal and free shipping",
    {
      timeout: 15_000,
    },
    async () => {
      addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
      const { user } = renderRoutes(routes, { at: '/' });
      const cartLink = screen.getByRole('link', { name: 'Cart, 2 items' }); // the phone header's cart icon
      expect(cartLink).toHaveAttribute('href', '/cart');
      await user.click(cartLink);
      const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
      expect(within(dialog).getByRole('link', { name: 'Glide Mouse' })).toHaveAttribute('href', '/product/p1');
      expect(within(dialog).getByText('2 x $24.50')).toBeInTheDocument();
      expect(within(dialog).getByTestId('mini-cart-subtotal')).toHaveTextContent('Subtotal (2 items)$49.00');
      // The spec's $100 (the owner's settings are the defaults here).
      expect(await within(dialog).findByTestId('free-shipping')).toHaveTextContent('$51.01 away from free shipping');
      expect(within(dialog).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
      expect(screen.queryByTestId('location')).toBeNull(); // the page did not change

      await user.click(within(dialog).getByRole('button', { name: 'Checkout' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fshipping'));
    },
  );

  it(
    "tells free shipping by the owner's threshold (public settings), and nothing when shipping is never free",
    {
      timeout: 15_000,
    },
    async () => {
      let freeOver: number | null = 60;
      mockFetch({
        'GET /api/settings/public': () => ({
          body: { ...DEFAULT_SETTINGS, shipping: { ...DEFAULT_SETTINGS.shipping, freeOver } },
        }),
      });
      addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
      const { user, unmount } = renderRoutes(routes, { at: '/' });
      await user.click(screen.getByRole('link', { name: 'Cart, 2 items' }));
      const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
      expect(await within(dialog).findByTestId('free-shipping')).toHaveTextContent('$11.01 away from free shipping');
      closeMiniCart();
      unmount();

      freeOver = null;
      const again = renderRoutes(routes, { at: '/' });
      await again.user.click(screen.getByRole('link', { name: 'Cart, 2 items' }));
      const panel = await screen.findByRole('dialog', { name: 'Your cart' });
      await within(panel).findByTestId('mini-cart-subtotal');
      await waitFor(() => expect(within(panel).queryByTestId('free-shipping')).toBeNull());
    },
  );

  it('blocks Checkout while a line is out of stock', { timeout: 15_000 }, async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    addToCart({ product: 'p2', name: 'Cable', image: '/c.svg', price: 5, countInStock: 1, qty: 1 });
    // p2 sells out after it was added (the cart page's refresh records this).
    cartStore.set((s) => ({
      ...s,
      cartItems: s.cartItems.map((i) => (i.product === 'p2' ? { ...i, countInStock: 0 } : i)),
    }));
    const { user } = renderRoutes(routes, { at: '/' });
    await user.click(screen.getByRole('link', { name: /^Cart\s*3\s*items/ })); // the desktop menu's Cart link
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(dialog).getByText('Out of Stock: remove it to check out')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });
});
