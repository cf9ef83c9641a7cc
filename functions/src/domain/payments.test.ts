import { describe, expect, it } from 'vitest';
import {
  captureMismatch,
  MADE_FOR_ANOTHER_ORDER,
  mayRefundCapture,
  namesAnotherOrder,
  providerOrderMismatch,
  type PaymentOrder,
  type ProviderCapture,
} from './payments.js';

const order: PaymentOrder = { orderId: 'order1', totalCents: 12345, currency: 'USD' };
const capture = (shopOrderId: string | undefined, amount = '123.45'): ProviderCapture => ({
  payment: { id: 'CAP-1', provider: 'paypal', status: 'COMPLETED', amount, currency: 'USD', updateTime: 't' },
  shopOrderId,
});

describe('providerOrderMismatch (before capturing)', () => {
  it('may capture only a provider order naming this order, for exactly its total', () => {
    expect(providerOrderMismatch(order, { shopOrderId: 'order1', value: '123.45', currency: 'USD' })).toBeNull();
    for (const shopOrderId of ['order2', undefined, ''])
      expect(providerOrderMismatch(order, { shopOrderId, value: '123.45', currency: 'USD' })).toBe(
        MADE_FOR_ANOTHER_ORDER,
      );
    expect(providerOrderMismatch(order, { shopOrderId: 'order1', value: '1.00', currency: 'USD' })).toMatch(
      /does not match the order total 123\.45 USD/,
    );
    // Already captured: only whose it is is asked here; its capture's amount is judged (and refunded) after.
    expect(
      providerOrderMismatch(order, { shopOrderId: 'order1', value: '1.00', currency: 'USD', captured: true }),
    ).toBeNull();
    expect(
      providerOrderMismatch(order, { shopOrderId: 'order2', value: '123.45', currency: 'USD', captured: true }),
    ).toBe(MADE_FOR_ANOTHER_ORDER);
    expect(captureMismatch(order, capture('order2'))).toBe(MADE_FOR_ANOTHER_ORDER);
  });
});

describe('mayRefundCapture', () => {
  it('only a capture made for this order that no order records', () => {
    expect(mayRefundCapture(order, capture('order1', '1.00'), null)).toBe(true);
    expect(mayRefundCapture(order, capture('order1'), 'order2')).toBe(false);
    expect(mayRefundCapture(order, capture('order1'), 'order1')).toBe(false);
    expect(mayRefundCapture(order, capture('order2'), null)).toBe(false);
    expect(mayRefundCapture(order, capture(undefined), null)).toBe(false);
  });
});

describe('namesAnotherOrder (the original clients’ verified captures)', () => {
  it('a provider order naming no shop order, or only this one, may pay it', () => {
    expect(namesAnotherOrder('order1', [undefined, undefined])).toBe(false);
    expect(namesAnotherOrder('order1', ['default', ''])).toBe(false);
    expect(namesAnotherOrder('order1', ['order1', 'order1'])).toBe(false);
    expect(namesAnotherOrder('order1', [undefined, 'order2'])).toBe(true);
    expect(namesAnotherOrder('order1', ['order1', 'order2'])).toBe(true);
  });
});
