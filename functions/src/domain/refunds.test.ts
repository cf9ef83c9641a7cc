import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { orderFromRecord, type OrderRecord } from './orders.js';
import {
  completeRefund,
  decideRefund,
  failRefund,
  linesCents,
  paymentStatusOf,
  refundableCents,
  refundedCents,
  requestCancellation,
  type RefundRequest,
} from './refunds.js';

const now = new Date('2026-03-01T10:00:00.000Z');

function paid(over: Partial<OrderRecord> = {}): OrderRecord {
  return {
    user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
    orderItems: [
      { product: 'p1', name: 'Lamp', image: '/l.png', priceCents: 1999, qty: 3 },
      { product: 'p2', name: 'Cable', image: '/c.png', priceCents: 500, qty: 1 },
    ],
    shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'd' },
    paymentMethod: 'PayPal',
    itemsCents: 6497,
    shippingCents: 1000,
    taxCents: 975,
    totalCents: 8472,
    currency: 'USD',
    status: 'paid',
    paidAt: now.toISOString(),
    paymentResult: null,
    deliveredAt: null,
    expiresAt: null,
    cancelledAt: null,
    createdAt: now.toISOString(),
    ...over,
  };
}

const ask = (over: Partial<RefundRequest> = {}): RefundRequest => ({
  refundId: 'r1',
  restock: false,
  reason: '',
  by: { _id: 'admin', name: 'Admin' },
  now,
  ...over,
});

/** Reserves and completes: the order after the refund. */
function refund(order: OrderRecord, request: RefundRequest, stock = new Map<string, number>()): OrderRecord {
  const { patch } = decideRefund(order, request);
  const reserved = { ...order, ...patch };
  return { ...reserved, ...completeRefund(reserved, request.refundId, 'P', stock, now).patch };
}

const conflictOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? `${e.kind}: ${e.message}` : String(e);
  }
  return 'no error';
};

