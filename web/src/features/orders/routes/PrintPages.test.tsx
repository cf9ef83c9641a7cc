import type { Order } from '@domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { InvoicePage, PackingSlipPage } from './PrintPages';

const order: Order = {
  _id: '65f0c0ffee0000000000d0728e',
  isGuest: false,
  tenders: [],
  giftCardPrice: 0,
  user: { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test' },
  orderItems: [
    { product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, qty: 2 },
    { product: 'p2', name: 'USB-C Cable', image: '/c.svg', price: 9.99, qty: 3 },
  ],
  shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
  paymentMethod: 'PayPal',
  itemsPrice: 78.97,
  discountPrice: 0,
  couponCode: null,
  shippingMethod: null,
  shippingPrice: 100,
  taxPrice: 11.85,
  totalPrice: 190.82,
  currency: 'USD',
  isPaid: true,
  paidAt: '2030-01-01T10:00:00.000Z',
  paymentResult: null,
  isShipped: true,
  shippedAt: null,
  isDelivered: true,
  deliveredAt: '2030-01-03T10:00:00.000Z',
  carrier: 'DHL',
  trackingNumber: 'JD0146',
  undeliveries: [],
  status: 'delivered',
  expiresAt: null,
  isCancelled: false,
  cancelledAt: null,
  createdAt: '2029-12-31T03:04:00.000Z',
  paymentStatus: 'paid',
  refunds: [],
  refundedTotal: 0,
  cancellationRequest: null,
  returns: [],
};

function show(page: 'invoice' | 'packing-slip', o: Order = order) {
  setUserInfo({
    _id: 'u1',
    name: 'Alice Walker',
    email: 'alice@voltshop.test',
    isAdmin: page !== 'invoice',
    token: 't',
  });
  mockFetch({ [`GET /api/orders/${o._id}`]: () => ({ body: o }) });
  const Page = page === 'invoice' ? InvoicePage : PackingSlipPage;
  return renderAt(<Page />, { path: `/order/:id/${page}`, at: `/order/${o._id}/${page}` });
}

afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

describe('InvoicePage', () => {
  it('prints the shop, the order number, each line with its amount, the totals and tax', async () => {
    show('invoice');
    const paper = await screen.findByRole('article', { name: 'Invoice #D0728E' });
    expect(within(paper).getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible();
    expect(paper).toHaveTextContent('Voltshop');
    expect(paper).toHaveTextContent('123 Circuit Avenue');
    expect(paper).toHaveTextContent('Order #D0728E');
    const rows = within(paper).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ItemQtyUnit priceAmount',
      'Glide Mouse2$24.50$49.00',
      'USB-C Cable3$9.99$29.97',
      'Items$78.97',
      'Shipping$100.00',
      'Tax$11.85',
      'Total (USD)$190.82',
    ]);
    expect(paper).toHaveTextContent('Paid on 2030-01-01');
    expect(paper).toHaveTextContent('1 Main St');
  });

  it("shows a discount code's line, and completed refunds with what was paid after them (not pending or failed ones)", async () => {
    const refund = {
      amount: 20,
      restock: false,
      items: [],
      cancelsOrder: false,
      createdAt: '2030-01-05T10:00:00.000Z',
      by: { _id: 'a1', name: 'Admin' },
    };
    show('invoice', {
      ...order,
      itemsPrice: 78.97,
      discountPrice: 7.9,
      couponCode: 'SAVE10',
      taxPrice: 10.66,
      totalPrice: 181.73,
      paymentStatus: 'partially_refunded',
      refundedTotal: 20,
      refunds: [
        { ...refund, id: 'r1', reason: 'Scratched case', status: 'completed', completedAt: '2030-01-05T10:01:00.000Z' },
        { ...refund, id: 'r2', reason: 'Declined', status: 'failed', completedAt: null },
      ],
    });
    const paper = await screen.findByRole('article', { name: 'Invoice #D0728E' });
    const rows = within(paper)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(3)).toEqual([
      'Items$78.97',
      'Discount (SAVE10)−$7.90',
      'Shipping$100.00',
      'Tax$10.66',
      'Total (USD)$181.73',
      'Refunded 2030-01-05 (Scratched case)−$20.00',
      'Paid after refunds (USD)$161.73',
    ]);
  });

  it('calls the browser print on Print; an unpaid order is a pro forma invoice, not a receipt', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = show('invoice', { ...order, isPaid: false, paidAt: null, status: 'awaiting_payment' });
    expect(await screen.findByRole('heading', { name: 'Pro forma invoice' })).toBeVisible();
    expect(screen.getByText(/this is not a receipt/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: '← Back to the order' })).toHaveAttribute('href', `/order/${order._id}`);
  });
});

