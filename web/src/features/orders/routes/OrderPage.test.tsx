import type { AdminOrder, Order } from '@domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { simulatedConfig, unpaidOrder } from '@/testing/orders';
import { OrderPage } from './OrderPage';

const order = unpaidOrder();
const simulated = simulatedConfig;
const alice = { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test', isAdmin: false, token: 't' };

const admin = { _id: 'a1', name: 'Shop Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' };

function show(
  o: Order,
  {
    admin: asAdmin = false,
    viewer,
    pay,
  }: { admin?: boolean; viewer?: typeof alice; pay?: () => { status?: number; body: unknown } } = {},
) {
  setUserInfo(viewer ?? { ...alice, isAdmin: asAdmin });
  let current = o;
  const calls = mockFetch({
    'GET /api/orders/o1': () => ({ body: current }),
    'GET /api/config': () => ({ body: simulated }),
    'PUT /api/orders/o1/pay':
      pay ??
      (() => {
        current = { ...current, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid' };
        return { body: current };
      }),
    'PUT /api/orders/o1/ship': (body) => {
      const { carrier, trackingNumber } = body as { carrier: string; trackingNumber: string };
      current = {
        ...current,
        isShipped: true,
        shippedAt: '2030-01-02T10:00:00.000Z',
        status: 'shipped',
        carrier,
        trackingNumber,
      };
      return { body: current };
    },
    'PUT /api/orders/o1/deliver': (body) => {
      const { carrier = current.carrier, trackingNumber = current.trackingNumber } = (body ?? {}) as {
        carrier?: string;
        trackingNumber?: string;
      };
      current = {
        ...current,
        isShipped: true,
        shippedAt: current.shippedAt ?? '2030-01-03T10:00:00.000Z',
        isDelivered: true,
        deliveredAt: '2030-01-03T10:00:00.000Z',
        status: 'delivered',
        carrier,
        trackingNumber,
      };
      return { body: current };
    },
    'PUT /api/orders/o1/undeliver': (body) => {
      const reason = (body as { reason?: string }).reason ?? null;
      current = {
        ...current,
        isDelivered: false,
        deliveredAt: null,
        status: 'shipped',
        undeliveries: [{ deliveredAt: current.deliveredAt!, at: '2030-01-03T11:00:00.000Z', reason }],
      };
      return { body: current };
    },
    'POST /api/orders/o1/notes': (body) => {
      const notes = [
        ...((current as AdminOrder).notes ?? []),
        {
          _id: 'n1',
          text: (body as { text: string }).text,
          createdAt: '2030-01-01T11:00:00.000Z',
          by: { _id: 'a1', name: 'Shop Admin' },
        },
      ];
      current = { ...current, notes } as AdminOrder;
      return { status: 201, body: current };
    },
  });
  return { calls, ...renderAt(<OrderPage />, { path: '/order/:id', at: '/order/o1' }) };
}

describe('OrderPage', () => {
  afterEach(() => signOut());

  it.each([false, true])(
    'shows the recipient, the phone and the country by name (admin: %s; issue 30)',
    async (admin) => {
      show(
        {
          ...order,
          shippingAddress: {
            recipientName: 'Grace Hopper',
            phone: '+1 555 010 4477',
            address: '1 Main St',
            city: 'Springfield',
            postalCode: '12345',
            country: 'US',
          },
        },
        { admin },
      );
      const address = await screen.findByTestId('address-text');
      expect(address).toHaveTextContent('Grace Hopper, 1 Main St, Springfield 12345, United States');
      expect(address).toHaveTextContent('Phone: +1 555 010 4477');
    },
  );

  it('shows an unpaid order: Not Delivered, Not Paid, the hold deadline, items and summary', async () => {
    show(order);
    expect(await screen.findByText('Not Paid')).toBeInTheDocument();
    expect(screen.getByText('Not Delivered')).toBeInTheDocument();
    expect(screen.getByText(/Pay by/)).toHaveTextContent(/Pay by Jan \d, 2030/);
    expect(screen.getByTestId('line-total')).toHaveTextContent('2 x $24.50 = $49.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$156.35');
    expect(screen.getByRole('link', { name: 'alice@voltshop.test' })).toHaveAttribute(
      'href',
      'mailto:alice@voltshop.test',
    );
  });

  it("pays with the simulated button and shows 'Paid on'", async () => {
    const { user, calls } = show(order);
    await user.click(await screen.findByRole('button', { name: 'Pay with test payment (simulated, no money moves)' }));
    expect(await screen.findByText(/Paid on 2030-01-01/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ simulated: true });
    expect(screen.queryByTestId('payment-area')).toBeNull();
  });

  it('shows no payment buttons to an admin viewing a customer’s order (only the owner pays)', async () => {
    const { calls } = show(order, { viewer: admin });
    expect(await screen.findByText('Not Paid')).toBeInTheDocument();
    expect(screen.getByText('Only the customer who placed this order can pay it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /test payment/ })).toBeNull();
    expect(screen.queryByTestId('payment-area')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows payment errors in a red alert', async () => {
    const { user } = show(order, { pay: () => ({ status: 409, body: { message: 'Order is already paid' } }) });
    await user.click(await screen.findByRole('button', { name: /test payment/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order is already paid');
  });

  it('shows an expired order as expired, without payment buttons', async () => {
    show({ ...order, status: 'expired', expiresAt: '2029-12-31T05:00:00.000Z' });
    expect(await screen.findByText('This order has expired')).toBeInTheDocument();
    expect(screen.getByText('Expired', { selector: '.status-badge' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Order progress' })).toHaveTextContent(/Expired unpaid/);
    expect(screen.queryByTestId('payment-area')).toBeNull();
  });

  it('ships then delivers as two steps: carrier and tracking number required, then Mark as delivered', async () => {
    const paid = { ...order, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid' as const };
    const { user, calls } = show(paid, { admin: true });
    const steps = await screen.findByRole('region', { name: 'Fulfilment' });
    // Step 2 waits for step 1.
    expect(within(steps).queryByRole('button', { name: 'Mark as delivered' })).toBeNull();
    await user.click(within(steps).getByRole('button', { name: 'Ship order' }));
    expect(within(steps).getByText('Choose a carrier')).toBeVisible();
    expect(within(steps).getByText('Enter the tracking number')).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.selectOptions(within(steps).getByLabelText('Carrier'), 'DHL');
    await user.type(within(steps).getByLabelText('Tracking number'), 'JD0146');
    await user.click(within(steps).getByRole('button', { name: 'Ship order' }));
    expect(await screen.findByText('Shipped on 2030-01-02')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/ship'))!.body).toEqual({ carrier: 'DHL', trackingNumber: 'JD0146' });
    // The known carrier's tracking page (domain/tracking.ts).
    const links = screen.getAllByRole('link', { name: /JD0146/ });
    expect(links[0]).toHaveAttribute('href', expect.stringContaining('dhl.com'));
    await user.click(within(steps).getByRole('button', { name: 'Mark as delivered' }));
    expect(calls.some((c) => c.url.endsWith('/deliver'))).toBe(false);
    await user.click(within(steps).getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByText('Delivered on 2030-01-03')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/deliver'))!.body).toEqual({});
    await waitFor(() => expect(within(steps).queryByRole('button', { name: 'Mark as delivered' })).toBeNull());
  });

  it('a carrier the list does not name: Other, typed; shown without a tracking link', async () => {
    const paid = { ...order, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid' as const };
    const { user, calls } = show(paid, { admin: true });
    const steps = await screen.findByRole('region', { name: 'Fulfilment' });
    await user.selectOptions(within(steps).getByLabelText('Carrier'), 'Other…');
    await user.type(within(steps).getByLabelText('Tracking number'), 'X-77');
    await user.click(within(steps).getByRole('button', { name: 'Ship order' }));
    expect(within(steps).getByText('Enter the carrier’s name')).toBeVisible();
    await user.type(within(steps).getByLabelText('Carrier name'), 'Bike courier');
    await user.click(within(steps).getByRole('button', { name: 'Ship order' }));
    expect(await screen.findByText('Shipped on 2030-01-02')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/ship'))!.body).toEqual({
      carrier: 'Bike courier',
      trackingNumber: 'X-77',
    });
    expect(screen.queryByRole('link', { name: /X-77/ })).toBeNull();
  });

  it.each([
    [
      'cancelled and refunded',
      { status: 'cancelled' as const, isCancelled: true, cancelledAt: '2030-01-02T10:00:00.000Z' },
      'Cancelled and refunded: nothing to ship.',
    ],
    ['refunded in full', { status: 'paid' as const }, 'Refunded in full: nothing to ship.'],
  ])('a paid order %s offers neither step and says why', async (_name, state, why) => {
    show(
      {
        ...order,
        isPaid: true,
        paidAt: '2030-01-01T10:00:00.000Z',
        paymentStatus: 'refunded',
        refundedTotal: order.totalPrice,
        ...state,
      },
      { admin: true },
    );
    const steps = await screen.findByRole('region', { name: 'Fulfilment' });
    expect(steps).toHaveTextContent(why);
    expect(screen.queryByRole('button', { name: /Ship order|Mark as delivered/i })).toBeNull();
    expect(screen.queryByText(/not paid yet/i)).toBeNull();
  });

  it('lets an admin take a delivery back, shown with its reason in the history', async () => {
    const delivered = {
      ...order,
      isPaid: true,
      paidAt: '2030-01-01T10:00:00.000Z',
      status: 'delivered' as const,
      isShipped: true,
      shippedAt: '2020-01-02T10:00:00.000Z',
      isDelivered: true,
      deliveredAt: '2020-01-03T10:00:00.000Z',
    };
    const { user, calls } = show(delivered, { admin: true });
    await user.click(await screen.findByRole('button', { name: 'Mark as not delivered' }));
    // Long after the delivery: the reason is required.
    const reason = screen.getByLabelText('Reason (required)');
    expect(reason).toBeRequired();
    await user.type(reason, 'Parcel came back');
    await user.click(screen.getByRole('button', { name: 'Confirm not delivered' }));
    // Taken back to shipped (the server's undeliverOrder: it had been shipped).
    expect(await screen.findByText(/^Shipped on/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/undeliver'))!.body).toEqual({ reason: 'Parcel came back' });
    const history = screen.getByRole('list', { name: 'Order history' });
    expect(within(history).getByText('Marked not delivered')).toBeVisible();
    expect(within(history).getByText('Parcel came back')).toBeVisible();
    // Still shipped: the deliver step is offered again.
    expect(await screen.findByRole('button', { name: 'Mark as delivered' })).toBeVisible();
  });

  it('shows admins a way back to the orders list and a note form; customers neither', async () => {
    const paid = { ...order, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid' as const };
    const { user } = show(paid, { admin: true });
    expect(await screen.findByRole('link', { name: '← Back to orders' })).toHaveAttribute('href', '/admin/orderlist');
    await user.type(screen.getByLabelText('Internal note'), 'Called the customer');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const history = screen.getByRole('list', { name: 'Order history' });
    expect(await within(history).findByText('Called the customer')).toBeVisible();
    expect(within(history).getByText('Note by Shop Admin')).toBeVisible();
    expect(screen.getByLabelText('Internal note')).toHaveValue('');
  });

  it('shows the customer a shipped order: Shipped, the carrier and the tracking link', async () => {
    show({
      ...order,
      isPaid: true,
      paidAt: '2030-01-01T10:00:00.000Z',
      status: 'shipped',
      isShipped: true,
      shippedAt: '2030-01-02T10:00:00.000Z',
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    expect(await screen.findByText('Shipped on 2030-01-02')).toHaveClass('badge');
    expect(screen.getByText('UPS', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /1Z999/ })).toHaveAttribute('href', expect.stringContaining('ups.com'));
    expect(screen.queryByRole('region', { name: 'Fulfilment' })).toBeNull();
  });

  it('shows the customer carrier and tracking number, and no admin controls', async () => {
    show({
      ...order,
      isPaid: true,
      paidAt: '2030-01-01T10:00:00.000Z',
      status: 'delivered',
      isDelivered: true,
      deliveredAt: '2030-01-03T10:00:00.000Z',
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    expect(await screen.findByText('UPS', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /1Z999/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as not delivered' })).toBeNull();
    expect(screen.queryByRole('link', { name: '← Back to orders' })).toBeNull();
    expect(screen.queryByLabelText('Internal note')).toBeNull();
  });

  it('hides the fulfilment steps from customers', async () => {
    show({ ...order, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid' });
    await screen.findByText(/Paid on/);
    expect(screen.queryByRole('region', { name: 'Fulfilment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ship order|Mark as delivered/ })).toBeNull();
  });

  it('offers no step to admins while the order is unpaid: it ships once paid', async () => {
    show(order, { admin: true });
    await screen.findByText('Not Paid');
    expect(screen.getByRole('region', { name: 'Fulfilment' })).toHaveTextContent('Ships once paid.');
    expect(screen.queryByRole('button', { name: /Ship order|Mark as delivered/ })).toBeNull();
  });

  it("offers admins no ship step while the customer's cancellation request waits, and says why", async () => {
    show(
      {
        ...order,
        isPaid: true,
        paidAt: '2030-01-01T10:00:00.000Z',
        status: 'paid',
        cancellationRequest: {
          reason: 'Changed my mind',
          status: 'pending',
          createdAt: 'x',
          decidedAt: null,
          message: null,
        },
      } as typeof order,
      { admin: true },
    );
    await screen.findByText(/Paid on/);
    expect(screen.getByRole('region', { name: 'Fulfilment' })).toHaveTextContent(
      'The customer asked to cancel this order: approve or decline the request before shipping it.',
    );
    expect(screen.queryByRole('button', { name: /Ship order|Mark as delivered/ })).toBeNull();
  });

  it('titles the order with its short number and keeps the full id: "pay to confirm" until paid, "Thank you" after', async () => {
    const placed = { ...order, _id: '65f1a2b3c4d5e6f7a8c595d7' };
    setUserInfo(alice);
    mockFetch({
      'GET /api/orders/65f1a2b3c4d5e6f7a8c595d7': () => ({ body: placed }),
      'GET /api/config': () => ({ body: simulated }),
    });
    const { router } = renderAt(<OrderPage />, { path: '/order/:id', at: '/order/65f1a2b3c4d5e6f7a8c595d7' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order placed – pay to confirm #C595D7' }),
    ).toBeInTheDocument();
    expect(screen.getByText('65f1a2b3c4d5e6f7a8c595d7')).toBeInTheDocument();
    await act(() => router.navigate('/order/65f1a2b3c4d5e6f7a8c595d7', { state: { placed: true } }));
    // Right after placing, still unpaid: no thanks yet, the hold and the pay-by time.
    expect(screen.queryByRole('heading', { name: /Thank you/ })).toBeNull();
    expect(screen.getByText(/the order is confirmed once paid/)).toBeInTheDocument();
    expect(screen.getByText(/Pay by/)).toBeInTheDocument();
  });

  it('says "Thank you" for a paid order, and titles an expired one plainly', async () => {
    show({ ...order, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you — order #O1' })).toBeInTheDocument();
    cleanup();
    show({ ...order, status: 'expired' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #O1' })).toBeInTheDocument();
    cleanup();
    // The admin reading a customer's paid order is not thanked for it.
    show({ ...order, isPaid: true, paidAt: '2030-01-01T10:00:00.000Z', status: 'paid' }, { viewer: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #O1' })).toBeInTheDocument();
  });

  it('after paying here: a success message that takes the focus, and the title thanks', async () => {
    const { user } = show(order);
    await user.click(await screen.findByRole('button', { name: /test payment/ }));
    const paid = await screen.findByTestId('paid-message');
    expect(paid).toHaveTextContent('Payment received — thank you!');
    await waitFor(() => expect(paid).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1, name: /^Thank you — order/ })).toBeInTheDocument();
    expect(screen.queryByText(/Pay by/)).toBeNull();
  });

  it('shows status as badges, not alert boxes', async () => {
    show(order);
    expect(await screen.findByText('Not Paid')).toHaveClass('badge');
    expect(screen.getByText('Not Delivered')).toHaveClass('badge');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('draws Placed → Paid → Shipped → Delivered with dates as they happen', async () => {
    const { user } = show(order);
    const timeline = await screen.findByRole('list', { name: 'Order progress' });
    const steps = () => within(timeline).getAllByRole('listitem');
    expect(steps().map((li) => li.className)).toEqual(['done', 'pending', 'pending', 'pending']);
    expect(steps()[0].querySelector('time')).toHaveAttribute('dateTime', order.createdAt);
    expect(steps()[1]).toHaveTextContent('PaidAwaiting payment');
    await user.click(await screen.findByRole('button', { name: /test payment/ }));
    await waitFor(() => expect(steps().map((li) => li.className)).toEqual(['done', 'done', 'pending', 'pending']));
    expect(steps()[2]).toHaveTextContent('ShippedAwaiting shipping');
    expect(steps()[1].querySelector('time')).toHaveAttribute('dateTime', '2030-01-01T10:00:00.000Z');
  });

  it("names the payment actually used ('Test payment' after a simulated payment, not the chosen PayPal)", async () => {
    show({
      ...order,
      isPaid: true,
      status: 'paid',
      paidAt: '2030-01-01T10:00:00.000Z',
      paymentResult: {
        id: 't1',
        provider: 'simulated',
        status: 'COMPLETED',
        amount: '156.35',
        currency: 'USD',
        updateTime: '2030-01-01T10:00:00.000Z',
      },
    });
    expect(await screen.findByTestId('payment-method')).toHaveTextContent('Test payment');
  });

  it('shows PayPal as the method of an unpaid order placed with PayPal', async () => {
    show(order);
    expect(await screen.findByTestId('payment-method')).toHaveTextContent('PayPal');
  });
});
