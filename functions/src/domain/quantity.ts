// Issue 40: the quantity a shopper may choose, by the rule the server applies when the order is placed. Its own module
// (not limits.ts, which the home page's first bundle carries): only the cart and product pages load it.
import type { HoldLimits } from './limits.js';

/** Whether one order asks for more units of one product (all its lines together) than a customer may hold: what
 *  assertWithinHoldLimits refuses (400), and what quantityChoices keeps a shopper from choosing. */
export const overUnitLimit = (units: number, limits: Pick<HoldLimits, 'maxUnitsPerProduct'>) =>
  units > limits.maxUnitsPerProduct;

/** The message beside a quantity menu capped by the per-customer limit. */
export const unitLimitReason = (maxUnitsPerProduct: number) => `At most ${maxUnitsPerProduct} per customer`;

/**
 * Issue 40: the quantities a shopper may choose for one line (the cart's and the product page's menu): 1 to `max`,
 * the per-customer limit less the units of the same product in the cart's other lines (its other variants: the
 * limit counts the product, overUnitLimit) and the stock, whichever is lower; `reason` when the limit is what caps it
 * (the stock has its own note). `max` is at least 1 (a line that is already over shows its note and is refused at
 * Place Order as before).
 */
export function quantityChoices(
  countInStock: number,
  limits: Pick<HoldLimits, 'maxUnitsPerProduct'>,
  otherLinesUnits = 0,
): { max: number; reason: string | null } {
  // The most that overUnitLimit lets through with the other lines.
  const allowed = Math.max(0, limits.maxUnitsPerProduct - otherLinesUnits);
  const limited = allowed < countInStock;
  return {
    max: Math.max(1, Math.min(allowed, countInStock)),
    reason: limited ? unitLimitReason(limits.maxUnitsPerProduct) : null,
  };
}
