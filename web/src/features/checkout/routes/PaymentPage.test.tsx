// The payment step: the spec's one method, and a word before Place Order where the shop can take no payment.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCart, saveShippingAddress } from '@/features/cart';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { PaymentPage } from './PaymentPage';

const routes = [
  { path: '/payment', element: <PaymentPage /> },
  { path: '*', element: <LocationProbe /> },
];
const config = (paymentMode: string) => ({
  'GET /api/config': () => ({
    body: { paymentMode, paypalClientId: '', currency: 'USD', backend: 'embedded', devMailbox: false },
  }),
});

describe('PaymentPage', () => {
  beforeEach(() => {
    resetCart();
    saveShippingAddress({ address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' });
  });

  it('says the shop cannot take payments yet where the server has no way to pay (production without PayPal)', async () => {
    mockFetch(config('unavailable'));
    const { user } = renderRoutes(routes, { at: '/payment' });
    expect(await screen.findByText(/This shop cannot take payments yet/)).toBeInTheDocument();
    // Store credit or a gift card may still pay a whole order at the next step.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/placeorder');
  });

  it.each(['simulated', 'paypal'])('says nothing of it in %s mode', async (mode) => {
    const calls = mockFetch(config(mode));
    renderRoutes(routes, { at: '/payment' });
    expect(screen.getByRole('radio', { name: 'Paypal or Credit Card' })).toBeChecked();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url === '/api/config')).toBe(true);
    expect(screen.queryByText(/This shop cannot take payments yet/)).toBeNull();
  });
});