describe('decideRefund', () => {
  it('refunds the whole remaining amount by default, then nothing more', () => {
    const done = refund(paid(), ask());
    expect(refundedCents(done)).toBe(8472);
    expect(paymentStatusOf(done)).toBe('refunded');
    expect(conflictOf(() => decideRefund(done, ask({ refundId: 'r2' })))).toBe(
      'conflict: This order is already refunded in full',
    );
  });

  it('refuses an unpaid, an expired or a cancelled unpaid order', () => {
    for (const status of ['awaiting_payment', 'expired', 'cancelled'] as const)
      expect(conflictOf(() => decideRefund(paid({ status, paidAt: null }), ask()))).toBe(
        'conflict: Only a paid order can be refunded',
      );
  });

  it('refuses more than remains, zero, and a second refund while one is pending', () => {
    expect(conflictOf(() => decideRefund(paid(), ask({ amount: 84.73 })))).toBe(
      'conflict: At most $84.72 can still be refunded',
    );
    expect(conflictOf(() => decideRefund(paid(), ask({ amount: 0 })))).toBe(
      'bad_input: A refund must be more than $0.00',
    );
    const { patch } = decideRefund(paid(), ask({ amount: 10 }));
    expect(conflictOf(() => decideRefund({ ...paid(), ...patch }, ask({ refundId: 'r2', amount: 1 })))).toMatch(
      /still being processed/,
    );
  });

  it('by lines: what the units cost as charged (no discount here: price and tax share); no more units than ordered; unknown lines refused', () => {
    const { refund: r } = decideRefund(paid(), ask({ items: [{ product: 'p1', qty: 2 }] }));
    expect(r.amountCents).toBe(3998 + Math.round((975 * 3998) / 6497));
    expect(linesCents(paid(), [{ product: 'p2', qty: 1 }])).toBe(500 + 75);
    expect(conflictOf(() => decideRefund(paid(), ask({ items: [{ product: 'p1', qty: 4 }] })))).toBe(
      'conflict: At most 3 of Lamp can still be refunded',
    );
    expect(conflictOf(() => decideRefund(paid(), ask({ items: [{ product: 'zz', qty: 1 }] })))).toBe(
      'bad_input: This order has no line of product zz',
    );
  });

  it('lines with an amount: at most what those lines were charged (less what earlier refunds took of them), never a line refunded past its charge', () => {
    const cable = 500 + 75; // the cable's price and its share of the tax
    // An amount up to the lines' charge is a partial refund of them.
    expect(decideRefund(paid(), ask({ items: [{ product: 'p2', qty: 1 }], amount: 5 })).refund.amountCents).toBe(500);
    expect(decideRefund(paid(), ask({ items: [{ product: 'p2', qty: 1 }], amount: 5.75 })).refund.amountCents).toBe(
      cable,
    );
    // A cent more is refused: the money would be the lamp's, refunded against the cable.
    expect(conflictOf(() => decideRefund(paid(), ask({ items: [{ product: 'p2', qty: 1 }], amount: 5.76 })))).toBe(
      'conflict: At most $5.75 can be refunded for these lines',
    );
    expect(conflictOf(() => decideRefund(paid(), ask({ items: [{ product: 'p2', qty: 1 }], amount: 84 })))).toBe(
      'conflict: At most $5.75 can be refunded for these lines',
    );
    // One lamp refunded by lines: the next lamp's charge is what remains of the line, unit by unit.
    const oneLamp = refund(paid(), ask({ items: [{ product: 'p1', qty: 1 }] }));
    const nextLamp = linesCents(oneLamp, [{ product: 'p1', qty: 1 }]);
    expect(
      conflictOf(() =>
        decideRefund(
          oneLamp,
          ask({ refundId: 'r2', items: [{ product: 'p1', qty: 1 }], amount: nextLamp / 100 + 0.01 }),
        ),
      ),
    ).toBe(`conflict: At most $${(nextLamp / 100).toFixed(2)} can be refunded for these lines`);
  });

  it('restocks only the refunded lines when asked, and only products that still exist', () => {
    const order = paid();
    const { patch } = decideRefund(order, ask({ items: [{ product: 'p1', qty: 2 }], restock: true }));
    const done = completeRefund(
      { ...order, ...patch },
      'r1',
      'P',
      new Map([
        ['p1', 5],
        ['p2', 7],
      ]),
      now,
    );
    expect(done.stock).toEqual([{ product: 'p1', countInStock: 7 }]);
    const gone = completeRefund({ ...order, ...patch }, 'r1', 'P', new Map([['p2', 7]]), now);
    expect(gone.stock).toEqual([]);
  });

  it('a failed refund frees its amount again', () => {
    const { patch } = decideRefund(paid(), ask({ amount: 50 }));
    const failed = { ...paid(), ...failRefund({ ...paid(), ...patch }, 'r1', 'refused') };
    expect(refundableCents(failed)).toBe(8472);
    expect(paymentStatusOf(failed)).toBe('paid');
  });

  it('cancelling: the whole remainder, every unit not yet refunded restocked, the order cancelled and still paid', () => {
    const partly = refund(paid(), ask({ items: [{ product: 'p1', qty: 1 }], restock: true }), new Map([['p1', 0]]));
    const { refund: r, patch } = decideRefund(partly, ask({ refundId: 'c', cancel: true }));
    expect(r.items).toEqual([
      { product: 'p1', qty: 2 },
      { product: 'p2', qty: 1 },
    ]);
    const done = completeRefund(
      { ...partly, ...patch },
      'c',
      'P',
      new Map([
        ['p1', 1],
        ['p2', 0],
      ]),
      now,
    );
    expect(done.stock).toEqual([
      { product: 'p1', countInStock: 3 },
      { product: 'p2', countInStock: 1 },
    ]);
    const answer = orderFromRecord('o1', { ...partly, ...done.patch });
    expect(answer).toMatchObject({ status: 'cancelled', isCancelled: true, isPaid: true, paymentStatus: 'refunded' });
    expect(conflictOf(() => decideRefund(paid({ status: 'delivered' }), ask({ cancel: true })))).toMatch(/delivered/);
  });

  it('a refund in full by amount of an order not shipped closes it: cancelled, every unit restocked (issue 38)', () => {
    const order = paid();
    const reserved = decideRefund(order, ask());
    const before = new Map([
      ['p1', 10],
      ['p2', 5],
    ]);
    const done = completeRefund({ ...order, ...reserved.patch }, 'r1', 'P1', before, now);
    expect(done.patch).toMatchObject({ status: 'cancelled', cancelledAt: now.toISOString() });
    expect(done.stock).toEqual([
      { product: 'p1', countInStock: 13 },
      { product: 'p2', countInStock: 6 },
    ]);
    // Nothing left to cancel.
    expect(conflictOf(() => decideRefund({ ...order, ...done.patch }, ask({ refundId: 'c', cancel: true })))).toMatch(
      /already cancelled/,
    );
    // Shipped, it stays shipped: refunded in full, and not to be sent anywhere.
    const shipped = paid({ status: 'shipped' });
    const r2 = decideRefund(shipped, ask());
    const kept = completeRefund({ ...shipped, ...r2.patch }, 'r1', 'P1', before, now);
    expect(kept.patch.status).toBeUndefined();
    expect(kept.stock).toEqual([]);
  });

  it('a refund that leaves nothing paid settles the open returns: none stays open with nothing left to refund', () => {
    // Before: an approved return whose units were then paid back by a refund of the whole amount could never be
    // refunded (nothing left) nor declined (no longer requested): it stayed open and blocked every later return.
    const returned = (status: 'requested' | 'approved' | 'received') =>
      paid({
        status: 'delivered',
        deliveredAt: now.toISOString(),
        returns: [
          {
            id: 'ret1',
            items: [{ product: 'p2', qty: 1 }],
            reason: 'broken',
            status,
            createdAt: now.toISOString(),
            decidedAt: status === 'requested' ? null : now.toISOString(),
            message: null,
            refundId: null,
          },
        ],
      });
    for (const status of ['requested', 'approved', 'received'] as const) {
      const after = refund(returned(status), ask({ refundId: 'all' }));
      expect(paymentStatusOf(after)).toBe('refunded');
      expect(after.returns).toEqual([expect.objectContaining({ id: 'ret1', status: 'refunded', refundId: 'all' })]);
      expect(after.status).toBe('delivered');
    }
    // A refund that leaves money paid leaves the return open: its own refund still pays what remains.
    const part = refund(returned('approved'), ask({ refundId: 'part', amount: 10 }));
    expect(part.returns?.[0]).toMatchObject({ status: 'approved', refundId: null });
  });

  it('a cancellation request only on a paid, undelivered order, once at a time', () => {
    expect(conflictOf(() => requestCancellation(paid({ status: 'delivered' }), 'x', now))).toMatch(/not shipped/);
    expect(conflictOf(() => requestCancellation(paid({ status: 'shipped' }), 'x', now))).toMatch(/not shipped/);
    const asked = { ...paid(), ...requestCancellation(paid(), 'x', now) };
    expect(conflictOf(() => requestCancellation(asked, 'y', now))).toMatch(/already waiting/);
  });
});

