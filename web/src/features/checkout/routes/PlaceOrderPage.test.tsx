import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, cartStore, resetCart, saveShippingAddress } from '@/features/cart';
import { rememberCouponCode } from '@/lib/couponCode';
import { setGuestEmail } from '@/lib/guestCheckout';
import { setUserInfo, signOut } from '@/lib/session';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { DEFAULT_SETTINGS } from '@domain/settings';
import { settingsKeys } from '@/lib/queryKeys';
import { PlaceOrderPage } from './PlaceOrderPage';

const routes = [
  { path: '/placeorder', element: <PlaceOrderPage /> },
  { path: '*', element: <LocationProbe /> },
];
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 'tok' };

/** A fresh cart of two $24.50 mice to `address`: $49.00 of items, $156.35 with the default settings' shipping and tax. */
function twoMiceToAddress() {
  resetCart();
  saveShippingAddress(address);
  addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
}

describe('PlaceOrderPage', () => {
  beforeEach(() => {
    resetCart();
    saveShippingAddress(address);
  });

  it('sends to /shipping without a shipping address', async () => {
    resetCart();
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 1 });
    renderRoutes(routes, { at: '/placeorder' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shipping'));
  });

  it('sends an empty cart back to /cart (never a summary with $100 shipping for nothing)', async () => {
    renderRoutes(routes, { at: '/placeorder' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
    expect(screen.queryByText('$100.00')).toBeNull();
  });

  it('blocks Place Order while a line is short of stock, with a way back to the cart', () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    cartStore.set((s) => ({ ...s, cartItems: s.cartItems.map((i) => ({ ...i, countInStock: 1 })) }));
    renderRoutes(routes, { at: '/placeorder' });
    expect(screen.getByText(/Some items cannot be ordered as they are/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    // The line itself says what is wrong (the warning's "marked above").
    expect(screen.getByTestId('line-stock-note')).toHaveTextContent('Only 1 left: lower the quantity');
  });

  it("prices the summary as the server will: the owner's settings for the address's country", async () => {
    saveShippingAddress({ ...address, country: 'DE' });
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    mockFetch({
      'GET /api/settings/public': () => ({
        body: {
          ...DEFAULT_SETTINGS,
          tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'de', percent: 19 }] },
          shipping: { ...DEFAULT_SETTINGS.shipping, countries: [{ country: 'DE', price: 4.9 }] },
        },
      }),
    });
    renderRoutes(routes, { at: '/placeorder' });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$63.21'));
  });

  it('places the order with product ids and quantities, empties the cart and opens the order', async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    const calls = mockFetch({ 'POST /api/orders': () => ({ status: 201, body: { _id: 'o9' } }) });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$156.35');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    // Exactly what the server uses: no names, images or prices (it prices the order itself), and the total shown,
    // at which only it may be placed (issue 38).
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      orderItems: [{ product: 'p1', qty: 2 }],
      shippingAddress: address,
      paymentMethod: 'PayPal',
      shippingMethod: 'standard', // issue 40: the cheapest unless another was chosen
      expectedTotal: 156.35,
    });
    expect(cartStore.get().cartItems).toEqual([]);
  });

  it('checks a discount code: shows the refusal, or the discount line, and places the order with the code', async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 60, countInStock: 5, qty: 2 });
    const calls = mockFetch({
      'POST /api/coupons/check': (body) =>
        (body as { code: string }).code === 'quarter'
          ? { body: { code: 'QUARTER', ok: true, discountPrice: 30, message: null } }
          : {
              body: {
                code: 'NOPE',
                ok: false,
                discountPrice: 0,
                message: 'This code does not exist. Check it for typos.',
              },
            },
      'POST /api/orders': () => ({ status: 201, body: { _id: 'o9' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    const field = screen.getByLabelText('Discount code');
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code does not exist. Check it for typos.')).toBeInTheDocument();
    expect(screen.queryByTestId('summary-discount')).toBeNull();

    await user.clear(field);
    await user.type(field, 'quarter');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // 120.00 of items, 30.00 off: free shipping (judged before the discount), tax 15% of 90.00.
    expect(await screen.findByTestId('summary-discount')).toHaveTextContent('−$30.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$103.50');
    expect(calls.find((c) => c.url === '/api/coupons/check')?.body).toEqual({
      code: 'nope',
      items: [{ product: 'p1', qty: 2 }],
    });

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.find((c) => c.url === '/api/orders')?.body).toMatchObject({ couponCode: 'QUARTER' });
  });

  it('opens with the code applied in the cart: checked again for these lines, shown and sent, then forgotten', async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 60, countInStock: 5, qty: 2 });
    rememberCouponCode('QUARTER');
    const calls = mockFetch({
      'POST /api/coupons/check': () => ({ body: { code: 'QUARTER', ok: true, discountPrice: 30, message: null } }),
      'POST /api/orders': () => ({ status: 201, body: { _id: 'o9' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    expect(await screen.findByTestId('summary-discount')).toHaveTextContent('−$30.00');
    expect(calls.find((c) => c.url === '/api/coupons/check')?.body).toEqual({
      code: 'QUARTER',
      items: [{ product: 'p1', qty: 2 }],
    });
    // The field stays: the code can be removed here too.
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.find((c) => c.url === '/api/orders')?.body).toMatchObject({ couponCode: 'QUARTER' });
    expect(localStorage.getItem('couponCode')).toBeNull();
  });

  it('a remembered code refused now (used up meanwhile) says why and is not sent', async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 60, countInStock: 5, qty: 2 });
    rememberCouponCode('QUARTER');
    const calls = mockFetch({
      'POST /api/coupons/check': () => ({
        body: { code: 'QUARTER', ok: false, discountPrice: 0, message: 'This code has been used up.' },
      }),
      'POST /api/orders': () => ({ status: 201, body: { _id: 'o9' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    expect(await screen.findByText('This code has been used up.')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveValue('QUARTER');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.find((c) => c.url === '/api/orders')?.body).not.toHaveProperty('couponCode');
  });

  describe('the total changed since the page was shown (issue 38)', () => {
    // The page showed $61.73 (free shipping); the owner has since charged $15 for shipping.
    const free = { ...DEFAULT_SETTINGS, shipping: { ...DEFAULT_SETTINGS.shipping, defaultPrice: 0, freeOver: null } };
    const charged = { ...free, shipping: { ...free.shipping, defaultPrice: 15 } };
    const refusal = {
      message:
        'The total changed from $61.73 to $76.73: prices, a code or shipping changed since the page was shown. ' +
        'Check the order and place it again.',
      expectedTotal: 61.73,
      totalPrice: 76.73,
      itemsPrice: 53.68,
      discountPrice: 0,
      shippingPrice: 15,
      taxPrice: 8.05,
    };
    const mouse = { product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 53.68, countInStock: 5, qty: 1 };

    it('says so, shows the new total, reads the settings and prices again, and places at the new total', async () => {
      addToCart(mouse);
      let settings = free;
      const calls = mockFetch({
        'GET /api/settings/public': () => ({ body: settings }),
        'GET /api/products/p1': () => ({ body: { _id: 'p1', ...mouse, variants: [], options: [] } }),
        'POST /api/orders': (body) =>
          (body as { expectedTotal: number }).expectedTotal === 76.73
            ? { status: 201, body: { _id: 'o9' } }
            : { status: 409, body: refusal },
      });
      const { user } = renderRoutes(routes, { at: '/placeorder' });
      await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$61.73'));
      settings = charged; // saved by the owner while the page was open
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(refusal.message);
      expect(screen.getByTestId('summary-total')).toHaveTextContent('$76.73');
      expect(screen.getByTestId('summary-shipping')).toHaveTextContent('$15.00');
      // Read again: the settings (and the line's price), so the page's own figures are the server's.
      await waitFor(() => expect(calls.filter((c) => c.url === '/api/settings/public').length).toBeGreaterThan(1));
      expect(calls.some((c) => c.url.startsWith('/api/products/p1'))).toBe(true);
      expect(cartStore.get().cartItems).toHaveLength(1); // nothing was placed: the cart stays
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
      const sent = calls
        .filter((c) => c.url === '/api/orders')
        .map((c) => (c.body as { expectedTotal: number }).expectedTotal);
      expect(sent).toEqual([61.73, 76.73]);
    });

    it('reads the settings again when the page opens, not the copy the cart page read a moment ago', async () => {
      addToCart(mouse);
      mockFetch({ 'GET /api/settings/public': () => ({ body: charged }) });
      renderRoutes(routes, {
        at: '/placeorder',
        prepare: (client) => client.setQueryData(settingsKeys.public, free),
      });
      await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$76.73'));
    });
  });

  it("shows the API's stock message and keeps the cart", async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    mockFetch({ 'POST /api/orders': () => ({ status: 409, body: { message: 'Only 1 left of Glide Mouse' } }) });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left of Glide Mouse');
    expect(cartStore.get().cartItems).toHaveLength(1);
  });

  it('sold out since the cart was read: the lines are read again, and the page says which and blocks a new try', async () => {
    const mouse = { product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 1 };
    addToCart(mouse);
    const calls = mockFetch({
      'GET /api/products/p1': () => ({ body: { _id: 'p1', ...mouse, countInStock: 0, variants: [], options: [] } }),
      'POST /api/orders': () => ({ status: 409, body: { message: 'Glide Mouse is out of stock' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Glide Mouse is out of stock')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled());
    expect(screen.getByText(/Some items cannot be ordered as they are/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByTestId('line-stock-note')).toHaveTextContent('Out of Stock: remove it to check out');
    expect(cartStore.get().cartItems).toMatchObject([{ product: 'p1', countInStock: 0, qty: 1 }]);
    expect(calls.filter((c) => c.url === '/api/orders')).toHaveLength(1);
  });
});

describe('PlaceOrderPage: store credit (issue 39)', () => {
  const credit = (balance: number) => ({ 'GET /api/gift-cards/credit': () => ({ body: { balance } }) });
  const placed = { 'POST /api/orders': () => ({ status: 201, body: { _id: 'o9' } }) };
  beforeEach(twoMiceToAddress);
  afterEach(() => signOut());

  it('offers the balance, on by default: the summary shows what it pays and the rest, and the order uses it', async () => {
    setUserInfo(alice);
    const calls = mockFetch({ ...credit(20), ...placed });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    const use = await screen.findByRole('switch', { name: 'Use my store credit ($20.00 available)' });
    expect(use).toBeChecked();
    expect(screen.getByTestId('summary-tender-storeCredit')).toHaveTextContent('−$20.00');
    expect(screen.getByTestId('summary-provider')).toHaveTextContent('$136.35');
    expect(screen.queryByTestId('nothing-to-pay')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ useStoreCredit: true, expectedTotal: 156.35 });
  });

  it('turned off: no credit line, and the order does not ask for it', async () => {
    setUserInfo(alice);
    const calls = mockFetch({ ...credit(20), ...placed });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await user.click(await screen.findByRole('switch', { name: /Use my store credit/ }));
    expect(screen.queryByTestId('summary-tender-storeCredit')).toBeNull();
    expect(screen.queryByTestId('summary-provider')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('useStoreCredit');
  });

  it('a balance above the total pays it all, never more: nothing left to pay', async () => {
    setUserInfo(alice);
    mockFetch(credit(500));
    renderRoutes(routes, { at: '/placeorder' });
    expect(await screen.findByTestId('summary-tender-storeCredit')).toHaveTextContent('−$156.35');
    expect(screen.getByTestId('summary-provider')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('nothing-to-pay')).toBeInTheDocument();
  });

  it('the credit pays first, then a gift card pays of what is left (as the server asks them)', async () => {
    setUserInfo(alice);
    const calls = mockFetch({
      ...credit(150),
      'GET /api/gift-cards/ABCD-EFGH-JKLM-NPQR': () => ({
        body: { code: 'ABCD-EFGH-JKLM-NPQR', balance: 50, expiresAt: null },
      }),
      ...placed,
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await screen.findByRole('switch', { name: /Use my store credit/ });
    await user.type(screen.getByLabelText('Gift card'), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Apply gift card' }));
    expect(await screen.findByTestId('gift-card-applied')).toHaveTextContent('Gift card NPQR pays $6.35');
    expect(screen.getByTestId('summary-tender-storeCredit')).toHaveTextContent('−$150.00');
    expect(screen.getByTestId('summary-tender-giftCard')).toHaveTextContent('−$6.35');
    expect(screen.getByTestId('summary-provider')).toHaveTextContent('$0.00');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      useStoreCredit: true,
      giftCardCode: 'ABCD-EFGH-JKLM-NPQR',
    });
  });

  it('credit spent meanwhile (another tab): the refusal is shown, the balance read again, the switch gone', async () => {
    setUserInfo(alice);
    let balance = 20;
    mockFetch({
      'GET /api/gift-cards/credit': () => ({ body: { balance } }),
      'POST /api/orders': () => ({ status: 400, body: { message: 'You have no store credit to spend' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await screen.findByRole('switch', { name: /Use my store credit/ });
    balance = 0;
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no store credit to spend');
    await waitFor(() => expect(screen.queryByRole('switch')).toBeNull());
    expect(screen.queryByTestId('summary-tender-storeCredit')).toBeNull();
  });

  it('a customer without credit sees nothing of it', async () => {
    setUserInfo(alice);
    const calls = mockFetch(credit(0));
    renderRoutes(routes, { at: '/placeorder' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/gift-cards/credit')).toBe(true));
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByTestId('store-credit')).toBeNull();
  });

  it('a guest sees no credit switch, and its credit is never asked for', async () => {
    setGuestEmail('guest@example.com');
    const calls = mockFetch({ ...credit(20), 'POST /api/orders/guest': () => ({ status: 201, body: { _id: 'o9' } }) });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    expect(screen.getByText('guest@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.some((c) => c.url === '/api/gift-cards/credit')).toBe(false);
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('useStoreCredit');
    setGuestEmail(null);
  });
});

describe('PlaceOrderPage: a shop that cannot take payments (production without PayPal)', () => {
  const unavailable = {
    'GET /api/config': () => ({
      body: { paymentMode: 'unavailable', paypalClientId: '', currency: 'USD', backend: 'embedded', devMailbox: false },
    }),
  };
  beforeEach(twoMiceToAddress);
  afterEach(() => signOut());

  it('says so before the order is placed, and places none that nothing could pay (no stock held for it)', async () => {
    setUserInfo(alice);
    const calls = mockFetch({ ...unavailable, 'GET /api/gift-cards/credit': () => ({ body: { balance: 20 } }) });
    renderRoutes(routes, { at: '/placeorder' });
    expect(await screen.findByTestId('payments-unavailable')).toHaveTextContent('This shop cannot take payments yet');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('store credit that pays the whole total still places the order (nothing is left for the provider)', async () => {
    setUserInfo(alice);
    const calls = mockFetch({
      ...unavailable,
      'GET /api/gift-cards/credit': () => ({ body: { balance: 500 } }),
      'POST /api/orders': () => ({ status: 201, body: { _id: 'o9' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    expect(await screen.findByTestId('nothing-to-pay')).toBeInTheDocument();
    expect(screen.queryByTestId('payments-unavailable')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ useStoreCredit: true });
  });
});
