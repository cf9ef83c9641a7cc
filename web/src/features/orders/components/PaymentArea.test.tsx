// PayPal mode of the payment area: the PayPal buttons' createOrder and onApprove go to the shop's API (the server
// creates and captures); the browser never captures and never sends PUT /pay. PayPal's SDK is replaced by a
// stand-in that calls the same two callbacks (the real SDK runs in web/e2e/paypal.e2e.ts).
import type { Order } from '@domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderAt } from '@/testing/render';
import type { PayPalPaymentProps } from './PayPalPayment';
import { PaymentArea } from './PaymentArea';

vi.mock('./PayPalPayment', () => ({
  default: ({ createPayPalOrder, onApproved }: PayPalPaymentProps) => (
    <button type="button" onClick={async () => onApproved(await createPayPalOrder())}>
      PayPal stand-in
    </button>
  ),
}));

const order = {
  _id: 'o1',
  user: { _id: 'u1', name: 'Alice', email: 'a@b.c' },
  totalPrice: 156.35,
  currency: 'USD',
  isPaid: false,
  status: 'awaiting_payment',
} as Order;
const paypalConfig = {
  paymentMode: 'paypal',
  paypalClientId: 'client',
  currency: 'USD',
  backend: 'embedded',
  devMailbox: false,
};

describe('PaymentArea in PayPal mode', () => {
  it('createOrder asks POST /paypal-order, onApprove asks POST /capture with PayPal’s order id; no PUT /pay', async () => {
    const calls = mockFetch({
      'GET /api/config': () => ({ body: paypalConfig }),
      'POST /api/orders/o1/paypal-order': () => ({ status: 201, body: { id: 'PAYPAL-ORDER-7' } }),
      'POST /api/orders/o1/capture': () => ({ body: { ...order, isPaid: true, status: 'paid' } }),
    });
    const { user } = renderAt(<PaymentArea order={order} />);
    await user.click(await screen.findByRole('button', { name: 'PayPal stand-in' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/orders/o1/capture')).toBe(true));
    expect(calls.find((c) => c.url === '/api/orders/o1/capture')).toMatchObject({
      method: 'POST',
      body: { paypalOrderId: 'PAYPAL-ORDER-7' },
    });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal (e.g. a refunded payment) in a red alert', async () => {
    mockFetch({
      'GET /api/config': () => ({ body: paypalConfig }),
      'POST /api/orders/o1/paypal-order': () => ({ status: 201, body: { id: 'PAYPAL-ORDER-8' } }),
      'POST /api/orders/o1/capture': () => ({
        status: 409,
        body: { message: 'Your PayPal payment was refunded: it could not be used for this order. Order has expired' },
      }),
    });
    const { user } = renderAt(<PaymentArea order={order} />);
    await user.click(await screen.findByRole('button', { name: 'PayPal stand-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your PayPal payment was refunded');
  });
});

describe('PaymentArea without a way to pay', () => {
  it('says payments are not set up instead of offering a test payment the server refuses (production, no PayPal)', async () => {
    const calls = mockFetch({
      'GET /api/config': () => ({ body: { ...paypalConfig, paymentMode: 'unavailable', paypalClientId: '' } }),
    });
    renderAt(<PaymentArea order={order} />);
    expect(await screen.findByText(/This shop cannot take payments yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
