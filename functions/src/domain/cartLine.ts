// The cart line rules of the web's first bundle (the cart badge, adding a product): apart from cart.ts, so that
// bundle does without the merge, the free-shipping search and the messages the cart's screens use (cart.ts
// re-exports these).
/** What tells a cart's lines apart: the product, and its variant when it has one. */
export const cartLineId = (line: { product: string; variant?: string }) =>
  line.variant ? `${line.product}/${line.variant}` : line.product;

export interface StockedLine {
  name: string;
  qty: number;
  countInStock: number;
}

export type LineStockProblem = 'out_of_stock' | 'over_stock';

/** What stops a line from being ordered as it is: nothing in stock, or more asked than there is. */
export function lineStockProblem(line: Pick<StockedLine, 'qty' | 'countInStock'>): LineStockProblem | null {
  if (line.countInStock <= 0) return 'out_of_stock';
  if (line.qty > line.countInStock) return 'over_stock';
  return null;
}

/** Items in the cart, counting quantities ("Subtotal (3 items)" for 2 + 1). */
export function cartItemCount(lines: readonly { qty: number }[]): number {
  return lines.reduce((n, l) => n + l.qty, 0);
}
