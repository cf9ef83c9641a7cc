import { toDollars } from './money.js';

// The spec's business constants (section 9).
export const FREE_SHIPPING_OVER_CENTS = 100_00; // free shipping when items are over $100
export const SHIPPING_CENTS = 100_00; // otherwise shipping is $100
export const TAX_PERCENT = 15; // tax is 15% of the items price

export interface PricedLine {
  priceCents: number;
  qty: number;
}

export interface OrderPriceCents {
  itemsCents: number;
  /** What a discount code takes off the items (0 without one). */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** What the pricing decision needs, for one shipping country (domain/settings.ts pricingRulesFor makes them from
 *  the owner's settings), in integer units. Kept here, apart from the settings, so the pages that only total a cart
 *  (the home page's mini cart) load no settings code. */
export interface PricingRules {
  /** The tax rate in basis points (15% = 1500): whole, since percents have at most 2 decimals. */
  taxBasisPoints: number;
  pricesIncludeTax: boolean;
  shippingCents: number;
  /** Free shipping when the items are strictly over this; null: never free. */
  freeShippingOverCents: number | null;
}

/** The spec's rules: what the default settings price to, for any country. */
export const SPEC_PRICING: PricingRules = {
  taxBasisPoints: TAX_PERCENT * 100,
  pricesIncludeTax: false,
  shippingCents: SHIPPING_CENTS,
  freeShippingOverCents: FREE_SHIPPING_OVER_CENTS,
};

/** The tax of the items, rounded half up to whole cents, in integer arithmetic only: the rate of the items (15% by
 *  default), or, when prices include the tax, the part of the items that is tax. */
export function taxCents(itemsCents: number, rules: PricingRules = SPEC_PRICING): number {
  const bp = rules.taxBasisPoints;
  if (!rules.pricesIncludeTax) return Math.floor((itemsCents * bp + 5_000) / 10_000);
  // net = items / (1 + rate), rounded half up; the tax is the rest.
  const net = Math.floor((itemsCents * 20_000 + (10_000 + bp)) / (2 * (10_000 + bp)));
  return itemsCents - net;
}

export function shippingCents(itemsCents: number, rules: PricingRules = SPEC_PRICING): number {
  if (rules.freeShippingOverCents !== null && itemsCents > rules.freeShippingOverCents) return 0;
  return rules.shippingCents;
}

/** THE pricing decision: an order's totals from its lines (the server calls it with prices read from the
 *  database), under the rules of the settings and shipping country in force (settings.ts pricingRulesFor; the
 *  spec's by default), less a discount (discounts.ts decideDiscount's cents, capped at the items). The tax is
 *  on the items after the discount; free shipping is judged on the items before it, so a code never makes an
 *  order dearer. Every amount is whole cents and never negative. */
export function priceOrder(
  lines: readonly PricedLine[],
  rules: PricingRules = SPEC_PRICING,
  discount = 0,
): OrderPriceCents {
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.qty, 0);
  // `discount` is whole cents (decideDiscount's); kept between 0 and the items.
  const discountCents = Math.min(Math.max(discount, 0), itemsCents);
  const discounted = itemsCents - discountCents;
  const shipping = shippingCents(itemsCents, rules);
  const tax = taxCents(discounted, rules);
  const totalCents = discounted + shipping + (rules.pricesIncludeTax ? 0 : tax);
  return { itemsCents, discountCents, shippingCents: shipping, taxCents: tax, totalCents };
}

/** Delivery estimate in business days, `min` to `max` (issue 40). */
export interface DeliveryDays {
  min: number;
  max: number;
}

/** A shipping method as offered for one country, in cents (issue 40; domain/settings.ts shippingOffersFor makes
 *  them from the settings): what the checkout lists and the order decision picks from. */
export interface ShippingOffer {
  id: string;
  label: string;
  days: DeliveryDays;
  priceCents: number;
  /** Free when the items are strictly over this; null: never free. */
  freeOverCents: number | null;
}

export interface OrderPrice {
  itemsPrice: number;
  /** 0 without a discount code. */
  discountPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** The same summary in dollars, as the API answers and the place-order screen shows. */
export function priceSummary(
  lines: readonly { price: number; qty: number }[],
  rules?: PricingRules,
  discountCents = 0,
): OrderPrice {
  const cents = priceOrder(
    lines.map((l) => ({ priceCents: Math.round(l.price * 100), qty: l.qty })),
    rules,
    discountCents,
  );
  return centsToSummary(cents);
}

export function centsToSummary(cents: OrderPriceCents): OrderPrice {
  return {
    itemsPrice: toDollars(cents.itemsCents),
    discountPrice: toDollars(cents.discountCents),
    shippingPrice: toDollars(cents.shippingCents),
    taxPrice: toDollars(cents.taxCents),
    totalPrice: toDollars(cents.totalCents),
  };
}
