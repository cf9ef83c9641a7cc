import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, toCents, toDollars } from './money.js';
import { priceOrder, priceSummary, SPEC_PRICING, taxCents } from './pricing.js';

const line = fc.record({ priceCents: fc.integer({ min: 0, max: 10_000_00 }), qty: fc.integer({ min: 1, max: 1000 }) });

describe('priceOrder (spec section 9)', () => {
  it('prices the spec example: free shipping over 100, 15% tax', () => {
    expect(priceOrder([{ priceCents: 89_99, qty: 3 }])).toEqual({
      itemsCents: 269_97,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 40_50, // 40.4955 rounds to 40.50
      totalCents: 310_47,
    });
  });

  it('charges 100 shipping at exactly 100 (only "over 100" ships free)', () => {
    expect(priceOrder([{ priceCents: 100_00, qty: 1 }]).shippingCents).toBe(100_00);
    expect(priceOrder([{ priceCents: 100_01, qty: 1 }]).shippingCents).toBe(0);
  });

  it('never drifts like floats do (3 x 89.99 is 269.97, not 269.96999)', () => {
    expect(priceSummary([{ price: 89.99, qty: 3 }]).itemsPrice).toBe(269.97);
    expect(
      priceSummary([
        { price: 0.1, qty: 1 },
        { price: 0.2, qty: 1 },
      ]).itemsPrice,
    ).toBe(0.3);
  });

  it('matches the spec formulas for any cart (property)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const p = priceOrder(lines);
        const items = lines.reduce((s, l) => s + l.priceCents * l.qty, 0);
        expect(p.itemsCents).toBe(items);
        expect(p.shippingCents).toBe(items > 10_000 ? 0 : 10_000);
        // 15% of the items in dollars, rounded to 2 decimals (half up), computed independently with BigInt
        const exact = BigInt(items) * 15n; // in hundredths of a cent
        const expectedTax = Number((exact + 50n) / 100n);
        expect(p.taxCents).toBe(expectedTax);
        expect(p.totalCents).toBe(p.itemsCents + p.shippingCents + p.taxCents);
        // whatever the cart, every amount is a whole number of cents and round-trips through dollars
        for (const cents of Object.values(p)) {
          expect(Number.isInteger(cents)).toBe(true);
          expect(toCents(toDollars(cents))).toBe(cents);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('rounds tax half up', () => {
    expect(taxCents(10)).toBe(2); // 1.5 cents -> 2
    expect(taxCents(3)).toBe(0); // 0.45 cents -> 0
    expect(taxCents(1_00)).toBe(15);
  });
});

describe('money', () => {
  it('formats dollars with 2 decimals and thousands separators', () => {
    expect(formatPrice(1199)).toBe('$1,199.00');
    expect(formatPrice(1234567.5)).toBe('$1,234,567.50');
    expect(formatPrice(9.99)).toBe('$9.99');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => toCents(1.001)).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(toCents(19.99)).toBe(1999);
  });
});

describe('priceOrder with a discount (issue 30)', () => {
  it('taxes the items after the discount; free shipping is judged before it', () => {
    // 120.00 of items, 30.00 off: 90.00 taxed at 15% = 13.50; items were over 100, so shipping stays free.
    expect(priceOrder([{ priceCents: 120_00, qty: 1 }], undefined, 30_00)).toEqual({
      itemsCents: 120_00,
      discountCents: 30_00,
      shippingCents: 0,
      taxCents: 13_50,
      totalCents: 103_50,
    });
  });

  it('never takes off more than the items cost, nor a negative amount', () => {
    expect(priceOrder([{ priceCents: 10_00, qty: 1 }], undefined, 50_00).discountCents).toBe(10_00);
    expect(priceOrder([{ priceCents: 10_00, qty: 1 }], undefined, -5_00).discountCents).toBe(0);
  });

  it('totals are whole cents, never negative, never above the total without the code (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: -1_000_00, max: 100_000_000_00 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5_000 }),
        (lines, discount, pricesIncludeTax, taxBasisPoints) => {
          const rules = { ...SPEC_PRICING, pricesIncludeTax, taxBasisPoints };
          const p = priceOrder(lines, rules, discount);
          const without = priceOrder(lines, rules);
          for (const v of Object.values(p)) {
            expect(Number.isInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
          expect(p.discountCents).toBeLessThanOrEqual(p.itemsCents);
          expect(p.totalCents).toBeLessThanOrEqual(without.totalCents);
          const tax = pricesIncludeTax ? 0 : p.taxCents;
          expect(p.totalCents).toBe(p.itemsCents - p.discountCents + p.shippingCents + tax);
        },
      ),
    );
  });

  it('the summary in dollars carries the discount (0 without one)', () => {
    expect(priceSummary([{ price: 50, qty: 1 }]).discountPrice).toBe(0);
    expect(priceSummary([{ price: 50, qty: 1 }], undefined, 12_34).discountPrice).toBe(12.34);
  });
});
