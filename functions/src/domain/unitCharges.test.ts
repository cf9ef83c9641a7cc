import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideDiscount } from './discounts.js';
import { DomainError } from './errors.js';
import { orderFromRecord, type OrderRecord } from './orders.js';
import { priceOrder, type PricingRules } from './pricing.js';
import { completeRefund, decideRefund, failRefund, linesCents, refundedCents, type RefundRequest } from './refunds.js';
import { goodsCents, lineCharges, orderUnitsRefundCents, unitsCents } from './unitCharges.js';

const now = new Date('2026-03-01T10:00:00.000Z');

const rules = (over: Partial<PricingRules> = {}): PricingRules => ({
  taxBasisPoints: 1500,
  pricesIncludeTax: false,
  shippingCents: 10_000,
  freeShippingOverCents: 10_000,
  ...over,
});

/** A paid order priced by the one pricing decision (priceOrder), as placeOrder records it. */
function paidOrder(
  lines: readonly { priceCents: number; qty: number; discountCents?: number }[],
  pricing: PricingRules,
  discountCents = 0,
): OrderRecord {
  const orderItems = lines.map((l, i) => ({ product: `p${i}`, name: `P${i}`, image: '', ...l }));
  return {
    user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
    orderItems,
    shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'd' },
    paymentMethod: 'PayPal',
    ...priceOrder(orderItems, pricing, discountCents),
    couponCode: discountCents ? 'CODE' : null,
    currency: 'USD',
    status: 'paid',
    paidAt: now.toISOString(),
    paymentResult: null,
    deliveredAt: null,
    expiresAt: null,
    cancelledAt: null,
    createdAt: now.toISOString(),
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

/** Reserves, then completes (or fails) a refund: the order after it, or the same order when refused. */
function refunded(order: OrderRecord, request: RefundRequest, fails = false): OrderRecord {
  let patch;
  try {
    ({ patch } = decideRefund(order, request));
  } catch (e) {
    if (e instanceof DomainError) return order;
    throw e;
  }
  const reserved = { ...order, ...patch };
  return fails
    ? { ...reserved, ...failRefund(reserved, request.refundId, 'refused') }
    : { ...reserved, ...completeRefund(reserved, request.refundId, 'P', new Map(), now).patch };
}

describe('a refund of lines pays what the units cost as charged (issue 36)', () => {
  it('50% off 2 × $400, paid $460: one unit refunds $230, the other the rest of the goods', () => {
    const order = paidOrder([{ priceCents: 40_000, qty: 2 }], rules(), 40_000);
    expect(order.totalCents).toBe(46_000);
    const first = decideRefund(order, ask({ items: [{ product: 'p0', qty: 1 }] }));
    expect(first.refund.amountCents).toBe(23_000);
    const after = refunded(order, ask({ items: [{ product: 'p0', qty: 1 }] }));
    expect(linesCents(after, [{ product: 'p0', qty: 1 }])).toBe(23_000);
    const all = refunded(after, ask({ refundId: 'r2', items: [{ product: 'p0', qty: 1 }] }));
    expect(refundedCents(all)).toBe(46_000);
  });

  it('20% tax included in prices, 2 × $400 = $800 paid: one unit returned refunds $400, tax not added again', () => {
    const order = paidOrder([{ priceCents: 40_000, qty: 2 }], rules({ taxBasisPoints: 2000, pricesIncludeTax: true }));
    expect(order.totalCents).toBe(80_000);
    expect(order.taxCents).toBe(13_333);
    const delivered: OrderRecord = {
      ...order,
      status: 'delivered',
      deliveredAt: now.toISOString(),
      returns: [
        {
          id: 'ret1',
          items: [{ product: 'p0', qty: 1 }],
          reason: 'broken',
          status: 'received',
          createdAt: now.toISOString(),
          decidedAt: now.toISOString(),
          message: null,
          refundId: null,
          receivedAt: now.toISOString(),
        },
      ],
    };
    const approval = decideRefund(delivered, ask({ returnId: 'ret1', restock: false }));
    expect(approval.refund.amountCents).toBe(40_000);
  });

  it("a code on one line only: that line's units carry its discount, the other line's none", () => {
    // 50% off product p0 only, of p0 $400 + p1 $400, tax 15% on top: paid $600 + $90 tax.
    const cart = [
      { product: 'p0', category: 'c', priceCents: 40_000, qty: 1 },
      { product: 'p1', category: 'c', priceCents: 40_000, qty: 1 },
    ];
    const code = { code: 'HALF', active: true, uses: 0, percentOff: 50, scope: { products: ['p0'] } };
    const decision = decideDiscount(code, cart, 0, now);
    if (!decision.ok) throw new Error(decision.message);
    const order = paidOrder(
      cart.map((l, i) => ({ priceCents: l.priceCents, qty: l.qty, discountCents: decision.lineDiscountCents[i] })),
      rules(),
      decision.discountCents,
    );
    expect(order.totalCents).toBe(69_000);
    expect(linesCents(order, [{ product: 'p0', qty: 1 }])).toBe(23_000);
    expect(linesCents(order, [{ product: 'p1', qty: 1 }])).toBe(46_000);
    const answer = orderFromRecord('o1', order);
    expect(answer.orderItems.map((i) => i.discount)).toEqual([200, undefined]);
    expect(orderUnitsRefundCents(answer, [{ product: 'p0', qty: 1 }])).toBe(23_000);
  });

  it('shipping stays out of a refund by lines; the web reckons the same amount from the API shape', () => {
    const order = paidOrder(
      [
        { priceCents: 1999, qty: 3 },
        { priceCents: 500, qty: 1 },
      ],
      rules({ freeShippingOverCents: null, shippingCents: 1000 }),
      650,
    );
    const every = [
      { product: 'p0', qty: 3 },
      { product: 'p1', qty: 1 },
    ];
    expect(linesCents(order, every)).toBe(order.totalCents - 1000);
    const answer = orderFromRecord('o1', order);
    for (const items of [every, [{ product: 'p0', qty: 2 }], [{ product: 'p1', qty: 1 }]])
      expect(orderUnitsRefundCents(answer, items)).toBe(linesCents(order, items));
  });

  it('spreads by largest remainder: the lines sum to the goods, a line splits evenly, the remainder cents to the first units', () => {
    const charges = lineCharges(
      [
        { key: 'a', priceCents: 100, qty: 1 },
        { key: 'b', priceCents: 100, qty: 1 },
        { key: 'c', priceCents: 100, qty: 1 },
      ],
      100,
    );
    expect([...charges.values()].map((c) => c.cents)).toEqual([34, 33, 33]);
    const line = { qty: 3, cents: 100 };
    expect([unitsCents(line, 0, 1), unitsCents(line, 1, 1), unitsCents(line, 2, 1)]).toEqual([34, 33, 33]);
    expect(unitsCents(line, 0, 3)).toBe(100);
    expect(unitsCents(line, 2, 5)).toBe(33);
    // 3 cents over 4 units: 1, 1, 1, 0 (a unit is never refunded 0 while a later one would pay more).
    const small = { qty: 4, cents: 3 };
    expect([0, 1, 2, 3].map((k) => unitsCents(small, k, 1))).toEqual([1, 1, 1, 0]);
    expect(goodsCents({ totalCents: 500, shippingCents: 700 })).toBe(0);
  });
});

describe('refunds by lines and by amount (properties, issue 36)', () => {
  /** Random orders as placeOrder prices them: lines, a percent or fixed code, tax included or not, shipping. */
  const order = fc
    .record({
      lines: fc.array(
        fc.record({ priceCents: fc.integer({ min: 0, max: 200_000 }), qty: fc.integer({ min: 1, max: 6 }) }),
        { minLength: 1, maxLength: 5 },
      ),
      code: fc.oneof(
        fc.constant(null),
        fc.record({ percentOff: fc.integer({ min: 1, max: 10_000 }).map((bp) => bp / 100) }),
        fc.record({ amountOff: fc.integer({ min: 1, max: 500_000 }).map((c) => c / 100) }),
      ),
      // The lines a code applies to (all when empty).
      scope: fc.array(fc.nat(4), { maxLength: 3 }),
      taxBasisPoints: fc.integer({ min: 0, max: 3000 }),
      pricesIncludeTax: fc.boolean(),
      shippingCents: fc.integer({ min: 0, max: 5000 }),
      freeShippingOverCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
    })
    .map(({ lines, code, scope, ...pricing }) => {
      const cart = lines.map((l, i) => ({ product: `p${i}`, category: 'c', ...l }));
      const products = scope.map((i) => `p${i}`);
      const decision = code
        ? decideDiscount({ code: 'C', active: true, uses: 0, ...code, scope: { products } }, cart, 0, now)
        : null;
      if (!decision?.ok) return paidOrder(lines, pricing);
      const discounted = lines.map((l, i) => ({ ...l, discountCents: decision.lineDiscountCents[i] }));
      return paidOrder(discounted, pricing, decision.discountCents);
    });

  const step = fc.oneof(
    fc.record({
      kind: fc.constant('lines' as const),
      line: fc.nat(4),
      qty: fc.integer({ min: 1, max: 6 }),
      fails: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('amount' as const),
      cents: fc.integer({ min: 1, max: 300_000 }),
      fails: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('rest' as const), fails: fc.boolean() }),
  );

  it('never refunds more than was paid, whatever the sequence of refunds by lines, by amount and of the rest', () => {
    fc.assert(
      fc.property(order, fc.array(step, { maxLength: 10 }), (start, steps) => {
        let o = start;
        steps.forEach((s, i) => {
          o = refunded(
            o,
            ask({
              refundId: `r${i}`,
              ...(s.kind === 'amount' ? { amount: s.cents / 100 } : {}),
              ...(s.kind === 'lines' ? { items: [{ product: `p${s.line}`, qty: s.qty }] } : {}),
            }),
            s.fails,
          );
        });
        expect(refundedCents(o)).toBeLessThanOrEqual(o.totalCents);
        // A line's refunds never pay more than the line's units cost as charged.
        const charges = lineCharges(
          o.orderItems.map((l) => ({
            key: l.product,
            priceCents: l.priceCents,
            qty: l.qty,
            discountCents: l.discountCents,
          })),
          goodsCents(o),
        );
        // A line is charged its value less its share of the code, plus its share of the tax: never more than
        // that value after the code with the whole tax on it (1 cent of rounding).
        const discounted = o.itemsCents - (o.discountCents ?? 0);
        for (const l of o.orderItems) {
          const after = l.priceCents * l.qty - (l.discountCents ?? 0);
          const bound = discounted > 0 ? Math.ceil((after * goodsCents(o)) / discounted) + 1 : 0;
          expect(charges.get(l.product)!.cents).toBeLessThanOrEqual(bound);
        }
        const byLines = (o.refunds ?? []).filter((r) => r.status === 'completed' && r.items.length > 0);
        const paidBack = byLines.reduce((sum, r) => sum + r.amountCents, 0);
        const units = new Map<string, number>();
        for (const i of byLines.flatMap((r) => r.items)) units.set(i.product, (units.get(i.product) ?? 0) + i.qty);
        const charged = [...units].reduce((sum, [key, qty]) => sum + unitsCents(charges.get(key)!, 0, qty), 0);
        expect(paidBack).toBeLessThanOrEqual(charged);
      }),
      { numRuns: 400 },
    );
  });

  it('refunding every unit by lines, in any split, pays exactly the goods (total less shipping)', () => {
    const split = fc.array(fc.tuple(fc.nat(4), fc.integer({ min: 1, max: 3 }), fc.boolean()), { maxLength: 40 });
    fc.assert(
      fc.property(order, split, (start, parts) => {
        let o = start;
        const left = new Map(start.orderItems.map((l) => [l.product, l.qty]));
        let n = 0;
        for (const [line, qty, fails] of parts) {
          const product = `p${line}`;
          const free = left.get(product) ?? 0;
          if (free === 0) continue;
          const units = Math.min(qty, free);
          const before = o;
          o = refunded(o, ask({ refundId: `r${n++}`, items: [{ product, qty: units }] }), fails);
          // A refund of units worth 0 cents is refused (the order comes back as it was): its units are still left.
          if (!fails && o !== before) left.set(product, free - units);
        }
        // Then whatever units are left, line by line.
        for (const [product, free] of left)
          if (free > 0) o = refunded(o, ask({ refundId: `r${n++}`, items: [{ product, qty: free }] }));
        const goods = o.totalCents - o.shippingCents;
        expect(refundedCents(o)).toBe(goods);
        // The web's figure for a refund of one more unit is nothing: every unit is paid back.
        expect(orderUnitsRefundCents(orderFromRecord('o', o), [{ product: 'p0', qty: 1 }])).toBe(0);
      }),
      { numRuns: 400 },
    );
  });
});
