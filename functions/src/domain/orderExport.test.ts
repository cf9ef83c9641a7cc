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
import { isCreditKind, TENDER_KINDS, tenderLabel, tenderWord } from './tenders.js';
import { revenueCents } from './orderStats.js';
import { orderLedger } from './ledger.js';
import { refundedCents, type RefundRecord } from './refunds.js';
import {
  releasedTenders,
  splitRefund,
  tenderShare,
  tendersAfterRefund,
  type RefundPart,
  type Tender,
} from './tenders.js';
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
    // Issue 39: a gift card and store credit paying part (or all) of the total, refunds sent to any of them.
    tenderShares: fc.array(
      fc.record({
        kind: fc.constantFrom('giftCard', 'storeCredit'),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { maxLength: 2 },
    ),
    refundTo: fc.array(fc.constantFrom(undefined, 'provider', 'giftCard', 'storeCredit'), {
      minLength: 4,
      maxLength: 4,
    }),
  })
  .map(
    ({
      lines,
      discountShare,
      shippingCents,
      taxRateBp,
      status,
      refundShares,
      provider,
      tenderShares,
      refundTo,
    }): OrderRecord => {
      const itemsCents = lines.reduce((n, l) => n + l.priceCents * l.qty, 0);
      const discountCents = Math.floor(itemsCents * discountShare);
      const taxCents = Math.round(((itemsCents - discountCents) * taxRateBp) / 10_000);
      const totalCents = itemsCents - discountCents + shippingCents + taxCents;
      const paid = status === 'paid' || status === 'delivered' || (status === 'cancelled' && refundShares.length > 0);
      let due = totalCents;
      let tenders: Tender[] = tenderShares.flatMap(({ kind, share }, i) => {
        const amountCents = tenderShare(due, Math.floor(due * share));
        due -= amountCents;
        return amountCents > 0 ? [{ kind, ref: `REF-${i}`, amountCents, refundedCents: 0 }] : [];
      });
      // An unpaid order that ended (cancelled, expired) gave its tenders back in full.
      if (!paid && (status === 'cancelled' || status === 'expired')) tenders = releasedTenders({ tenders });
      // Refunds only of a paid order, each of what is still refundable (pending ones reserve too), sent where the
      // owner chose (splitRefund: a destination that cannot take it gets the default split).
      let left = totalCents;
      const refunds: RefundRecord[] = [];
      if (paid)
        refundShares.forEach(({ share, status: s }, i) => {
          const amount = Math.floor(left * share);
          const soFar = { totalCents, tenders, refunds };
          const credits = { kinds: ['storeCredit'], ref: 'u1' };
          let parts: RefundPart[];
          try {
            parts = splitRefund(soFar, amount, refundTo[i], credits);
          } catch {
            parts = splitRefund(soFar, amount, undefined, credits);
          }
          const r = { ...refund(amount, s, i), ...(parts.length ? { parts } : {}) };
          if (s !== 'failed') left -= amount;
          if (s === 'completed') tenders = tendersAfterRefund({ tenders }, r);
          refunds.push(r);
        });
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
        ...(tenders.length ? { tenders } : {}),
      };
    },
  );

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
          'Gift card',
          'Store credit',
          'Provider',
          'Refunded to provider',
          'Refunded to gift card',
          'Refunded to store credit',
          'Credited as store credit',
        ] as const)
          expect(String(cellOf(row, column)), column).toMatch(/^\d+\.\d{2}$/);
        expect(cents(cellOf(row, 'Refunded'))).toBe(refundedCents(record));
        expect(cents(cellOf(row, 'Net'))).toBe(record.totalCents - refundedCents(record));
        // The Revenue column is the dashboard's figure for the order (domain/orderStats.ts), summable per day.
        expect(cents(cellOf(row, 'Revenue'))).toBe(revenueCents(record));
        // Issue 39: the payment columns are the ledger's payments, summed by kind.
        const payments = orderLedger(record).payments;
        const ledgerSum = (kind: string, credit: boolean, pick: 'paidCents' | 'refundedCents') =>
          payments.filter((p) => p.kind === kind && !!p.credit === credit).reduce((n, p) => n + p[pick], 0);
        const tendered = (record.tenders ?? []).reduce((n, t) => n + t.amountCents, 0);
        expect(cents(cellOf(row, 'Provider'))).toBe(record.totalCents - tendered);
        expect(cents(cellOf(row, 'Refunded to provider'))).toBe(ledgerSum('provider', false, 'refundedCents'));
        expect(cents(cellOf(row, 'Gift card'))).toBe(ledgerSum('giftCard', false, 'paidCents'));
        expect(cents(cellOf(row, 'Refunded to gift card'))).toBe(ledgerSum('giftCard', false, 'refundedCents'));
        expect(cents(cellOf(row, 'Store credit'))).toBe(ledgerSum('storeCredit', false, 'paidCents'));
        expect(cents(cellOf(row, 'Refunded to store credit'))).toBe(ledgerSum('storeCredit', false, 'refundedCents'));
        expect(cents(cellOf(row, 'Credited as store credit'))).toBe(ledgerSum('storeCredit', true, 'refundedCents'));
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
      'Payment status': 'Partially refunded',
      'Gift card': '0.00',
      'Store credit': '0.00',
      Provider: '693.42',
      'Refunded to provider': '100.00',
      'Refunded to gift card': '0.00',
      'Refunded to store credit': '0.00',
      'Credited as store credit': '0.00',
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

  it("catches payment columns that disagree with the ledger: a card's share off, more back than paid, a lost refund", () => {
    // $693.42: $200 by gift card, $50 by store credit, $443.42 by PayPal; $100 refunded: $30 to PayPal, $40 to the
    // card, $10 back to the credit it spent, $20 credited onto the account.
    const good = {
      'Items price': '669.97',
      Discount: '66.99',
      Shipping: '0.00',
      Tax: '90.44',
      Total: '693.42',
      Refunded: '100.00',
      Net: '593.42',
      Revenue: '593.42',
      'Payment status': 'Partially refunded',
      'Gift card': '200.00',
      'Store credit': '50.00',
      Provider: '443.42',
      'Refunded to provider': '30.00',
      'Refunded to gift card': '40.00',
      'Refunded to store credit': '10.00',
      'Credited as store credit': '20.00',
    };
    expect(csvRowReconciles(good)).toBe(true);
    // The card's share off by a cent, either way, or moved to the provider without the provider's cell agreeing.
    expect(csvRowReconciles({ ...good, 'Gift card': '200.01' })).toBe(false);
    expect(csvRowReconciles({ ...good, 'Gift card': '199.99' })).toBe(false);
    expect(csvRowReconciles({ ...good, 'Gift card': '199.99', Provider: '443.43' })).toBe(true);
    // The tender columns missing (a row of the columns before issue 39) or not amounts.
    const { 'Gift card': _dropped, ...noCard } = good;
    expect(csvRowReconciles(noCard)).toBe(false);
    expect(csvRowReconciles({ ...good, 'Store credit': '-50.00', Provider: '543.42' })).toBe(false);
    // More back to a tender than it paid, even when the sums still agree.
    expect(
      csvRowReconciles({ ...good, 'Store credit': '5.00', Provider: '488.42', 'Refunded to store credit': '10.00' }),
    ).toBe(false);
    expect(csvRowReconciles({ ...good, Provider: '20.00', 'Gift card': '623.42' })).toBe(false);
    // A refund's part counted nowhere, or twice.
    expect(csvRowReconciles({ ...good, 'Credited as store credit': '0.00' })).toBe(false);
    expect(csvRowReconciles({ ...good, 'Refunded to gift card': '60.00' })).toBe(false);
    // A credit to the account may exceed what the credit paid (it is any of the order's money).
    expect(
      csvRowReconciles({
        ...good,
        'Refunded to provider': '0.00',
        'Refunded to store credit': '0.00',
        'Credited as store credit': '60.00',
      }),
    ).toBe(true);
  });

  it('an unpaid order refunded nothing: its tenders are held, or were given back whole when it ended', () => {
    const unpaid = {
      'Items price': '100.00',
      Discount: '0.00',
      Shipping: '0.00',
      Tax: '0.00',
      Total: '100.00',
      Refunded: '0.00',
      Net: '100.00',
      Revenue: '0.00',
      'Payment status': 'Unpaid',
      'Gift card': '30.00',
      'Store credit': '0.00',
      Provider: '70.00',
      'Refunded to provider': '0.00',
      'Refunded to gift card': '0.00',
      'Refunded to store credit': '0.00',
      'Credited as store credit': '0.00',
    };
    expect(csvRowReconciles(unpaid)).toBe(true);
    expect(csvRowReconciles({ ...unpaid, 'Refunded to gift card': '30.00' })).toBe(true);
    // Part of a card back on an order never paid, or the provider "refunding" what it never took.
    expect(csvRowReconciles({ ...unpaid, 'Refunded to gift card': '10.00' })).toBe(false);
    expect(csvRowReconciles({ ...unpaid, 'Refunded to provider': '70.00' })).toBe(false);
    expect(csvRowReconciles({ ...unpaid, 'Credited as store credit': '5.00' })).toBe(false);
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

describe('the payment columns come from the declared kinds (issue 39, domain/tenders.ts TENDER_KINDS)', () => {
  it("appends each kind's paid and refunded columns, and each credit kind's, after the provider's", () => {
    const kinds = Object.keys(TENDER_KINDS);
    // After the address's last column (test/orderExport.test.ts holds the whole header to its exact text).
    const tail = ORDER_EXPORT_COLUMNS.slice(ORDER_EXPORT_COLUMNS.indexOf('Country') + 1);
    expect(tail).toEqual([
      ...kinds.map(tenderLabel),
      'Provider',
      'Refunded to provider',
      ...kinds.map((kind) => `Refunded to ${tenderWord(kind)}`),
      ...kinds.filter(isCreditKind).map((kind) => `Credited as ${tenderWord(kind)}`),
    ]);
    expect(new Set(ORDER_EXPORT_COLUMNS).size).toBe(ORDER_EXPORT_COLUMNS.length);
  });
});
