import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, cartStore, resetCart, saveShippingAddress } from '@/features/cart';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { PlaceOrderPage } from './PlaceOrderPage';

const routes = [
  { path: '/placeorder', element: <PlaceOrderPage /> },
  { path: '*', element: <LocationProbe /> },
];
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

describe('PlaceOrderPage', () => {
  beforeEach(() => {
    resetCart();
    saveShippingAddress(address);
  });

  it('sends to /shipping without a shipping address', async () => {
    resetCart();
    renderRoutes(routes, { at: '/placeorder' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shipping'));
  });

  it('disables Place Order when the cart is empty (spec defect fixed)', () => {
    renderRoutes(routes, { at: '/placeorder' });
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('places the order with product ids and quantities, empties the cart and opens the order', async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    const calls = mockFetch({ 'POST /api/orders': () => ({ status: 201, body: { _id: 'o9' } }) });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$156.35');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/o9'));
    const body = calls[0].body as {
      orderItems: { product: string; qty: number }[];
      shippingAddress: unknown;
      paymentMethod: string;
    };
    expect(body.orderItems[0]).toMatchObject({ product: 'p1', qty: 2 });
    expect(body.shippingAddress).toEqual(address);
    expect(body.paymentMethod).toBe('PayPal');
    expect(cartStore.get().cartItems).toEqual([]);
  });

  it("shows the API's stock message and keeps the cart", async () => {
    addToCart({ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, countInStock: 5, qty: 2 });
    mockFetch({ 'POST /api/orders': () => ({ status: 409, body: { message: 'Only 1 left of Glide Mouse' } }) });
    const { user } = renderRoutes(routes, { at: '/placeorder' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left of Glide Mouse');
    expect(cartStore.get().cartItems).toHaveLength(1);
  });
});
