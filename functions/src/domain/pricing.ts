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
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** 15% of the items, rounded half up to whole cents, in integer arithmetic only. */
export function taxCents(itemsCents: number): number {
  return Math.floor((itemsCents * TAX_PERCENT + 50) / 100);
}

export function shippingCents(itemsCents: number): number {
  return itemsCents > FREE_SHIPPING_OVER_CENTS ? 0 : SHIPPING_CENTS;
}

/** Prices an order from its lines (the server calls this with prices read from the database). */
export function priceOrder(lines: readonly PricedLine[]): OrderPriceCents {
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.qty, 0);
  const shipping = shippingCents(itemsCents);
  const tax = taxCents(itemsCents);
  return { itemsCents, shippingCents: shipping, taxCents: tax, totalCents: itemsCents + shipping + tax };
}

export interface OrderPrice {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** The same summary in dollars, as the API answers and the place-order screen shows. */
export function priceSummary(lines: readonly { price: number; qty: number }[]): OrderPrice {
  const cents = priceOrder(lines.map((l) => ({ priceCents: Math.round(l.price * 100), qty: l.qty })));
  return centsToSummary(cents);
}

export function centsToSummary(cents: OrderPriceCents): OrderPrice {
  return {
    itemsPrice: toDollars(cents.itemsCents),
    shippingPrice: toDollars(cents.shippingCents),
    taxPrice: toDollars(cents.taxCents),
    totalPrice: toDollars(cents.totalCents),
  };
}
