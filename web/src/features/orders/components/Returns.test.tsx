import type { Order, OrderReturn } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
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

  it('the admin approves a waiting return: no money moves, the customer is told to send it', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'PUT /api/orders/o1/returns/ret1': () => ({ body: delivered }) });
    const { user } = renderAt(<Returns order={asked} />);
    expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent('1 × Glide Mouse');
    expect(screen.getByText('Approving refunds nothing yet: the customer is told to send it back.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ action: 'approve' });
  });

  it('the admin declines with a message', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'PUT /api/orders/o1/returns/ret1': () => ({ body: delivered }) });
    const { user } = renderAt(<Returns order={asked} />);
    await user.click(screen.getByRole('button', { name: 'Decline…' }));
    await user.type(screen.getByLabelText('Message to the customer'), 'Used beyond testing');
    await user.click(screen.getByRole('button', { name: 'Decline return' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ action: 'decline', message: 'Used beyond testing' });
  });

  it('receiving: restock unticked by default, the refund shown before it is sent, then only the ticked lines restocked', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'PUT /api/orders/o1/returns/ret1': () => ({ body: delivered }) });
    const twoLines: Order = {
      ...asked,
      returns: [
        {
          ...asked.returns[0]!,
          status: 'approved',
          items: [
            { product: 'p1', qty: 2 },
            { product: 'p2', qty: 1 },
          ],
        },
      ],
    };
    const { user } = renderAt(<Returns order={twoLines} />);
    expect(screen.getByTestId('return-state-ret1')).toHaveTextContent('Approved: waiting for the parcel');
    await user.click(screen.getByRole('button', { name: 'Mark as received…' }));
    const mouse = screen.getByRole('checkbox', { name: '2 × Glide Mouse' });
    const cable = screen.getByRole('checkbox', { name: '1 × USB Cable' });
    expect(mouse).not.toBeChecked();
    expect(cable).not.toBeChecked();
    // $50 of goods and their 15% tax; shipping stays out. Nothing sent yet.
    expect(screen.getByTestId('return-refund-ret1')).toHaveTextContent('Refund on receipt: $57.50 to Alice Walker');
    expect(calls).toEqual([]);
    await user.click(cable);
    await user.click(screen.getByRole('button', { name: 'Received: refund $57.50' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ action: 'receive', restock: [{ product: 'p2', qty: 1 }] });
  });

  it('receiving with nothing ticked restocks nothing', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'PUT /api/orders/o1/returns/ret1': () => ({ body: delivered }) });
    const { user } = renderAt(<Returns order={asked} />);
    await user.click(screen.getByRole('button', { name: 'Mark as received…' }));
    await user.click(screen.getByRole('button', { name: 'Received: refund $23.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ action: 'receive', restock: [] });
  });

  it('the refund on receipt is what the units cost as charged: a unit of a 50%-off order', async () => {
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
    const { user } = renderAt(<Returns order={halfOff} />);
    await user.click(screen.getByRole('button', { name: 'Mark as received…' }));
    expect(screen.getByTestId('return-refund-ret1')).toHaveTextContent('$230.00');
    expect(screen.getByRole('button', { name: 'Received: refund $230.00' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('each state on its stepper, in the customer’s words; received and refunded offer the admin nothing', () => {
    const at = (status: OrderReturn['status'], extra: Partial<OrderReturn> = {}): Order => ({
      ...asked,
      returns: [{ ...asked.returns[0]!, status, ...extra }],
    });
    setUserInfo(alice);
    const { unmount } = renderAt(<Returns order={at('approved')} />);
    expect(screen.getByTestId('return-state-ret1')).toHaveTextContent('Approved: send the parcel back');
    const stepper = screen.getByRole('list', { name: 'Return progress' });
    expect(
      within(stepper)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓ Requested (done)', '→Approved', '→Received (to come)', '→Refunded (to come)']);
    unmount();
    for (const [status, words] of [
      ['received', 'Received'],
      ['refunded', 'Refunded'],
      ['declined', 'Declined'],
    ] as const) {
      const { unmount: done } = renderAt(<Returns order={at(status, { message: 'No' })} />);
      expect(screen.getByTestId('return-state-ret1')).toHaveTextContent(new RegExp(`^${words}$`));
      done();
    }
    setUserInfo(admin);
    renderAt(<Returns order={at('refunded', { restocked: [{ product: 'p1', qty: 1 }] })} />);
    expect(screen.getByText('Back in stock: 1 × Glide Mouse')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
