import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerLines, ledgerOfOrder, orderLedger } from './ledger.js';
import { orderFromRecord, type OrderRecord } from './orders.js';
import { priceOrder, type PricingRules } from './pricing.js';
import { linesCents } from './refunds.js';
import { largestRemainder } from './unitCharges.js';

const now = '2026-03-01T10:00:00.000Z';

const rules = (over: Partial<PricingRules> = {}): PricingRules => ({
  taxBasisPoints: 1500,
  pricesIncludeTax: false,
  shippingCents: 1_000,
  freeShippingOverCents: 10_000,
  ...over,
});

interface Line {
  priceCents: number;
  qty: number;
  /** The code applies to this line. */
  inScope?: boolean;
}

/** A paid order as placeOrder prices it: a code of `discountCents` on the lines in scope, split by value (as
 *  discounts.ts decideDiscount does), each line's tax share recorded unless `older`. */
function order(lines: readonly Line[], pricing: PricingRules, discountCents = 0, older = false): OrderRecord {
  const scope = lines.map((l) => (l.inScope === false ? 0n : BigInt(l.priceCents * l.qty)));
  const eligible = Number(scope.reduce((a, b) => a + b, 0n));
  const discount = Math.min(discountCents, eligible);
  const shares = largestRemainder(scope, discount);
  const items = lines.map((l, i) => ({
    product: `p${i}`,
    name: `P${i}`,
    image: '',
    priceCents: l.priceCents,
    qty: l.qty,
    ...(i % 2 ? { variant: `v${i}`, variantLabel: `Sand ${i}`, sku: `SKU-${i}` } : {}),
    ...(shares[i] && !older ? { discountCents: shares[i] } : {}),
  }));
  const price = priceOrder(items, pricing, discount);
  const taxes = older ? [] : ledgerLines({ ...price, orderItems: items });
  return {
    user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
    orderItems: items.map((l, i) => (older ? l : { ...l, taxCents: taxes[i]!.taxCents })),
    shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'd' },
    paymentMethod: 'PayPal',
    ...price,
    couponCode: discount ? 'CODE' : null,
    currency: 'USD',
    status: 'paid',
    paidAt: now,
    paymentResult: null,
    deliveredAt: null,
    expiresAt: null,
    cancelledAt: null,
    createdAt: now,
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The ledger's identities: its lines add up to the order's totals, the totals to the order's total. */
function expectBalanced(o: OrderRecord) {
  const l = orderLedger(o);
  expect(sum(l.lines.map((x) => x.itemsCents))).toBe(l.itemsCents);
  expect(sum(l.lines.map((x) => x.discountCents))).toBe(l.discountCents);
  expect(sum(l.lines.map((x) => x.taxCents))).toBe(l.taxCents);
  expect(l.itemsCents - l.discountCents + l.shippingCents + (l.taxIncluded ? 0 : l.taxCents)).toBe(l.totalCents);
  expect(sum(l.lines.map((x) => x.chargedCents))).toBe(l.totalCents - l.shippingCents);
  for (const x of l.lines) {
    expect(x.chargedCents).toBeGreaterThanOrEqual(0);
    expect(x.discountCents).toBeGreaterThanOrEqual(0);
    expect(x.taxCents).toBeGreaterThanOrEqual(0);
    expect(x.chargedCents).toBe(x.itemsCents - x.discountCents + (l.taxIncluded ? 0 : x.taxCents));
  }
  return l;
}

describe('orderLedger', () => {
  it('a 10% code and 15% tax over 3 lines: each line its discount and tax share, to the cent', () => {
    const o = order(
      [
        { priceCents: 34_154, qty: 1 },
        { priceCents: 1_999, qty: 3 },
        { priceCents: 999, qty: 2 },
      ],
      rules(),
      Math.floor((34_154 + 5_997 + 1_998) / 10 + 0.5),
    );
    const l = expectBalanced(o);
    expect(l).toMatchObject({ itemsCents: 42_149, discountCents: 4_215, shippingCents: 0, taxIncluded: false });
    // 15% of 37,934 = 5,690.1 -> 5,690, split by the discounted values 30,739 / 5,397 / 1,798.
    expect(l.taxCents).toBe(5_690);
    expect(l.lines.map((x) => [x.discountCents, x.taxCents, x.chargedCents])).toEqual([
      [3_415, 4_611, 35_350],
      [600, 809, 6_206],
      [200, 270, 2_068],
    ]);
    // The bug: the $341.54 line refunds what it was charged, not its list price plus tax.
    expect(linesCents(o, [{ product: 'p0', qty: 1 }])).toBe(35_350);
    expect(l.lines[1]).toMatchObject({ variant: 'v1', sku: 'SKU-1', variantLabel: 'Sand 1', name: 'P1' });
  });

  it('prices with tax included: the tax is inside the lines, items − discount + shipping = total', () => {
    const o = order(
      [
        { priceCents: 40_000, qty: 2 },
        { priceCents: 1_234, qty: 1 },
      ],
      rules({ pricesIncludeTax: true, taxBasisPoints: 2000 }),
      5_000,
    );
    const l = expectBalanced(o);
    expect(l.taxIncluded).toBe(true);
    expect(l.totalCents).toBe(81_234 - 5_000);
    expect(l.lines.map((x) => x.chargedCents)).toEqual([
      l.lines[0]!.itemsCents - l.lines[0]!.discountCents,
      l.lines[1]!.itemsCents - l.lines[1]!.discountCents,
    ]);
  });

  it('an older order (no line shares recorded) gets the same figures: the discount spread by value, the tax computed', () => {
    const lines = [
      { priceCents: 2_999, qty: 2 },
      { priceCents: 500, qty: 1 },
    ];
    const placed = orderLedger(order(lines, rules(), 650));
    const older = order(lines, rules(), 650, true);
    expect(older.orderItems.every((i) => i.taxCents === undefined && i.discountCents === undefined)).toBe(true);
    expect(orderLedger(older)).toEqual(placed);
  });

  it('refunded and net: the completed refunds only', () => {
    const o = order([{ priceCents: 10_000, qty: 2 }], rules());
    const refund = (status: 'completed' | 'failed' | 'pending', amount: number) => ({
      id: status,
      amountCents: amount,
      items: [],
      restock: false,
      reason: '',
      status,
      by: { _id: 'a', name: 'A' },
      cancelsOrder: false,
      createdAt: now,
      completedAt: status === 'completed' ? now : null,
      providerRefundId: null,
      failure: null,
    });
    const l = orderLedger({ ...o, refunds: [refund('completed', 1_000), refund('failed', 500), refund('pending', 7)] });
    expect(l.refundedCents).toBe(1_000);
    expect(l.netCents).toBe(o.totalCents - 1_000);
  });

  const arbitraryOrder = fc.record({
    lines: fc.array(
      fc.record({
        priceCents: fc.integer({ min: 0, max: 500_000 }),
        qty: fc.integer({ min: 1, max: 9 }),
        inScope: fc.boolean(),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    discount: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 })),
    included: fc.boolean(),
    bp: fc.integer({ min: 0, max: 2_500 }),
    shipping: fc.integer({ min: 0, max: 5_000 }),
    older: fc.boolean(),
  });

  it('over random orders: the sums hold, no line is charged below 0, refunding every unit by lines pays Σ charged', () => {
    fc.assert(
      fc.property(arbitraryOrder, ({ lines, discount, included, bp, shipping, older }) => {
        const o = order(
          lines,
          rules({ pricesIncludeTax: included, taxBasisPoints: bp, shippingCents: shipping }),
          discount,
          older,
        );
        const l = expectBalanced(o);
        const every = o.orderItems.map((i) => ({
          product: i.product,
          ...(i.variant ? { variant: i.variant } : {}),
          qty: i.qty,
        }));
        expect(linesCents(o, every)).toBe(sum(l.lines.map((x) => x.chargedCents)));
        // The API's answer (dollars, each line's discount and tax) gives the same ledger to the web.
        const answer = orderFromRecord('o1', o);
        expect(sum(answer.orderItems.map((i) => Math.round((i.tax ?? 0) * 100)))).toBe(o.taxCents);
        const fromAnswer = ledgerOfOrder(answer);
        expect(fromAnswer.lines.map((x) => [x.discountCents, x.taxCents, x.chargedCents])).toEqual(
          l.lines.map((x) => [x.discountCents, x.taxCents, x.chargedCents]),
        );
      }),
      { numRuns: 300 },
    );
  });
});
