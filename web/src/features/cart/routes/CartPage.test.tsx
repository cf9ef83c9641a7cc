import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { productKeys } from '@/lib/queryKeys';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { addToCart, cartStore, resetCart } from '../store';
import { cartSyncErrorStore } from '../syncStatus';
import { DEFAULT_SETTINGS } from '@domain/settings';
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

  it("estimates tax and shipping with the owner's settings, for the saved address's country or another", async () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'DE', percent: 19 }] },
      shipping: { ...DEFAULT_SETTINGS.shipping, countries: [{ country: 'DE', price: 4.9 }] },
    };
    mockFetch({
      'GET /api/products/p1': () => ({ body: product }),
      'GET /api/settings/public': () => ({ body: settings }),
    });
    cartStore.set((s) => ({
      ...s,
      shippingAddress: { address: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'de' },
    }));
    const { user } = renderRoutes(routes, { at: '/cart/p1?qty=2' });
    // $49.00 to DE: $4.90 shipping, 19% tax $9.31.
    expect(await screen.findByTestId('estimate-shipping')).toHaveTextContent('$4.90');
    expect(screen.getByTestId('estimate-tax')).toHaveTextContent('$9.31');
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('$63.21');
    expect(screen.getByTestId('free-shipping')).toHaveTextContent('$51.01 away from free shipping');
    await user.selectOptions(screen.getByLabelText('Estimate for'), 'Other countries');
    expect(screen.getByTestId('estimate-shipping')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('estimate-tax')).toHaveTextContent('$7.35');
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('$156.35');
  });

  it('offers "Continue shopping": back to the last catalogue page, home when there is none', () => {
    renderRoutes(routes, { at: '/cart' });
    expect(screen.getByRole('link', { name: /Continue shopping/ })).toHaveAttribute('href', '/');
  });

  it('takes a discount code in the cart: its line in the estimate, remembered for Place Order', async () => {
    setUserInfo({ _id: 'u1', name: 'Ada', email: 'ada@example.com', isAdmin: false, token: 't' });
    const calls = mockFetch({
      'GET /api/products/p1': () => ({ body: { ...product, price: 60, countInStock: 5 } }),
      'GET /api/settings/public': () => ({ body: DEFAULT_SETTINGS }),
      'POST /api/coupons/check': () => ({ body: { code: 'QUARTER', ok: true, discountPrice: 30, message: null } }),
    });
    const { user } = renderRoutes(routes, { at: '/cart/p1?qty=2' });
    await user.type(await screen.findByLabelText('Discount code'), 'quarter');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // $120.00 of items, $30.00 off: free shipping (judged before the discount), tax 15% of $90.00.
    expect(await screen.findByTestId('estimate-discount')).toHaveTextContent('−$30.00');
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('$103.50');
    expect(calls.find((c) => c.url === '/api/coupons/check')?.body).toEqual({
      code: 'quarter',
      items: [{ product: 'p1', qty: 2 }],
    });
    expect(JSON.parse(localStorage.getItem('couponCode')!)).toBe('QUARTER');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByTestId('estimate-discount')).toBeNull();
    expect(localStorage.getItem('couponCode')).toBeNull();
  });

  it('a visitor who is not signed in applies a code too (no token sent), the line as its variant', async () => {
    const calls = mockFetch({
      'GET /api/products/p1': () => ({ body: { ...product, price: 60, countInStock: 5 } }),
      'GET /api/settings/public': () => ({ body: DEFAULT_SETTINGS }),
      'POST /api/coupons/check': () => ({ body: { code: 'GUEST5', ok: true, discountPrice: 5, message: null } }),
    });
    addToCart({
      product: 'p1',
      name: 'Glide Mouse',
      image: '/m.svg',
      price: 60,
      countInStock: 5,
      qty: 1,
      variant: 'v2',
      variantLabel: 'Blue',
    });
    const { user } = renderRoutes(routes, { at: '/cart' });
    const prompt = await screen.findByTestId('cart-discount');
    expect(within(prompt).queryByRole('link', { name: 'Sign in' })).toBeNull();
    await user.type(within(prompt).getByLabelText('Discount code'), 'guest5');
    await user.click(within(prompt).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('estimate-discount')).toHaveTextContent('−$5.00');
    const check = calls.find((c) => c.url === '/api/coupons/check')!;
    expect(check.body).toEqual({ code: 'guest5', items: [{ product: 'p1', qty: 1, variant: 'v2' }] });
    expect(Object.keys(check.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('adds the product of /cart/:id?qty= and shows subtotal with item count', async () => {
    mockFetch({ 'GET /api/products/p1': () => ({ body: product }) });
    renderRoutes(routes, { at: '/cart/p1?qty=2' });
    expect(await screen.findByRole('link', { name: 'Glide Mouse' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal-title')).toHaveTextContent('Subtotal (2 items)');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$49.00');
    expect(cartStore.get().cartItems[0]).toMatchObject({ product: 'p1', qty: 2, countInStock: 3 });
  });

  it('adds a product already in the cache (the page carried it) before the first paint: no spinner, no fetch', async () => {
    const calls = mockFetch({ 'GET /api/products/p1': () => ({ body: product }) });
    const { router } = renderRoutes(routes, {
      at: '/cart/p1?qty=2',
      prepare: (client) => {
        client.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
        client.setQueryData(productKeys.detail('p1'), product);
      },
    });
    // Synchronously, at the first render: no 'Adding to cart' spinner was ever there to be replaced.
    expect(screen.queryByRole('status', { name: 'Adding to cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Glide Mouse' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal-title')).toHaveTextContent('Subtotal (2 items)');
    // The product is not fetched (the settings for the estimate are, apart).
    expect(calls.filter((c) => c.url !== '/api/settings/public')).toEqual([]);
    // Then, once painted, the cart under its own address (the link is not kept in the history).
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('link', { name: 'Glide Mouse' })).toBeInTheDocument();
  });

  it('asks for a cached product again when its copy is stale, showing the spinner meanwhile', async () => {
    const calls = mockFetch({ 'GET /api/products/p1': () => ({ body: { ...product, price: 30 } }) });
    renderRoutes(routes, {
      at: '/cart/p1?qty=1',
      prepare: (client) => client.setQueryData(productKeys.detail('p1'), product, { updatedAt: Date.now() - 60_000 }),
    });
    expect(screen.getByRole('status', { name: 'Adding to cart' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Glide Mouse' })).toBeInTheDocument();
    expect(cartStore.get().cartItems[0]).toMatchObject({ product: 'p1', price: 30 });
    expect(calls.find((c) => c.url !== '/api/settings/public')).toMatchObject({
      method: 'GET',
      url: '/api/products/p1',
    });
  });

  it('changes quantities within 1..countInStock and removes lines', async () => {
    mockFetch({ 'GET /api/products/p1': () => ({ body: product }) }); // the cart's fresh stock read
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

  it('offers no more than the per-customer limit, counting the other variants of the product, and says why', async () => {
    const stocked = { ...product, countInStock: 60 };
    mockFetch({
      'GET /api/products/p1': () => ({ body: stocked }),
      'GET /api/settings/public': () => ({
        body: { ...DEFAULT_SETTINGS, limits: { ...DEFAULT_SETTINGS.limits, maxUnitsPerProduct: 5 } },
      }),
    });
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 60, qty: 1 });
    const { user } = renderRoutes(routes, { at: '/cart' });
    const select = screen.getByLabelText('Quantity of Glide Mouse');
    const enabled = () =>
      within(select)
        .getAllByRole<HTMLOptionElement>('option')
        .filter((o) => !o.disabled)
        .map((o) => o.textContent);
    await waitFor(() => expect(enabled()).toEqual(['1', '2', '3', '4', '5']));
    expect(screen.getByTestId('qty-limit')).toHaveTextContent('At most 5 per customer');
    expect(select.getAttribute('aria-describedby')).toContain(screen.getByTestId('qty-limit').id);
    await user.selectOptions(select, '5');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$122.50');
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

  it('refuses an out-of-stock product from /cart/:id?qty=1 and says why', async () => {
    mockFetch({ 'GET /api/products/p1': () => ({ body: { ...product, countInStock: 0 } }) });
    renderRoutes(routes, { at: '/cart/p1?qty=1' });
    expect(await screen.findByText('Glide Mouse is out of stock')).toBeInTheDocument();
    expect(cartStore.get().cartItems).toEqual([]);
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
  });

  it('shows line totals, the subtotal and how far free shipping is', async () => {
    mockFetch({});
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 3 });
    addToCart({ product: 'p2', name: 'Cable', image: '/c.svg', price: 6.1, countInStock: 5, qty: 2 });
    renderRoutes(routes, { at: '/cart' });
    expect(screen.getAllByTestId('cart-line-total').map((c) => c.textContent)).toEqual(['$73.50', '$12.20']);
    expect(screen.getByTestId('cart-subtotal-title')).toHaveTextContent('Subtotal (5 items)');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$85.70');
    // Free only over $100: $85.70 + $14.31 = $100.01.
    expect(screen.getByTestId('free-shipping')).toHaveTextContent('$14.31 away from free shipping');
  });

  it('says the order ships free once over $100', () => {
    mockFetch({});
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 100.01, countInStock: 5, qty: 1 });
    renderRoutes(routes, { at: '/cart' });
    expect(screen.getByTestId('free-shipping')).toHaveTextContent('Your order ships free');
  });

  it('flags lines that sold out or dropped below the quantity since they were added, and blocks checkout', async () => {
    setUserInfo({ _id: 'u', name: 'A', email: 'a@b.co', isAdmin: false, token: 't' });
    mockFetch({
      'GET /api/products/p1': () => ({ body: { ...product, countInStock: 0 } }),
      'GET /api/products/p2': () => ({ body: { ...product, _id: 'p2', name: 'Cable', countInStock: 1 } }),
    });
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 3, qty: 1 });
    addToCart({ product: 'p2', name: 'Cable', image: '/c.svg', price: 24.5, countInStock: 3, qty: 2 });
    const { user } = renderRoutes(routes, { at: '/cart' });
    expect(await screen.findByText('Out of Stock: remove it to check out')).toBeInTheDocument();
    expect(await screen.findByText('Only 1 left: lower the quantity')).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: 'Proceed To Checkout' });
    expect(proceed).toBeDisabled();
    expect(proceed).toHaveAccessibleDescription(/Some items cannot be ordered as they are/);

    await user.selectOptions(screen.getByLabelText('Quantity of Cable'), '1');
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled(); // the sold-out line remains
    await user.click(screen.getByRole('button', { name: 'Remove Glide Mouse from cart' }));
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Proceed To Checkout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/shipping$/));
  });
});
