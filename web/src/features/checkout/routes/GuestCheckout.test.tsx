// Guest checkout in the web (issue 30): the gate that lets a guest through the checkout steps (signed-out others
// sign in first), and the guest's order placed with POST /api/orders/guest and opened with its token.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, resetCart, saveShippingAddress } from '@/features/cart';
import { orderToken, setGuestEmail } from '@/lib/guestCheckout';
import { setUserInfo, signOut } from '@/lib/session';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { PaymentPage, PlaceOrderPage } from './Checkout';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const probe = { path: '*', element: <LocationProbe /> };

beforeEach(() => {
  signOut();
  sessionStorage.clear();
  resetCart();
});
afterEach(() => sessionStorage.clear());

describe('the checkout steps for a guest', () => {
  const routes = [
    { path: '/payment', element: <PaymentPage /> },
    { path: '/placeorder', element: <PlaceOrderPage /> },
    probe,
  ];

  it('sends a signed-out visitor who is no guest to sign in, back to the step after', async () => {
    saveShippingAddress(address);
    renderRoutes(routes, { at: '/payment' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fpayment'));
  });

  it('lets the guest through, and places the order as the guest, opening it with its token', async () => {
    setGuestEmail('gail@example.com');
    saveShippingAddress(address);
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    const calls = mockFetch({
      'POST /api/orders/guest': () => ({ status: 201, body: { _id: 'o7', accessToken: 'o7.sig' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    expect(screen.getByText('gail@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o7?token=o7.sig'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      orderItems: [{ product: 'p1', qty: 2 }],
      shippingAddress: address,
      paymentMethod: 'PayPal',
      shippingMethod: 'standard', // issue 40: the cheapest unless another was chosen
      expectedTotal: 156.35, // the total shown (issue 38)
      email: 'gail@example.com',
    });
    expect(orderToken('o7')).toBe('o7.sig');
  });

  it("a guest's order whose total changed meanwhile: the new total shown, then placed at it (issue 38)", async () => {
    setGuestEmail('gail@example.com');
    saveShippingAddress(address);
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    const calls = mockFetch({
      'POST /api/orders/guest': (body) =>
        (body as { expectedTotal: number }).expectedTotal === 171.35
          ? { status: 201, body: { _id: 'o8', accessToken: 'o8.sig' } }
          : {
              status: 409,
              body: {
                message:
                  'The total changed from $156.35 to $171.35: prices, a code or shipping changed since the page was shown. Check the order and place it again.',
                expectedTotal: 156.35,
                totalPrice: 171.35,
                itemsPrice: 49,
                discountPrice: 0,
                shippingPrice: 115,
                taxPrice: 7.35,
              },
            },
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The total changed from $156.35 to $171.35');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$171.35');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o8?token=o8.sig'));
    const sent = calls
      .filter((c) => c.url === '/api/orders/guest')
      .map((c) => (c.body as { expectedTotal: number }).expectedTotal);
    expect(sent).toEqual([156.35, 171.35]);
  });

  it('a guest applies a discount code (checked without a token) and the order carries it', async () => {
    setGuestEmail('gail@example.com');
    saveShippingAddress(address);
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 30, countInStock: 5, qty: 2 });
    const calls = mockFetch({
      'POST /api/coupons/check': (body) =>
        (body as { code: string }).code.toUpperCase() === 'GUEST5'
          ? { body: { code: 'GUEST5', ok: true, discountPrice: 5, message: null } }
          : { body: { code: 'NOPE', ok: false, discountPrice: 0, message: 'This code does not exist.' } },
      'POST /api/orders/guest': () => ({ status: 201, body: { _id: 'o9', accessToken: 'o9.sig' } }),
    });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await user.type(screen.getByLabelText('Discount code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code does not exist.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Discount code'));
    await user.type(screen.getByLabelText('Discount code'), 'guest5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('summary-discount')).toHaveTextContent('−$5.00');
    const checks = calls.filter((c) => c.url === '/api/coupons/check');
    expect(checks).toHaveLength(2);
    for (const check of checks)
      expect(Object.keys(check.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9?token=o9.sig'));
    expect(calls.find((c) => c.url === '/api/orders/guest')?.body).toMatchObject({
      email: 'gail@example.com',
      couponCode: 'GUEST5',
    });
  });

  it('a signed-in shopper orders as themselves even with a guest email left in the tab', async () => {
    setGuestEmail('gail@example.com');
    setUserInfo({ _id: 'u1', name: 'Alice', email: 'alice@example.com', isAdmin: false, token: 't' });
    saveShippingAddress(address);
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 1 });
    const calls = mockFetch({ 'POST /api/orders': () => ({ status: 201, body: { _id: 'o8' } }) });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order\/o8$/));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/orders');
  });
});