describe('PackingSlipPage', () => {
  it('lists what to pack and where to, without prices', async () => {
    show('packing-slip');
    const paper = await screen.findByRole('article', { name: 'Packing slip #D0728E' });
    expect(paper).toHaveTextContent('Ship to');
    expect(paper).toHaveTextContent('Carrier: DHL. Tracking number: JD0146');
    expect(paper).toHaveTextContent('5 units in 2 lines.');
    expect(paper).not.toHaveTextContent('$');
  });
});

describe('the shipping method and state (issue 40)', () => {
  const express: Order = {
    ...order,
    shippingAddress: { address: '1 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
    shippingMethod: { id: 'express', label: 'Express', days: { min: 1, max: 3 } },
  };

  it('the invoice names the method on its shipping row and the address its state', async () => {
    show('invoice', express);
    const paper = await screen.findByRole('article', { name: /#D0728E/ });
    expect(paper).toHaveTextContent('Shipping (Express)');
    expect(paper).toHaveTextContent('Austin TX 78701');
  });

  it('the packing slip says which method to ship by', async () => {
    show('packing-slip', express);
    expect(await screen.findByTestId('paper-shipping-method')).toHaveTextContent('Shipping method: Express');
  });
});

describe('the papers ship to the recipient (issue 30)', () => {
  const shipped: Order = {
    ...order,
    shippingAddress: {
      recipientName: 'Grace Hopper',
      phone: '+1 555 010 4477',
      address: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
    },
  };

  it.each(['invoice', 'packing-slip'] as const)('%s: recipient, country by name and phone', async (page) => {
    show(page, shipped);
    const address = await screen.findByTestId('address-text');
    expect(address).toHaveTextContent('Grace Hopper');
    expect(address).toHaveTextContent('United States');
    expect(address).toHaveTextContent('Phone: +1 555 010 4477');
    expect(address).not.toHaveTextContent(/\bUS\b/);
  });

  it("an original client's order shows the account's name and its country as sent, named", async () => {
    show('invoice');
    const address = await screen.findByTestId('address-text');
    expect(address).toHaveTextContent('United States');
    expect(screen.getAllByText('Alice Walker').length).toBeGreaterThan(0);
  });
});

describe('the invoice shows a discount code (issue 30)', () => {
  it('as its own line after the items', async () => {
    show('invoice', { ...order, discountPrice: 7.9, couponCode: 'SPRING10', taxPrice: 10.66, totalPrice: 181.73 });
    expect(await screen.findByTestId('invoice-discount')).toHaveTextContent('−$7.90');
    expect(screen.getByText('Discount (SPRING10)')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$181.73');
  });

  it('and none without one', async () => {
    show('invoice');
    await screen.findByTestId('invoice-total');
    expect(screen.queryByTestId('invoice-discount')).toBeNull();
  });
});

describe('the papers from the ledger (issue 38)', () => {
  // 10% off: 2 × $24.50 (a variant) and 3 × $9.99; 15% tax of $71.07; each line's discount and tax as the API answers.
  const discounted: Order = {
    ...order,
    orderItems: [
      {
        product: 'p1',
        name: 'Glide Mouse',
        image: '/m.svg',
        price: 24.5,
        qty: 2,
        variant: 'v1',
        variantLabel: 'Sand',
        sku: 'GM-SAND',
        discount: 4.9,
        tax: 6.61,
      },
      { product: 'p2', name: 'USB-C Cable', image: '/c.svg', price: 9.99, qty: 3, discount: 3, tax: 4.05 },
    ],
    discountPrice: 7.9,
    couponCode: 'TEN',
    taxPrice: 10.66,
    totalPrice: 181.73,
  };

  it("the invoice gives each line its variant, SKU, discount, tax and charge; the totals are the ledger's", async () => {
    show('invoice', discounted);
    const lines = await screen.findAllByTestId('invoice-line');
    expect(lines[0]).toHaveTextContent('Glide Mouse');
    expect(lines[0]).toHaveTextContent('Sand · SKU GM-SAND');
    // $49.00 − $4.90 + $6.61 = $50.71
    expect(lines[0]).toHaveTextContent('−$4.90');
    expect(lines[0]).toHaveTextContent('$6.61');
    expect(lines[0]).toHaveTextContent('$50.71');
    expect(lines[1]).toHaveTextContent('$31.02');
    expect(screen.getByTestId('invoice-discount')).toHaveTextContent('−$7.90');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('$10.66');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$181.73');
  });

  it('the packing slip names the variant and SKU of each line', async () => {
    show('packing-slip', discounted);
    const lines = await screen.findAllByTestId('slip-line');
    expect(lines[0]).toHaveTextContent('Sand · SKU GM-SAND');
    expect(lines[1]).toHaveTextContent('p2');
  });
});

describe('the invoice says who paid (issue 39)', () => {
  const refund = {
    restock: false,
    items: [],
    cancelsOrder: false,
    createdAt: '2030-01-05T10:00:00.000Z',
    completedAt: '2030-01-05T10:01:00.000Z',
    by: { _id: 'a1', name: 'Admin' },
    status: 'completed' as const,
  };
  // $190.82: $25 by gift card, the rest by PayPal.
  const carded: Order = {
    ...order,
    tenders: [{ kind: 'giftCard', ref: 'WXYZ', amount: 25, refunded: 0 }],
    giftCardPrice: 25,
    paymentResult: {
      id: 'CAP-1',
      provider: 'paypal',
      status: 'COMPLETED',
      amount: '165.82',
      currency: 'USD',
      updateTime: '2030-01-01T10:00:00.000Z',
    },
  };
  const moneyRows = async () =>
    within(await screen.findByRole('article', { name: /#D0728E/ }))
      .getAllByRole('row')
      .slice(3)
      .map((r) => r.textContent);

  it('a gift card took its share off the total and PayPal paid the rest: the paper adds up', async () => {
    show('invoice', carded);
    expect(await moneyRows()).toEqual([
      'Items$78.97',
      'Shipping$100.00',
      'Tax$11.85',
      'Total (USD)$190.82',
      'Paid by gift card−$25.00',
      'Paid with PayPal$165.82',
    ]);
  });

  it('unpaid: the rest is the amount due', async () => {
    show('invoice', { ...carded, isPaid: false, paidAt: null, paymentResult: null, status: 'awaiting_payment' });
    expect((await moneyRows()).slice(-2)).toEqual(['Paid by gift card−$25.00', 'Amount due$165.82']);
  });

  it('a test payment is named as such', async () => {
    show('invoice', { ...carded, paymentResult: { ...carded.paymentResult!, provider: 'simulated' } });
    expect(await screen.findByTestId('invoice-provider')).toHaveTextContent('$165.82');
    expect(screen.getByText('Paid with test payment')).toBeInTheDocument();
  });

  it('paid in full by gift card and store credit: no rest line', async () => {
    show('invoice', {
      ...carded,
      paymentResult: null,
      tenders: [
        { kind: 'giftCard', ref: 'WXYZ', amount: 100, refunded: 0 },
        { kind: 'storeCredit', ref: 'u1', amount: 90.82, refunded: 0 },
      ],
    });
    expect((await moneyRows()).slice(-3)).toEqual([
      'Total (USD)$190.82',
      'Paid by gift card−$100.00',
      'Paid by store credit−$90.82',
    ]);
  });

  it('each refund names where it went: the provider, the card, a credit onto the account', async () => {
    show('invoice', {
      ...carded,
      tenders: [{ kind: 'giftCard', ref: 'WXYZ', amount: 25, refunded: 5 }],
      paymentStatus: 'partially_refunded',
      refundedTotal: 20,
      refunds: [
        { ...refund, id: 'r1', reason: 'Scratched', amount: 12, parts: [{ kind: 'giftCard', amount: 5 }] },
        { ...refund, id: 'r2', reason: '', amount: 5, parts: [{ kind: 'storeCredit', amount: 5, credit: true }] },
        { ...refund, id: 'r3', reason: '', amount: 3 },
      ],
    });
    expect((await moneyRows()).slice(-5)).toEqual([
      'Paid with PayPal$165.82',
      'Refunded 2030-01-05 (Scratched) $7.00 to PayPal, $5.00 to gift card−$12.00',
      'Refunded 2030-01-05 to store credit−$5.00',
      'Refunded 2030-01-05 to PayPal−$3.00',
      'Paid after refunds (USD)$170.82',
    ]);
  });
});
