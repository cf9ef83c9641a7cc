import type { Order } from '@domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { CancelledNotice, CancelOrderButton } from './CancelOrderButton';

const order = {
  _id: 'o1',
  user: { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test' },
  isPaid: false,
  status: 'awaiting_payment',
  expiresAt: '2030-01-02T03:04:00.000Z',
  isCancelled: false,
  cancelledAt: null,
} as unknown as Order;
const alice = { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test', isAdmin: false, token: 't' };

function show(o: Order, viewer = alice, answer?: () => { status?: number; body: unknown }) {
  setUserInfo(viewer);
  const calls = mockFetch({
    'PUT /api/orders/o1/cancel':
      answer ?? (() => ({ body: { ...o, status: 'expired', isCancelled: true, cancelledAt: '2030-01-01T00:00:00Z' } })),
  });
  return { calls, ...renderAt(<CancelOrderButton order={o} />) };
}

describe('CancelOrderButton', () => {
  afterEach(() => signOut());

  it('cancels only after the confirm, with a PUT and no body', async () => {
    const { user, calls } = show(order);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(calls).toEqual([]);
    expect(screen.getByText(/Its items go back on sale/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/api/orders/o1/cancel', undefined]]);
  });

  it('"Keep order" backs out without a call', async () => {
    const { user, calls } = show(order);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    const { user } = show(order, alice, () => ({ status: 409, body: { message: 'Order is already paid' } }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order is already paid');
  });

  it("is offered to an admin for a customer's unpaid order, saying the customer will be emailed", async () => {
    const admin = { ...alice, _id: 'a1', isAdmin: true };
    const { user, calls } = show(order, admin);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText(/the customer is emailed that the shop cancelled it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/api/orders/o1/cancel', undefined]]);
  });

  it('is not offered to another customer, nor for paid or expired orders (an admin neither)', () => {
    const admin = { ...alice, _id: 'a1', isAdmin: true };
    for (const [o, viewer] of [
      [order, { ...alice, _id: 'u2' }],
      [{ ...order, isPaid: true, status: 'paid' }, admin],
      [{ ...order, status: 'expired' }, admin],
      [{ ...order, isPaid: true, status: 'paid' }, alice],
      [{ ...order, status: 'expired' }, alice],
    ] as [Order, typeof alice][]) {
      const { unmount } = show(o, viewer);
      expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
      unmount();
    }
  });
});

describe('CancelledNotice', () => {
  it('says the order was cancelled and its items went back on sale', () => {
    renderAt(<CancelledNotice order={{ ...order, isCancelled: true, cancelledAt: '2030-01-01T10:00:00.000Z' }} />);
    expect(screen.getByText('This order was cancelled')).toBeInTheDocument();
    expect(screen.getByText(/its items went back on sale/)).toBeInTheDocument();
  });
});
