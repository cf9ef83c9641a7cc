import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { orderFromRecord, type OrderRecord } from './orders.js';
import { priceOrder } from './pricing.js';
import { completeRefund, decideRefund, linesCents, refundableCents, type RefundRequest } from './refunds.js';
import { orderRefundableCents, orderUnitsLeft, returnRefundCents } from './refundFigures.js';

const now = new Date('2026-03-01T10:00:00.000Z');

function paidOrder(lines: readonly { priceCents: number; qty: number; variant?: string }[]): OrderRecord {
  const orderItems = lines.map((l, i) => ({ product: `p${i % 2}`, name: `P${i}`, image: '', ...l }));
  return {
    user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
    orderItems,
    shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'd' },
    paymentMethod: 'PayPal',
    ...priceOrder(
      orderItems,
      { taxBasisPoints: 1500, pricesIncludeTax: false, shippingCents: 1000, freeShippingOverCents: 100_000 },
      0,
    ),
    couponCode: null,
    currency: 'USD',
    status: 'paid',
    paidAt: now.toISOString(),
    paymentResult: null,
    deliveredAt: null,
    expiresAt: null,
    cancelledAt: null,
    createdAt: now.toISOString(),
  } as OrderRecord;
}

/** Reserves and completes a refund (or leaves the order as it was when the rules refuse it). */
function refunded(order: OrderRecord, request: RefundRequest): OrderRecord {
  try {
    const reserved = { ...order, ...decideRefund(order, request).patch };
    return { ...reserved, ...completeRefund(reserved, request.refundId, 'P', new Map(), now).patch };
  } catch (e) {
    if (e instanceof DomainError) return order;
    throw e;
  }
}

const ask = (refundId: string, over: Partial<RefundRequest>): RefundRequest => ({
  refundId,
  restock: false,
  reason: '',
  by: { _id: 'admin', name: 'Admin' },
  now,
  ...over,
});

describe('refund figures from the API answer', () => {
  it('what remains and the units left: the server rules on the record, the same read from the answer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ priceCents: fc.integer({ min: 1, max: 50_000 }), qty: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(
          fc.oneof(
            fc.record({ amountCents: fc.integer({ min: 1, max: 20_000 }) }),
            fc.record({ line: fc.nat(3), qty: fc.integer({ min: 1, max: 3 }) }),
          ),
          { maxLength: 4 },
        ),
        (lines, asks) => {
          let order = paidOrder(lines.map((l, i) => ({ ...l, ...(i >= 2 ? { variant: `v${i}` } : {}) })));
          asks.forEach((a, n) => {
            const request =
              'amountCents' in a
                ? { amount: a.amountCents / 100 }
                : (() => {
                    const line = order.orderItems[a.line % order.orderItems.length]!;
                    return { items: [{ product: line.product, variant: line.variant, qty: a.qty }] };
                  })();
            order = refunded(order, ask(`r${n}`, request));
          });
          const answer = orderFromRecord('o1', order);
          expect(orderRefundableCents(answer)).toBe(refundableCents(order));
          const left = orderUnitsLeft(answer);
          for (const line of order.orderItems) {
            const key = line.variant ? `${line.product}/${line.variant}` : line.product;
            const ordered = order.orderItems
              .filter((l) => l.product === line.product && l.variant === line.variant)
              .reduce((n, l) => n + l.qty, 0);
            const gone = (order.refunds ?? [])
              .filter((r) => r.status !== 'failed')
              .flatMap((r) => r.items)
              .filter((i) => i.product === line.product && i.variant === line.variant)
              .reduce((n, i) => n + i.qty, 0);
            expect(left.get(key)).toBe(ordered - gone);
          }
        },
      ),
    );
  });

  it("a return's refund is what its lines cost as charged, capped by what remains", () => {
    const order = paidOrder([
      { priceCents: 2000, qty: 2 },
      { priceCents: 1000, qty: 1 },
    ]);
    const answer = orderFromRecord('o1', order);
    const items = [{ product: 'p0', qty: 1 }];
    expect(returnRefundCents(answer, { items })).toBe(linesCents(order, items));
    // Everything refunded by amount: a return then pays nothing more.
    const spent = refunded(order, ask('r1', {}));
    expect(returnRefundCents(orderFromRecord('o1', spent), { items })).toBe(0);
  });

  it('nothing is refundable on an order never paid', () => {
    const unpaid = { ...paidOrder([{ priceCents: 1000, qty: 1 }]), status: 'awaiting_payment' as const, paidAt: null };
    expect(orderRefundableCents(orderFromRecord('o1', unpaid))).toBe(0);
  });
});

describe('units held by an open return (issue 38)', () => {
  it('are not offered to a refund by lines, which the server refuses; once refunded or declined they count as such', () => {
    const delivered = {
      ...paidOrder([{ priceCents: 2000, qty: 2 }]),
      status: 'delivered' as const,
      deliveredAt: now.toISOString(),
    };
    const ret = {
      id: 'r1',
      items: [{ product: 'p0', qty: 1 }],
      reason: 'scratched',
      createdAt: now.toISOString(),
      decidedAt: null,
      message: null,
      refundId: null,
    };
    for (const status of ['requested', 'approved', 'received'] as const) {
      const order = { ...delivered, returns: [{ ...ret, status }] };
      expect(orderUnitsLeft(orderFromRecord('o', order)).get('p0')).toBe(1);
      // The server agrees: both units by lines are refused, one is allowed.
      const both: RefundRequest = {
        refundId: 'x',
        items: [{ product: 'p0', qty: 2 }],
        restock: false,
        reason: 'by lines',
        by: { _id: 'a', name: 'A' },
        now,
      };
      expect(() => decideRefund(order, both)).toThrow(DomainError);
      expect(() => decideRefund(order, { ...both, items: [{ product: 'p0', qty: 1 }] })).not.toThrow();
    }
    const declined = { ...delivered, returns: [{ ...ret, status: 'declined' as const }] };
    expect(orderUnitsLeft(orderFromRecord('o', declined)).get('p0')).toBe(2);
  });
});
