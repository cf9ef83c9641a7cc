import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvRowReconciles,
  exportLine,
  exportPaymentMethod,
  exportStatus,
  ORDER_EXPORT_COLUMNS,
  orderCsvRow,
} from './orderExport.js';
import { orderFromRecord, type OrderRecord } from './orders.js';
import { revenueCents } from './orderStats.js';
import { refundedCents, type RefundRecord } from './refunds.js';
import type { OrderStatus, PaymentResult } from './types.js';

const cellOf = (row: (string | number)[], column: (typeof ORDER_EXPORT_COLUMNS)[number]) =>
  row[ORDER_EXPORT_COLUMNS.indexOf(column)];
const cents = (cell: string | number | undefined) => Math.round(Number(cell) * 100);

const result = (provider: PaymentResult['provider'], id = 'CAPTURE-1'): PaymentResult => ({
  id,
  provider,
  status: 'COMPLETED',
  amount: '1.00',
  currency: 'USD',
  updateTime: '2031-01-01T00:00:00.000Z',
});

const refund = (amountCents: number, status: RefundRecord['status'], i = 0): RefundRecord => ({
  id: `r${i}`,
  amountCents,
  reason: '',
  restock: false,
  items: [],
  status,
  cancelsOrder: false,
  createdAt: '2031-01-01T00:00:00.000Z',
  completedAt: status === 'completed' ? '2031-01-02T00:00:00.000Z' : null,
  by: { _id: 'admin', name: 'Admin' },
  providerRefundId: null,
  failure: null,
});

/** Any order a store could hold: lines with or without variants, a code's discount, shipping, tax, and refunds
 *  (completed, pending, failed) never more than the total, in any status. */
