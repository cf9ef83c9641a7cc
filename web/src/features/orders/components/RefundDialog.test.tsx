import type { Order } from '@domain';
import { deletedCustomerEmail } from '@domain/accountDeletion';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { MoneyBackActions } from './MoneyBackActions';
import { RefundDialog } from './RefundDialog';
import { CancellationRequest } from './CancellationRequest';
import { RefundList, refundSummary } from './RefundList';

const paid = {
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
  paidAt: '2030-01-01T10:00:00.000Z',
  paymentMethod: 'PayPal',
  paymentResult: { id: 'CAPTURE-1', status: 'COMPLETED', provider: 'paypal' },
  isDelivered: false,
  status: 'paid',
  isCancelled: false,
  cancelledAt: null,
  paymentStatus: 'paid',
  refunds: [],
  refundedTotal: 0,
  cancellationRequest: null,
} as unknown as Order;
const admin = { _id: 'a1', name: 'Shop Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' };
const alice = { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test', isAdmin: false, token: 't' };

const refunded = (amount: number): Order => ({
  ...paid,
  paymentStatus: 'partially_refunded',
  refundedTotal: amount,
  refunds: [
    {
      id: 'r1',
      amount,
      reason: 'Scratched',
      restock: false,
      items: [],
      status: 'completed',
      cancelsOrder: false,
      createdAt: '2030-01-02T10:00:00.000Z',
      completedAt: '2030-01-02T10:00:01.000Z',
      by: { _id: 'a1', name: 'Shop Admin' },
    },
  ],
});

describe('RefundDialog', () => {
  afterEach(() => signOut());

  it('prefills what remains, confirms naming the amount, then posts it with the reason', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'POST /api/orders/o1/refunds': () => ({ status: 201, body: refunded(12.5) }) });
    const { user } = renderAt(<RefundDialog order={refunded(7.5)} show onClose={() => undefined} />);
    const amount = screen.getByLabelText('Amount ($)');
    expect(amount).toHaveValue('60.00');
    await user.clear(amount);
    await user.type(amount, '12.50');
    await user.type(screen.getByLabelText(/Reason/), 'Late delivery');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(calls).toEqual([]);
    expect(screen.getByText(/\$12\.50/, { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund $12.50' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ amount: 12.5, reason: 'Late delivery' });
  });

  it('refuses more than remains and a malformed amount before asking the server', async () => {
    setUserInfo(admin);
    const calls = mockFetch({});
    const { user } = renderAt(<RefundDialog order={refunded(7.5)} show onClose={() => undefined} />);
    const amount = screen.getByLabelText('Amount ($)');
    await user.clear(amount);
    await user.type(amount, '60.01');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText('At most $60.00 can still be refunded')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1.234');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText(/Enter an amount in dollars/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('by items: the lines with their tax share, restock asked, no more units than remain', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'POST /api/orders/o1/refunds': () => ({ status: 201, body: paid }) });
    const { user } = renderAt(<RefundDialog order={paid} show onClose={() => undefined} />);
    await user.click(screen.getByLabelText('Some items'));
    const mouse = screen.getByLabelText(/Glide Mouse/);
    await user.clear(mouse);
    await user.type(mouse, '5');
    expect(mouse).toHaveValue(2);
    await user.clear(mouse);
    await user.type(mouse, '1');
    // $20 and 15% tax ($7.50 of $50).
    expect(screen.getByText(/^Refund: \$23\.00 /)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Put these items back in stock'));
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText(/and put the items back in stock/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund $23.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ items: [{ product: 'p1', qty: 1 }], restock: true });
  });

  it('by items of a 50%-off order: a unit refunds what it cost as charged, not its list price and tax', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'POST /api/orders/o1/refunds': () => ({ status: 201, body: paid }) });
    // 2 × $400 with 50% off: $400 of goods, $60 tax, paid $460 (issue 36): one unit cost $230, not $430.
    const halfOff = {
      ...paid,
      orderItems: [{ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 400, qty: 2 }],
      itemsPrice: 800,
      discountPrice: 400,
      shippingPrice: 0,
      taxPrice: 60,
      totalPrice: 460,
    } as Order;
    const { user } = renderAt(<RefundDialog order={halfOff} show onClose={() => undefined} />);
    await user.click(screen.getByLabelText('Some items'));
    const mouse = screen.getByLabelText(/Glide Mouse/);
    await user.clear(mouse);
    await user.type(mouse, '1');
    expect(screen.getByText(/^Refund: \$230\.00 /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByRole('button', { name: 'Refund $230.00' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    setUserInfo(admin);
    mockFetch({
      'POST /api/orders/o1/refunds': () => ({ status: 409, body: { message: 'At most $5.00 can still be refunded' } }),
    });
    const { user } = renderAt(<RefundDialog order={paid} show onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund $67.50' }));
    expect(await screen.findByText('At most $5.00 can still be refunded')).toBeInTheDocument();
  });
});

describe('MoneyBackActions', () => {
  afterEach(() => signOut());

  it('cancels a paid order and refunds only after a confirmation naming the amount', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'PUT /api/orders/o1/cancel': () => ({ body: { ...paid, status: 'cancelled' } }) });
    const { user } = renderAt(<MoneyBackActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Cancel order and refund' }));
    expect(calls).toEqual([]);
    const group = screen.getByRole('group', { name: /Confirm cancelling/ });
    expect(within(group).getByText(/refund \$67\.50 to Alice Walker/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel and refund $67.50' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect([calls[0]!.method, calls[0]!.url, calls[0]!.body]).toEqual(['PUT', '/api/orders/o1/cancel', {}]);
  });

  it('a waiting cancellation request: approve, or decline with a message', async () => {
    setUserInfo(admin);
    const asked = {
      ...paid,
      cancellationRequest: {
        reason: 'Ordered twice',
        status: 'pending',
        createdAt: '2030-01-01T11:00:00.000Z',
        decidedAt: null,
        message: null,
      },
    } as Order;
    const calls = mockFetch({ 'PUT /api/orders/o1/cancellation-request': () => ({ body: paid }) });
    const { user } = renderAt(<MoneyBackActions order={asked} />);
    expect(screen.getByRole('region', { name: 'Cancellation request' })).toHaveTextContent('Ordered twice');
    await user.click(screen.getByRole('button', { name: 'Decline…' }));
    await user.type(screen.getByLabelText('Message to the customer'), 'Already shipped');
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ approve: false, message: 'Already shipped' });
  });

  it('nothing for an unpaid order', () => {
    setUserInfo(admin);
    mockFetch({});
    const { container } = renderAt(
      <MoneyBackActions
        order={{ ...paid, isPaid: false, paymentStatus: 'unpaid', status: 'awaiting_payment' } as Order}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the customer's side", () => {
  afterEach(() => signOut());

  it('sees refunds in words, and asks to cancel with a reason', async () => {
    setUserInfo(alice);
    const calls = mockFetch({ 'POST /api/orders/o1/cancellation-request': () => ({ status: 201, body: paid }) });
    expect(refundSummary(refunded(10))).toBe('Partially refunded: $10.00 of $67.50');
    expect(refundSummary({ ...refunded(67.5), paymentStatus: 'refunded' })).toMatch(/^Refunded \$67\.50 on /);
    renderAt(<RefundList order={refunded(10)} />);
    expect(screen.getByRole('list', { name: 'Refunds' })).toHaveTextContent('$10.00');
    expect(screen.queryByText(/Shop Admin/)).toBeNull();
    const { user } = renderAt(<CancellationRequest order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Request cancellation' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('Reason is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText('Why do you want to cancel?'), 'Ordered twice');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ reason: 'Ordered twice' });
  });
});

describe('where a refund goes (issue 39)', () => {
  afterEach(() => signOut());
  const byCard = {
    ...paid,
    isGuest: false,
    tenders: [{ kind: 'giftCard', ref: 'NPQR', amount: 20, refunded: 0 }],
  } as unknown as Order;

  async function review(user: ReturnType<typeof renderAt>['user'], amount: string) {
    const field = screen.getByLabelText('Amount ($)');
    await user.clear(field);
    await user.type(field, amount);
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
  }

  it("an account's order paid partly by a gift card: the original payment by default, or its store credit", async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'POST /api/orders/o1/refunds': () => ({ status: 201, body: refunded(10) }) });
    const { user } = renderAt(<RefundDialog order={byCard} show onClose={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Refund to' });
    expect(within(group).getByLabelText('Original payment')).toBeChecked();
    expect(within(group).getByLabelText('Gift card …NPQR')).not.toBeChecked();
    await user.click(within(group).getByLabelText("Store credit (Alice Walker's account)"));
    await review(user, '10');
    expect(screen.getByText(/goes to their store credit/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund $10.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ amount: 10, to: 'storeCredit' });
  });

  it('the original payment sends no destination (the provider first, then the card)', async () => {
    setUserInfo(admin);
    const calls = mockFetch({ 'POST /api/orders/o1/refunds': () => ({ status: 201, body: refunded(10) }) });
    const { user } = renderAt(<RefundDialog order={byCard} show onClose={() => undefined} />);
    await review(user, '10');
    expect(screen.getByText(/goes back through the order's payment/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund $10.00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).not.toHaveProperty('to');
  });

  it("a guest's order cannot take store credit: the card only, and the server's refusal is shown", async () => {
    setUserInfo(admin);
    const refusal = 'At most 20.00 can go back to giftCard';
    const calls = mockFetch({ 'POST /api/orders/o1/refunds': () => ({ status: 409, body: { message: refusal } }) });
    const guestOrder = { ...byCard, isGuest: true } as Order;
    const { user } = renderAt(<RefundDialog order={guestOrder} show onClose={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Refund to' });
    expect(within(group).queryByLabelText(/Store credit/)).toBeNull();
    await user.click(within(group).getByLabelText('Gift card …NPQR'));
    await review(user, '30');
    expect(screen.getByText(/goes back onto the gift card/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund $30.00' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ amount: 30, to: 'giftCard' });
  });

  it("a guest's order paid in full by the provider has no choice to make", () => {
    setUserInfo(admin);
    mockFetch({});
    renderAt(<RefundDialog order={{ ...paid, isGuest: true, tenders: [] } as Order} show onClose={() => undefined} />);
    expect(screen.queryByRole('group', { name: 'Refund to' })).toBeNull();
    expect(screen.queryByLabelText(/Store credit/)).toBeNull();
  });

  it("a deleted account's order offers no store credit (the account and its credit are gone)", () => {
    setUserInfo(admin);
    mockFetch({});
    const gone = {
      ...paid,
      user: { ...paid.user, name: 'Deleted customer', email: deletedCustomerEmail(paid.user._id) },
    };
    renderAt(<RefundDialog order={{ ...gone, tenders: [] } as Order} show onClose={() => undefined} />);
    expect(screen.queryByLabelText(/Store credit/)).toBeNull();
  });

  it('the refund list says where each refund went', () => {
    setUserInfo(admin);
    mockFetch({});
    const base = refunded(25).refunds[0]!;
    const order = {
      ...refunded(25),
      refunds: [
        { ...base, id: 'r1', amount: 10, parts: [{ kind: 'storeCredit', amount: 10, credit: true }] },
        { ...base, id: 'r2', amount: 25, parts: [{ kind: 'giftCard', amount: 20 }] },
        { ...base, id: 'r3', amount: 5 },
      ],
    } as Order;
    renderAt(<RefundList order={order} admin />);
    expect(screen.getAllByTestId('refund-destination').map((d) => d.textContent)).toEqual([
      // The invoice's and the mails' words (domain/paymentWords.ts).
      'To store credit',
      '$5.00 to PayPal, $20.00 to gift card',
      'To PayPal',
    ]);
  });
});
