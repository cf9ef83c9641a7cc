// Issue 40: the quantity menus (cart, product page) offer what the server accepts: the per-customer limit and the
// stock, the limit counting every line of one product (its variants). Tries to break it.
import { describe, expect, it } from 'vitest';
import { assertWithinHoldLimits, DEFAULT_HOLD_LIMITS, overUnitLimit, quantityChoices } from '../src/domain/index.js';

const limits = { ...DEFAULT_HOLD_LIMITS, maxUnitsPerProduct: 5 };

describe('quantityChoices', () => {
  it('caps by the per-customer limit with its reason, by the stock without one', () => {
    expect(quantityChoices(60, limits)).toEqual({ max: 5, reason: 'At most 5 per customer' });
    expect(quantityChoices(3, limits)).toEqual({ max: 3, reason: null });
    expect(quantityChoices(5, limits)).toEqual({ max: 5, reason: null });
  });

  it('counts the same product in the cart’s other lines (its other variants)', () => {
    expect(quantityChoices(60, limits, 2)).toEqual({ max: 3, reason: 'At most 5 per customer' });
    // Nothing left: the menu still holds 1 (the line is refused at Place Order, with the reason shown).
    expect(quantityChoices(60, limits, 5)).toEqual({ max: 1, reason: 'At most 5 per customer' });
  });

  it('never offers a quantity the server refuses, and offers every one it accepts', () => {
    for (const stock of [0, 1, 4, 5, 6, 60])
      for (const other of [0, 1, 4])
        for (const max of [1, 2, 5, 10]) {
          const rule = { ...limits, maxUnitsPerProduct: max };
          const choices = quantityChoices(stock, rule, other);
          for (let qty = 1; qty <= choices.max; qty++) {
            if (other + qty > max || qty > stock) continue; // only the floor of 1 may be over
            expect(overUnitLimit(other + qty, rule)).toBe(false);
          }
          if (stock > 0 && other < max) {
            expect(overUnitLimit(other + choices.max, rule)).toBe(false);
            expect(choices.max === stock || overUnitLimit(other + choices.max + 1, rule)).toBe(true);
          }
        }
  });

  it('is the rule the server applies when the order is placed', () => {
    const order = (qty: number) => ({
      orderItems: [{ product: 'p1', name: 'Cable', qty }],
      totalCents: 100,
    });
    const { max } = quantityChoices(60, limits);
    expect(() => assertWithinHoldLimits([], order(max) as never, limits)).not.toThrow();
    expect(() => assertWithinHoldLimits([], order(max + 1) as never, limits)).toThrow(
      /At most 5 of Cable per customer/,
    );
  });
});
