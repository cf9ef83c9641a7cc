import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, toCents, toDollars } from './money.js';
import { priceOrder, priceSummary, taxCents } from './pricing.js';

const line = fc.record({ priceCents: fc.integer({ min: 0, max: 10_000_00 }), qty: fc.integer({ min: 1, max: 1000 }) });

describe('priceOrder (spec section 9)', () => {
  it('prices the spec example: free shipping over 100, 15% tax', () => {
    expect(priceOrder([{ priceCents: 89_99, qty: 3 }])).toEqual({
      itemsCents: 269_97,
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
