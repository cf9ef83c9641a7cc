import type { Order } from '@domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { canRequestReturn, Returns } from './Returns';

const delivered = {
  _id: 'o1',
  user: { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test' },
  orderItems: [
    { product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 20, qty: 2 },
    { product: 'p2', name: 'USB Cable', image: '/c.svg', price: 10, qty: 1 },
  ],
  itemsPrice: 50,
  shippingPrice: 10,
  taxPrice: 7.5,
  totalPrice: 67.5,
  isPaid: true,
  isDelivered: true,
  status: 'delivered',
  deliveredAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  refunds: [],
  returns: [],
} as unknown as Order;
const alice = { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test', isAdmin: false, token: 't' };
const admin = { _id: 'a1', name: 'Shop Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' };
const asked: Order = {
  ...delivered,
  returns: [
    {
      id: 'ret1',
      items: [{ product: 'p1', qty: 1 }],
      reason: 'Double click',
      status: 'requested',
      createdAt: '2030-01-01T10:00:00.000Z',
      decidedAt: null,
      message: null,
      refundId: null,
    },
  ],
};

describe('Returns', () => {
  afterEach(() => signOut());

  it('only within 30 days of delivery, one waiting return at a time', () => {
    expect(canRequestReturn(delivered)).toBe(true);
    expect(canRequestReturn({ ...delivered, deliveredAt: new Date(Date.now() - 31 * 86_400_000).toISOString() })).toBe(
      false,
    );
    expect(canRequestReturn({ ...delivered, status: 'paid', isDelivered: false, deliveredAt: null })).toBe(false);
    expect(canRequestReturn(asked)).toBe(false);
  });

  it('the customer chooses lines and a reason, then posts them', async () => {
    setUserInfo(alice);
    const calls = mockFetch({ 'POST /api/orders/o1/returns': () => ({ status: 201, body: asked }) });
    const { user } = renderAt(<Returns order={delivered} />);
    await user.click(screen.getByRole('button', { name: 'Request a return' }));
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(screen.getByText('Choose at least one item to return')).toBeInTheDocument();
    const mouse = screen.getByLabelText('Glide Mouse');
    await user.clear(mouse);
    await user.type(mouse, '1');
    await user.type(screen.getByLabelText('Why are you returning it?'), 'Double click');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ items: [{ product: 'p1', qty: 1 }], reason: 'Double click' });
  });

  it('the admin approves a waiting return with restock, or may untick it', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'PUT /api/orders/o1/returns/ret1': () => ({ body: delivered }) });
    const { user } = renderAt(<Returns order={asked} />);
    expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent('1 × Glide Mouse');
    await user.click(screen.getByLabelText('Put the returned items back in stock'));
    // $20 and its share of the 15% tax; shipping stays out.
    await user.click(screen.getByRole('button', { name: 'Approve and refund $23.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ approve: true, restock: false });
  });

  it('the approval names what it will refund before it is sent: a unit of a 50%-off order, its charged share', () => {
    setUserInfo(admin);
    const calls = mockFetch({});
    // 2 × $400 with 50% off: $400 of goods, $60 tax, paid $460 (issue 36): one unit cost $230.
    const halfOff: Order = {
      ...asked,
      orderItems: [{ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 400, qty: 2 }],
      itemsPrice: 800,
      discountPrice: 400,
      shippingPrice: 0,
      taxPrice: 60,
      totalPrice: 460,
    };
    renderAt(<Returns order={halfOff} />);
    expect(screen.getByText(/^Approving refunds/)).toHaveTextContent('Approving refunds $230.00 to Alice Walker');
    expect(screen.getByRole('button', { name: 'Approve and refund $230.00' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