const orderRecords = fc
  .record({
    lines: fc.array(
      fc.record({
        priceCents: fc.integer({ min: 1, max: 500_000 }),
        qty: fc.integer({ min: 1, max: 9 }),
        variant: fc.option(fc.constantFrom('Sand', 'Black / 256 GB'), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shippingCents: fc.integer({ min: 0, max: 5_000 }),
    taxRateBp: fc.integer({ min: 0, max: 2_500 }),
    status: fc.constantFrom<OrderStatus>('awaiting_payment', 'paid', 'delivered', 'expired', 'cancelled'),
    refundShares: fc.array(
      fc.record({
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        status: fc.constantFrom<RefundRecord['status']>('completed', 'pending', 'failed'),
      }),
      { maxLength: 4 },
    ),
    provider: fc.constantFrom<PaymentResult['provider']>('paypal', 'simulated'),
  })
  .map(({ lines, discountShare, shippingCents, taxRateBp, status, refundShares, provider }): OrderRecord => {
    const itemsCents = lines.reduce((n, l) => n + l.priceCents * l.qty, 0);
    const discountCents = Math.floor(itemsCents * discountShare);
    const taxCents = Math.round(((itemsCents - discountCents) * taxRateBp) / 10_000);
    const totalCents = itemsCents - discountCents + shippingCents + taxCents;
    const paid = status === 'paid' || status === 'delivered' || (status === 'cancelled' && refundShares.length > 0);
    // Refunds only of a paid order, each of what is still refundable (pending ones reserve too).
    let left = totalCents;
    const refunds = paid
      ? refundShares.map(({ share, status: s }, i) => {
          const amount = Math.floor(left * share);
          if (s !== 'failed') left -= amount;
          return refund(amount, s, i);
        })
      : [];
    return {
      user: { _id: 'u1', name: 'Ann', email: 'ann@x.test' },
      orderItems: lines.map((l, i) => ({
        product: `p${i}`,
        name: `Product ${i}`,
        image: '',
        priceCents: l.priceCents,
        qty: l.qty,
        ...(l.variant ? { variant: `v${i}`, variantLabel: l.variant, sku: `SKU-${i}` } : {}),
      })),
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      paymentMethod: 'PayPal',
      itemsCents,
      discountCents,
      couponCode: discountCents > 0 ? 'SAVE10' : null,
      shippingCents,
      taxCents,
      totalCents,
      currency: 'USD',
      status,
      paidAt: paid ? '2031-01-01T01:00:00.000Z' : null,
      paymentResult: paid ? result(provider) : null,
      deliveredAt: status === 'delivered' ? '2031-01-03T00:00:00.000Z' : null,
      expiresAt: null,
      cancelledAt: status === 'cancelled' ? '2031-01-04T00:00:00.000Z' : null,
      createdAt: '2031-01-01T00:00:00.000Z',
      refunds,
    };
  });

describe('csvRowReconciles: every export row adds up', () => {
  it('holds for any order: items − discount + shipping + tax = total, total − refunded = net, to the cent', () => {
    fc.assert(
      fc.property(orderRecords, fc.constantFrom('paypal', 'simulated' as const), (record, mode) => {
        const row = orderCsvRow(orderFromRecord('a'.repeat(24), record), mode);
        expect(row).toHaveLength(ORDER_EXPORT_COLUMNS.length);
        expect(csvRowReconciles(row)).toBe(true);
        // The same row as a spreadsheet reads it back (every cell a string, by column name).
        expect(csvRowReconciles(Object.fromEntries(ORDER_EXPORT_COLUMNS.map((c, i) => [c, String(row[i])])))).toBe(
          true,
        );
        for (const column of [
          'Items price',
          'Discount',
          'Shipping',
          'Tax',
          'Total',
          'Refunded',
          'Net',
          'Revenue',
        ] as const)
          expect(String(cellOf(row, column)), column).toMatch(/^\d+\.\d{2}$/);
        expect(cents(cellOf(row, 'Refunded'))).toBe(refundedCents(record));
        expect(cents(cellOf(row, 'Net'))).toBe(record.totalCents - refundedCents(record));
        // The Revenue column is the dashboard's figure for the order (domain/orderStats.ts), summable per day.
        expect(cents(cellOf(row, 'Revenue'))).toBe(revenueCents(record));
      }),
      { numRuns: 500 },
    );
  });

  it('catches a row that does not add up, or an amount a spreadsheet would not sum', () => {
    const good = {
      'Items price': '669.97',
      Discount: '66.99',
      Shipping: '0.00',
      Tax: '90.44',
      Total: '693.42',
      Refunded: '100.00',
      Net: '593.42',
      Revenue: '593.42',
    };
    expect(csvRowReconciles(good)).toBe(true);
    // Issue 38's row: no discount column, so items + shipping + tax ≠ total.
    expect(csvRowReconciles({ ...good, Discount: '0.00' })).toBe(false);
    expect(csvRowReconciles({ ...good, Net: '693.42' })).toBe(false);
    expect(csvRowReconciles({ ...good, Revenue: '693.42' })).toBe(false);
    expect(csvRowReconciles({ ...good, Revenue: '0.00' })).toBe(true);
    expect(csvRowReconciles({ ...good, Refunded: '700.00', Net: '-6.58' })).toBe(false);
    for (const notAnAmount of ['$693.42', '693.4', '693', '1,693.42', ''])
      expect(csvRowReconciles({ ...good, Total: notAnAmount }), notAnAmount).toBe(false);
  });
});

describe('the export cells', () => {
  it('Items: each line with its variant and SKU', () => {
    expect(exportLine({ qty: 2, name: 'Headphones', variantLabel: 'Sand', sku: 'HP-SND' })).toBe(
      '2 × Headphones (Sand, SKU HP-SND)',
    );
    expect(exportLine({ qty: 1, name: 'Lamp' })).toBe('1 × Lamp');
  });

  it('Status: a refunded order never reads as delivered at full value', () => {
    expect(exportStatus({ status: 'delivered', paymentStatus: 'refunded' })).toBe('Delivered, refunded');
    expect(exportStatus({ status: 'paid', paymentStatus: 'partially_refunded' })).toBe('Paid, partially refunded');
    expect(exportStatus({ status: 'cancelled', paymentStatus: 'refunded' })).toBe('Cancelled, refunded');
    expect(exportStatus({ status: 'awaiting_payment', paymentStatus: 'unpaid' })).toBe('Unpaid');
    // A status the labels do not know yet reads as itself.
    expect(exportStatus({ status: 'on_hold' as OrderStatus, paymentStatus: 'paid' })).toBe('on hold');
  });

  it('Payment method: as charged ("Test payment" for the simulated gateway), an unpaid order marked not paid', () => {
    const order = { paymentMethod: 'PayPal', paymentResult: null, paidAt: null };
    expect(exportPaymentMethod({ ...order, paymentResult: result('simulated'), paidAt: 'x' }, 'paypal')).toBe(
      'Test payment',
    );
    expect(exportPaymentMethod({ ...order, paymentResult: result('paypal'), paidAt: 'x' }, 'simulated')).toBe('PayPal');
    // A result stored without its provider: the simulated gateway's id says which.
    const legacy = (id: string) => ({ ...result('paypal', id), provider: undefined }) as unknown as PaymentResult;
    expect(exportPaymentMethod({ ...order, paymentResult: legacy('SIMULATED-AB12'), paidAt: 'x' }, 'paypal')).toBe(
      'Test payment',
    );
    expect(exportPaymentMethod({ ...order, paymentResult: legacy('8AB12'), paidAt: 'x' }, 'paypal')).toBe('PayPal');
    expect(exportPaymentMethod(order, 'paypal')).toBe('PayPal (not paid)');
    expect(exportPaymentMethod(order, 'simulated')).toBe('Test payment (not paid)');
    expect(exportPaymentMethod({ ...order, paidAt: 'x' }, 'paypal')).toBe('PayPal');
  });
});
