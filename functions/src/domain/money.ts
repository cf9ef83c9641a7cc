// Money is kept in integer cents everywhere it is computed or stored, so that sums never drift
// (0.1 + 0.2 style errors); it becomes a dollars number with 2 decimals only at the edges (JSON).

/** The currency of every price in the shop (ISO 4217). */
export const SHOP_CURRENCY = 'USD';

/** Dollars (e.g. 19.99) to integer cents; rejects amounts that are not whole cents. */
export function toCents(dollars: number): number {
  const cents = Math.round(dollars * 100);
  if (!Number.isFinite(dollars) || Math.abs(cents - dollars * 100) > 1e-6) {
    throw new RangeError(`Not a whole number of cents: ${dollars}`);
  }
  return cents;
}

/** Integer cents to a dollars number with at most 2 decimals (what the API answers). */
export function toDollars(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

/** "$1,234.50": how the shop shows an amount. */
export function formatPrice(dollars: number): string {
  const [whole, cents] = Math.abs(dollars).toFixed(2).split('.');
  return `${dollars < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** The amount as PayPal and other gateways want it: "1234.50". */
export function toAmountString(cents: number): string {
  return (cents / 100).toFixed(2);
}
