// A guest's order page (issue 30): opened with the order's token (the emailed link), paid with it, and after paying
// "Create an account" (password only) that signs in and keeps the order.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderToken } from '@/lib/guestCheckout';
import { sessionStore, signOut } from '@/lib/session';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { simulatedConfig, unpaidOrder } from '@/testing/orders';
import { OrderPage } from './OrderPage';
import { InvoicePage } from './PrintPages';

const guestOrder = unpaidOrder({
  isGuest: true,
  user: { _id: 'guest:gail@example.com', name: 'Guest', email: 'gail@example.com' },
});
const simulated = simulatedConfig;
const routes = [
  { path: '/order/:id', element: <OrderPage /> },
  { path: '/order/:id/invoice', element: <InvoicePage /> },
  { path: '*', element: <LocationProbe /> },
];

beforeEach(() => {
  signOut();
  sessionStorage.clear();
});
afterEach(() => sessionStorage.clear());

function serve() {
  let current = guestOrder;
  const calls = mockFetch({
    'GET /api/orders/o1': () => ({ body: current }),
    'GET /api/config': () => ({ body: simulated }),
    'PUT /api/orders/o1/pay': () => {
      current = { ...current, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid', paymentStatus: 'paid' };
      return { body: current };
    },
    'POST /api/users': (body) => ({
      status: 201,
      body: { _id: 'u9', name: 'gail', email: (body as { email: string }).email, isAdmin: false, token: 'new-token' },
    }),
    'POST /api/orders/claim': () => {
      current = { ...current, isGuest: false, user: { _id: 'u9', name: 'gail', email: 'gail@example.com' } };
      return { body: current };
    },
  });
  return calls;
}

describe('a guest order page', () => {
  it("links to the order's invoice, which opens with the order's token as the page does", async () => {
    const calls = serve();
    const { user } = renderRoutes(routes, { at: '/order/o1?token=o1.sig' });
    await user.click(await screen.findByRole('link', { name: 'Invoice' }));
    expect(await screen.findByRole('heading', { level: 1, name: /invoice/i })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/orders/o1')).every((c) => c.url.includes('token=o1.sig'))).toBe(
      true,
    );
  });

  it("an invoice opened without a session or the order's token: sign in first", async () => {
    serve();
    renderRoutes(routes, { at: '/order/o1/invoice' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forder%2Fo1%2Finvoice'),
    );
  });

  it('without a session or the order’s token: sign in first', async () => {
    serve();
    renderRoutes(routes, { at: '/order/o1' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forder%2Fo1'));
  });

  it('opens with the link’s token (kept for a reload), pays, then creates an account that keeps the order', async () => {
    const calls = serve();
    const { user } = renderRoutes(routes, { at: '/order/o1?token=o1.sig' });
    expect(await screen.findByText('Glide Mouse')).toBeInTheDocument();
    expect(orderToken('o1')).toBe('o1.sig');
    expect(calls[0]!.url).toBe('/api/orders/o1?token=o1.sig');
    // The guest is the customer: the pay button is there, the account card not yet (unpaid).
    expect(screen.queryByRole('heading', { name: 'Create an account' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: /test payment/ }));
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/api/orders/o1/pay?token=o1.sig');

    // Paid: "Create an account" (its own lazy chunk: allowed the time a loaded machine takes to import it), the
    // email fixed, a password asked for (checked inline).
    expect(await screen.findByRole('heading', { name: 'Create an account' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByDisplayValue('gail@example.com')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const notice = await screen.findByText('Your account is ready: this order is now in My orders.');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(calls.find((c) => c.url === '/api/users')?.body).toEqual({
      name: 'gail',
      email: 'gail@example.com',
      password: 'secret12',
    });
    const claim = calls.find((c) => c.url === '/api/orders/claim')!;
    expect(claim.body).toEqual({ orderToken: 'o1.sig' });
    expect(claim.headers.Authorization).toBe('Bearer new-token');
    expect(sessionStore.get()?._id).toBe('u9');
    expect(screen.queryByRole('heading', { name: 'Create an account' })).toBeNull();
  }, 30_000);
});
