import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { RETURN_DAYS } from './limits.js';
import type { OrderRecord } from './orders.js';
import { completeRefund, decideRefund } from './refunds.js';
import { declineReturn, requestReturn, returnableUnits } from './returns.js';

const delivered = new Date('2026-03-01T10:00:00.000Z');
const day = 86_400_000;

const order = (over: Partial<OrderRecord> = {}): OrderRecord => ({
  user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
  orderItems: [
    { product: 'p1', name: 'Lamp', image: '', priceCents: 2000, qty: 2 },
    { product: 'p2', name: 'Cable', image: '', priceCents: 1000, qty: 1 },
  ],
  shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'd' },
  paymentMethod: 'PayPal',
  itemsCents: 5000,
  shippingCents: 1000,
  taxCents: 750,
  totalCents: 6750,
  currency: 'USD',
  status: 'delivered',
  paidAt: '2026-02-27T10:00:00.000Z',
  paymentResult: null,
  deliveredAt: delivered.toISOString(),
  expiresAt: null,
  createdAt: '2026-02-27T09:00:00.000Z',
  ...over,
});

const ask = (over: { items?: { product: string; qty: number }[]; now?: Date; returnId?: string } = {}) => ({
  returnId: over.returnId ?? 'ret1',
  items: over.items ?? [{ product: 'p1', qty: 1 }],
  reason: 'Too bright',
  now: over.now ?? new Date(delivered.getTime() + day),
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return e instanceof DomainError ? `${e.kind}: ${e.message}` : String(e);
  }
};

describe('returns', () => {
  it(`within ${RETURN_DAYS} days of delivery only, of a delivered order`, () => {
    const last = new Date(delivered.getTime() + RETURN_DAYS * day);
    expect(requestReturn(order(), ask({ now: last })).returns).toHaveLength(1);
    expect(refusal(() => requestReturn(order(), ask({ now: new Date(last.getTime() + 1) })))).toBe(
      'conflict: Returns are accepted within 30 days of delivery',
    );
    expect(refusal(() => requestReturn(order({ status: 'paid', deliveredAt: null }), ask()))).toBe(
      'conflict: Only a delivered order can be returned',
    );
  });

  it('never more units than ordered and not yet refunded; one waiting return at a time', () => {
    expect(refusal(() => requestReturn(order(), ask({ items: [{ product: 'p1', qty: 3 }] })))).toBe(
      'conflict: At most 2 of Lamp can be returned',
    );
    expect(refusal(() => requestReturn(order(), ask({ items: [{ product: 'zz', qty: 1 }] })))).toMatch(/^bad_input/);
    const asked = { ...order(), ...requestReturn(order(), ask()) };
    expect(refusal(() => requestReturn(asked, ask({ returnId: 'ret2' })))).toMatch(/already waiting/);
    expect(returnableUnits(asked).get('p1')).toBe(1);
  });

  it('approved by a refund of its lines (their tax share, restocked); declined with a message', () => {
    const asked = { ...order(), ...requestReturn(order(), ask()) };
    const { refund, patch } = decideRefund(asked, {
      refundId: 'r1',
      returnId: 'ret1',
      restock: true,
      reason: 'Return: Too bright',
      by: { _id: 'a', name: 'Admin' },
      now: delivered,
    });
    expect(refund).toMatchObject({ amountCents: 2000 + 300, items: [{ product: 'p1', qty: 1 }], restock: true });
    const done = completeRefund({ ...asked, ...patch }, 'r1', 'P', new Map([['p1', 4]]), delivered);
    expect(done.patch.returns![0]).toMatchObject({ status: 'approved', refundId: 'r1' });
    expect(done.stock).toEqual([{ product: 'p1', countInStock: 5 }]);
    // Decided: neither declined nor refunded again.
    const approved = { ...asked, ...done.patch };
    expect(refusal(() => declineReturn(approved, 'ret1', 'no', delivered))).toMatch(/not waiting/);
    expect(returnableUnits(approved).get('p1')).toBe(1);

    const declined = declineReturn(asked, 'ret1', 'Used item', delivered);
    expect(declined.returns[0]).toMatchObject({ status: 'declined', message: 'Used item' });
    expect(refusal(() => declineReturn(asked, 'nope', 'x', delivered))).toBe('not_found: Return not found');
  });
});