describe('orderFromRecord reads old records', () => {
  it("an 'expired' record with cancelledAt (before issue 28) is a cancelled order; the spec's fields stay", () => {
    const old = paid({ status: 'expired', paidAt: null, cancelledAt: now.toISOString(), expiresAt: now.toISOString() });
    expect(orderFromRecord('o1', old)).toMatchObject({
      status: 'cancelled',
      isCancelled: true,
      isPaid: false,
      isDelivered: false,
      expiresAt: now.toISOString(),
      paymentStatus: 'unpaid',
      refunds: [],
      refundedTotal: 0,
    });
    expect(orderFromRecord('o1', paid({ status: 'expired', paidAt: null }))).toMatchObject({
      status: 'expired',
      isCancelled: false,
    });
  });
});

describe('refund arithmetic (properties)', () => {
  const order = fc
    .record({
      lines: fc.array(
        fc.record({ priceCents: fc.integer({ min: 1, max: 100_000 }), qty: fc.integer({ min: 1, max: 5 }) }),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
      shippingCents: fc.integer({ min: 0, max: 2000 }),
      taxRate: fc.integer({ min: 0, max: 25 }),
    })
    .map(({ lines, shippingCents, taxRate }) => {
      const orderItems = lines.map((l, i) => ({ product: `p${i}`, name: `P${i}`, image: '', ...l }));
      const itemsCents = orderItems.reduce((s, l) => s + l.priceCents * l.qty, 0);
      const taxCents = Math.round((itemsCents * taxRate) / 100);
      return paid({
        orderItems,
        itemsCents,
        shippingCents,
        taxCents,
        totalCents: itemsCents + shippingCents + taxCents,
      });
    });

  /** A refund asked: an amount in dollars (maybe too much), some lines, or the rest; it may fail at the provider. */
  const asked = fc.oneof(
    fc.record({
      kind: fc.constant('amount' as const),
      cents: fc.integer({ min: -5, max: 300_000 }),
      fails: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('lines' as const),
      line: fc.nat(3),
      qty: fc.integer({ min: 1, max: 6 }),
      fails: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('rest' as const), fails: fc.boolean() }),
  );

  it('never refunds more than was paid; the refunds add up to refundedTotal; every amount is whole cents', () => {
    fc.assert(
      fc.property(order, fc.array(asked, { maxLength: 8 }), (start, requests) => {
        let o = start;
        requests.forEach((a, i) => {
          const request = ask({
            refundId: `r${i}`,
            ...(a.kind === 'amount' ? { amount: a.cents / 100 } : {}),
            ...(a.kind === 'lines' ? { items: [{ product: `p${a.line}`, qty: a.qty }] } : {}),
          });
          let patch;
          try {
            ({ patch } = decideRefund(o, request));
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
            return; // refused: nothing changes
          }
          const reserved = { ...o, ...patch };
          expect(refundableCents(reserved)).toBeGreaterThanOrEqual(0);
          o = a.fails
            ? { ...reserved, ...failRefund(reserved, request.refundId, 'refused') }
            : { ...reserved, ...completeRefund(reserved, request.refundId, 'P', new Map(), now).patch };
        });
        const total = refundedCents(o);
        expect(total).toBeLessThanOrEqual(o.totalCents);
        for (const r of o.refunds ?? []) {
          expect(Number.isInteger(r.amountCents)).toBe(true);
          expect(r.amountCents).toBeGreaterThan(0);
        }
        const answer = orderFromRecord('o', o);
        const sum = answer.refunds
          .filter((r) => r.status === 'completed')
          .reduce((s, r) => s + Math.round(r.amount * 100), 0);
        expect(Math.round(answer.refundedTotal * 100)).toBe(sum);
        expect(sum).toBe(total);
        expect(answer.paymentStatus).toBe(
          total === 0 ? 'paid' : total === o.totalCents ? 'refunded' : 'partially_refunded',
        );
        // Units refunded never exceed the units ordered.
        for (const line of o.orderItems) {
          const units = (o.refunds ?? [])
            .filter((r) => r.status !== 'failed')
            .flatMap((r) => r.items)
            .filter((i) => i.product === line.product)
            .reduce((s, i) => s + i.qty, 0);
          expect(units).toBeLessThanOrEqual(line.qty);
        }
      }),
      { numRuns: 300 },
    );
  });
});
