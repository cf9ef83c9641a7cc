import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { addToCart, cartStore, resetCart } from '../store';
import { cartSyncErrorStore } from '../syncStatus';
import { CartPage } from './CartPage';

const routes = [
  { path: '/cart/:id?', element: <CartPage /> },
  { path: '*', element: <LocationProbe /> },
];
const product = { _id: 'p1', name: 'Glide Mouse', image: '/images/m.svg', price: 24.5, countInStock: 3, reviews: [] };

describe('CartPage', () => {
  beforeEach(() => resetCart());
  afterEach(() => signOut());

  it('tells the shopper when their cart could not be saved to their account (Firebase mode)', async () => {
    renderRoutes(routes, { at: '/cart' });
    expect(screen.queryByText(/could not be saved to your account/)).not.toBeInTheDocument();
    cartSyncErrorStore.set('Your cart could not be saved to your account.');
    expect(await screen.findByText('Your cart could not be saved to your account.')).toBeInTheDocument();
    cartSyncErrorStore.set(null);
    await waitFor(() => expect(screen.queryByText(/could not be saved/)).not.toBeInTheDocument());
  });

  it("says 'Your Cart is Empty' with a Go Back link and disables checkout", () => {
    renderRoutes(routes, { at: '/cart' });
    expect(screen.getByText(/Your Cart is Empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
  });

  it('adds the product of /cart/:id?qty= and shows subtotal with item count', async () => {
    mockFetch({ 'GET /api/products/p1': () => ({ body: product }) });
    renderRoutes(routes, { at: '/cart/p1?qty=2' });
    expect(await screen.findByRole('link', { name: 'Glide Mouse' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal-title')).toHaveTextContent('Subtotal (2) items');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$49.00');
    expect(cartStore.get().cartItems[0]).toMatchObject({ product: 'p1', qty: 2, countInStock: 3 });
  });

  it('changes quantities within 1..countInStock and removes lines', async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 3, qty: 1 });
    const { user } = renderRoutes(routes, { at: '/cart' });
    const select = screen.getByLabelText('Quantity of Glide Mouse');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3']);
    await user.selectOptions(select, '3');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$73.50');
    await user.click(screen.getByRole('button', { name: 'Remove Glide Mouse from cart' }));
    expect(screen.getByText(/Your Cart is Empty/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cartItems')!)).toEqual([]);
  });

  it('goes to /login?redirect=/shipping when signed out, /shipping when signed in', async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 3, qty: 1 });
    const first = renderRoutes(routes, { at: '/cart' });
    await first.user.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fshipping'));
    first.unmount();
    setUserInfo({ _id: 'u', name: 'A', email: 'a@b.co', isAdmin: false, token: 't' });
    const second = renderRoutes(routes, { at: '/cart' });
    await second.user.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/shipping$/));
  });
});
