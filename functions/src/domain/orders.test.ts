import { describe, expect, it } from 'vitest';
import { orderNumber, paymentMethodLabel } from './orders.js';
import type { PaymentResult } from './types.js';

describe('orderNumber', () => {
  it("is the id's last 6 characters, upper-cased (a 24-hex id and a Firestore id)", () => {
    expect(orderNumber('65f1a2b3c4d5e6f7a8c595d7')).toBe('C595D7');
    expect(orderNumber('Xy7PqR2sTu9vWz3aBc4d')).toBe('3ABC4D');
  });
});

describe('paymentMethodLabel', () => {
  const paid = (provider: PaymentResult['provider']): PaymentResult => ({
    id: 'x',
    provider,
    status: 'COMPLETED',
    amount: '1.00',
    currency: 'USD',
    updateTime: '2030-01-01T00:00:00.000Z',
  });

  it('names the payment actually used, not the one chosen at checkout', () => {
    expect(paymentMethodLabel({ paymentMethod: 'PayPal', paymentResult: paid('simulated') })).toBe('Test payment');
    expect(paymentMethodLabel({ paymentMethod: 'PayPal', paymentResult: paid('paypal') })).toBe('PayPal');
  });

  it('shows the chosen method while unpaid', () => {
    expect(paymentMethodLabel({ paymentMethod: 'PayPal', paymentResult: null })).toBe('PayPal');
  });
});
