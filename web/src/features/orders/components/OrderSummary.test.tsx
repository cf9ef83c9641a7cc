import { ledgerOfOrder } from '@domain/ledger';
import { paymentLines } from '@domain/paymentWords';
import { priceSummary } from '@domain/pricing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from './OrderSummary';

const show = (lines: { price: number; qty: number }[]) => {
  render(<OrderSummary prices={priceSummary(lines)} />);
  return (name: string) => screen.getByTestId(`summary-${name}`).textContent;
};

describe('OrderSummary', () => {
  it('charges $100 shipping and 15% tax at or under $100 of items', () => {
    const cell = show([{ price: 19.99, qty: 2 }]);
    expect(cell('items')).toBe('$39.98');
    expect(cell('shipping')).toBe('$100.00');
    expect(cell('tax')).toBe('$6.00');
    expect(cell('total')).toBe('$145.98');
  });

  it('ships free over $100 and rounds tax to cents', () => {
    const cell = show([
      { price: 89.99, qty: 1 },
      { price: 10.02, qty: 1 },
    ]);
    expect(cell('items')).toBe('$100.01');
    expect(cell('shipping')).toBe('$0.00');
    expect(cell('tax')).toBe('$15.00');
    expect(cell('total')).toBe('$115.01');
  });

  it('shows exactly $100 of items with shipping (free only when over 100)', () => {
    const cell = show([{ price: 50, qty: 2 }]);
    expect(cell('shipping')).toBe('$100.00');
    expect(cell('total')).toBe('$215.00');
  });

  it('labels the rows Items, Shipping, Tax, Total', () => {
    show([{ price: 1, qty: 1 }]);
    for (const label of ['Items', 'Shipping', 'Tax', 'Total']) expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('shows a discount code as its own line, between the items and shipping (issue 30)', () => {
    render(<OrderSummary prices={priceSummary([{ price: 120, qty: 1 }], undefined, 30_00)} couponCode="QUARTER" />);
    expect(screen.getByText('Discount (QUARTER)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$30.00');
    expect(screen.getByTestId('summary-tax')).toHaveTextContent('$13.50');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$103.50');
  });

  it('shows no discount line without one', () => {
    show([{ price: 1, qty: 1 }]);
    expect(screen.queryByTestId('summary-discount')).toBeNull();
  });
  it('shows what a gift card paid and the rest, worded as the invoice and the mails word it (issue 39)', () => {
    const order = {
      orderItems: [{ product: 'p1', name: 'Lamp', image: '', price: 50, qty: 1 }],
      itemsPrice: 50,
      discountPrice: 0,
      shippingPrice: 10,
      taxPrice: 0,
      totalPrice: 60,
      refundedTotal: 0,
      refunds: [],
      tenders: [{ kind: 'giftCard', ref: 'NPQR', amount: 20, refunded: 0 }],
    };
    const ledger = ledgerOfOrder(order);
    const { unmount } = render(<OrderSummary ledger={ledger} provider="PayPal" />);
    expect(screen.getByText('Paid by gift card')).toBeInTheDocument();
    expect(screen.getByTestId('summary-tender-giftCard-0').textContent).toBe('−$20.00');
    expect(screen.getByText('Amount due')).toBeInTheDocument();
    expect(screen.getByTestId('summary-provider').textContent).toBe('$40.00');
    const rows = () => [...document.querySelectorAll('.list-group-item')].map((item) => item.textContent);
    // The same lines as the invoice's (domain/paymentWords.ts paymentLines).
    const invoiceLines = (paid: boolean) =>
      paymentLines(ledger.payments, paid, 'PayPal').map(
        (l) => `${l.label}${l.cents < 0 ? '−' : ''}$${(Math.abs(l.cents) / 100).toFixed(2)}`,
      );
    expect(rows()).toEqual(expect.arrayContaining(invoiceLines(false)));
    unmount();
    // Once the order is paid, the rest is what the payment provider was paid.
    render(<OrderSummary ledger={ledger} paid provider="PayPal" />);
    expect(screen.queryByText('Amount due')).toBeNull();
    expect(screen.getByText('Paid with PayPal')).toBeInTheDocument();
    expect(screen.getByTestId('summary-provider').textContent).toBe('$40.00');
    expect(rows()).toEqual(expect.arrayContaining(invoiceLines(true)));
  });
});
