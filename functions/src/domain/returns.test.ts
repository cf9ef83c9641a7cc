import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { RETURN_DAYS } from './limits.js';
import { orderFromRecord, type OrderRecord } from './orders.js';
import { completeRefund, decideRefund } from './refunds.js';
import {
  approveReturn,
  declineReturn,
  receiveReturn,
  requestReturn,
  returnableUnits,
  returnAskRefusal,
  RETURN_MESSAGES,
} from './returns.js';

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

  it('approved (nothing refunded), received with only the chosen lines restocked, then refunded; or declined', () => {
    const asked = { ...order(), ...requestReturn(order(), ask({ items: [{ product: 'p1', qty: 2 }] })) };
    // Not refundable before the shop approved it.
    const refundIt = (o: OrderRecord) =>
      decideRefund(o, {
        refundId: 'r1',
        returnId: 'ret1',
        restock: false,
        reason: 'Return: Too bright',
        by: { _id: 'a', name: 'Admin' },
        now: delivered,
      });
    expect(refusal(() => refundIt(asked))).toBe('conflict: Approve this return before refunding it');
    const approved = { ...asked, ...approveReturn(asked, 'ret1', delivered) };
    expect(approved.returns![0]).toMatchObject({ status: 'approved', decidedAt: delivered.toISOString() });
    expect(approved.refunds ?? []).toEqual([]);
    expect(refusal(() => approveReturn(approved, 'ret1', delivered))).toMatch(/not waiting/);
    // Received: at most the units that came back, only the lines chosen, nothing by default.
    const stockNow = new Map([
      ['p1', 4],
      ['p2', 9],
    ]);
    expect(refusal(() => receiveReturn(approved, 'ret1', [{ product: 'p1', qty: 3 }], stockNow, delivered))).toBe(
      'bad_input: At most 2 of Lamp came back in this return',
    );
    expect(refusal(() => receiveReturn(approved, 'ret1', [{ product: 'p2', qty: 1 }], stockNow, delivered))).toMatch(
      /^bad_input: This return has no line/,
    );
    expect(receiveReturn(approved, 'ret1', [], stockNow, delivered).stock).toEqual([]);
    const got = receiveReturn(approved, 'ret1', [{ product: 'p1', qty: 1 }], stockNow, delivered);
    expect(got.stock).toEqual([{ product: 'p1', countInStock: 5 }]);
    const received = { ...approved, ...got.patch };
    expect(received.returns![0]).toMatchObject({
      status: 'received',
      receivedAt: delivered.toISOString(),
      restocked: [{ product: 'p1', qty: 1 }],
    });
    expect(refusal(() => receiveReturn(received, 'ret1', [], stockNow, delivered))).toMatch(
      /^conflict: This return is received/,
    );
    // Refunded: its lines as charged (their tax share), no restock by the refund.
    const { refund, patch } = refundIt(received);
    expect(refund).toMatchObject({ amountCents: 2 * (2000 + 300), items: [{ product: 'p1', qty: 2 }], restock: false });
    const done = completeRefund({ ...received, ...patch }, 'r1', 'P', stockNow, delivered);
    expect(done.patch.returns![0]).toMatchObject({ status: 'refunded', refundId: 'r1' });
    expect(done.stock).toEqual([]);
    const refunded = { ...received, ...done.patch };
    expect(refusal(() => declineReturn(refunded, 'ret1', 'no', delivered))).toMatch(/not waiting/);
    expect(refusal(() => refundIt(refunded))).toMatch(/This return is refunded/);
    expect(returnableUnits(refunded).get('p1')).toBe(0);

    const declined = declineReturn(asked, 'ret1', 'Used item', delivered);
    expect(declined.returns[0]).toMatchObject({ status: 'declined', message: 'Used item' });
    expect(refusal(() => declineReturn(asked, 'nope', 'x', delivered))).toBe('not_found: Return not found');
  });

  it('receives a requested return at once (approved and received); an old approved return with a refund reads refunded', () => {
    const asked = { ...order(), ...requestReturn(order(), ask()) };
    const got = receiveReturn(asked, 'ret1', [], new Map(), delivered);
    expect(got.patch.returns[0]).toMatchObject({ status: 'received', decidedAt: delivered.toISOString() });
    const old = order({
      returns: [{ ...asked.returns![0]!, status: 'approved', refundId: 'r0', decidedAt: delivered.toISOString() }],
    });
    expect(orderFromRecord('o1', old).returns[0]!.status).toBe('refunded');
    // No longer open: a new return may be asked.
    expect(requestReturn(old, ask({ returnId: 'ret2' })).returns).toHaveLength(2);
  });
});

describe('returnAskRefusal: the server and the order page by one rule (issue 38)', () => {
  const at = Date.parse('2026-03-05T10:00:00.000Z');
  const delivered = { status: 'delivered' as const, deliveredAt: '2026-03-01T10:00:00.000Z', returns: [] };
  it('allows a delivered order in its window with no open return, not refunded in full', () => {
    expect(returnAskRefusal(delivered, false, at)).toBeNull();
  });
  it('says why not otherwise', () => {
    expect(returnAskRefusal({ ...delivered, status: 'shipped' }, false, at)).toBe(RETURN_MESSAGES.notDelivered);
    expect(returnAskRefusal(delivered, false, at + 400 * 86_400_000)).toBe(RETURN_MESSAGES.windowOver);
    expect(returnAskRefusal(delivered, true, at)).toBe(RETURN_MESSAGES.refunded);
    for (const status of ['requested', 'approved', 'received'] as const)
      expect(returnAskRefusal({ ...delivered, returns: [{ status, refundId: null }] }, false, at)).toBe(
        RETURN_MESSAGES.waiting,
      );
    for (const status of ['declined', 'refunded'] as const)
      expect(returnAskRefusal({ ...delivered, returns: [{ status, refundId: 'x' }] }, false, at)).toBeNull();
  });
});
