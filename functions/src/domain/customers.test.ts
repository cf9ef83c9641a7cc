import { describe, expect, it } from 'vitest';
import { customerIdOfKey, customerSpentCents, guestNameOf } from './customers.js';
import type { RefundRecord } from './refunds.js';

const refund = (amountCents: number, status: RefundRecord['status']): RefundRecord => ({
  id: `r${amountCents}${status}`,
  amountCents,
  reason: 'x',
  restock: false,
  items: [],
  status,
  cancelsOrder: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
  by: { _id: 'a', name: 'A' },
  providerRefundId: null,
  failure: null,
});

describe('customers', () => {
  it('a guest key is the email however typed; an account id stays as is', () => {
    expect(customerIdOfKey(' Gail+Shop@Example.com ')).toBe('guest:gail@example.com');
    expect(customerIdOfKey('guest:GAIL@example.com')).toBe('guest:gail@example.com');
    expect(customerIdOfKey('a1b2c3')).toBe('a1b2c3');
  });

  it('spent: nothing until paid; the total less completed refunds only; never below zero', () => {
    const order = { paidAt: null, totalCents: 5_000, refunds: [] };
    expect(customerSpentCents(order)).toBe(0);
    const paid = { ...order, paidAt: '2026-01-01T00:00:00.000Z' };
    expect(customerSpentCents(paid)).toBe(5_000);
    expect(
      customerSpentCents({
        ...paid,
        refunds: [refund(1_000, 'completed'), refund(700, 'pending'), refund(300, 'failed')],
      }),
    ).toBe(4_000);
    expect(customerSpentCents({ ...paid, refunds: [refund(6_000, 'completed')] })).toBe(0);
  });

  it('a guest is named by the recipient, else Guest', () => {
    const address = { address: 'a', city: 'c', postalCode: 'p', country: 'US' };
    expect(guestNameOf({ shippingAddress: { ...address, recipientName: ' Gail ' } })).toBe('Gail');
    expect(guestNameOf({ shippingAddress: { ...address, recipientName: '  ' } })).toBe('Guest');
    expect(guestNameOf({ shippingAddress: address })).toBe('Guest');
  });
});
