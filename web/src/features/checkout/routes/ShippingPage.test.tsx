import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartStore, resetCart } from '@/features/cart';
import { LocationProbe, renderRoutes } from '@/testing/render';
import { ShippingPage } from './ShippingPage';

const routes = [
  { path: '/shipping', element: <ShippingPage /> },
  { path: '*', element: <LocationProbe /> },
];

describe('ShippingPage', () => {
  beforeEach(() => resetCart());

  it('requires address, city, postal code and country', async () => {
    const { user } = renderRoutes(routes, { at: '/shipping' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const msg of ['Address is required', 'City is required', 'Postal code is required', 'Country is required']) {
      expect(await screen.findByText(msg)).toBeInTheDocument();
    }
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows the step indicator with Sign In and Shipping reached', () => {
    renderRoutes(routes, { at: '/shipping' });
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(steps).toHaveTextContent(/Sign In.*Shipping.*Payment.*Place Order/);
    expect(screen.getByRole('link', { name: /Shipping/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Payment/ })).toBeNull();
  });

  it('saves the address under shippingAddress and continues to /payment', async () => {
    const { user } = renderRoutes(routes, { at: '/shipping' });
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('Postal Code'), '12345');
    await user.type(screen.getByLabelText('Country'), 'USA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
    const saved = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
    expect(cartStore.get().shippingAddress).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('shippingAddress')!)).toEqual(saved);
  });
});
