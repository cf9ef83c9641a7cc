// The cart's rules, shared by the web cart and the server: which lines can be ordered as they are, how far the cart
// is from free shipping (derived from pricing's shipping rule, never restated), and the ONE rule that merges a
// signed-in shopper's stored cart (embedded: GET/PUT /api/cart; Firebase: carts/{uid}) with the browser's at
// sign-in. Pure and zod-free (the PUT body's schema is in cartSchema.ts).
import { MAX_CART_LINES, MAX_LINE_QTY } from './limits.js';
import { FREE_SHIPPING_OVER_CENTS, shippingCents } from './pricing.js';
import { cartLineId, lineStockProblem, type StockedLine } from './cartLine.js';

// The line rules the web's first bundle needs are in cartLine.ts (this module's other rules load with the cart's
// screens); re-exported here, so the rest of the code reads every cart rule from one place.
export { cartItemCount, cartLineId, lineStockProblem, type LineStockProblem, type StockedLine } from './cartLine.js';

export { MAX_CART_LINES };

export interface CartLine {
  product: string;
  qty: number;
  /** The variant (issue 29); absent: a product without variants, or its default variant. */
  variant?: string;
}

export interface StoredCart {
  items: CartLine[];
  /** When the cart was last written (ISO), null for a cart never saved. */
  updatedAt: string | null;
}

/** The shopper-facing sentence for a line short of stock (the server's 409 says the same). */
export function stockShortageMessage(productName: string, stock: number, asked: number): string {
  return stock <= 0
    ? `${productName} is out of stock`
    : `Only ${stock} of ${productName} left in stock (you asked for ${asked})`;
}

export const CART_BLOCKED_MESSAGE =
  'Some items cannot be ordered as they are: remove the out-of-stock items and lower the quantities marked above to continue.';

/** Whether checkout must wait: any line out of stock or over stock. */
export function cartIsBlocked(lines: readonly Pick<StockedLine, 'qty' | 'countInStock'>[]): boolean {
  return lines.some((l) => lineStockProblem(l) !== null);
}

/** "Subtotal (1 item)", "Subtotal (2 items)". */
export function subtotalLabel(count: number): string {
  return `Subtotal (${count} ${count === 1 ? 'item' : 'items'})`;
}

/**
 * The least amount (cents) to add for shipping to become free; 0 when it already is. Found from shippingCents itself,
 * so the "over $100" rule (strictly over) lives only in pricing.ts.
 */
export function centsToFreeShipping(itemsCents: number): number {
  if (shippingCents(itemsCents) === 0) return 0;
  // Shipping is free past a threshold: the first amount above it is at most FREE_SHIPPING_OVER_CENTS + 1 away.
  let low = 0;
  let high = Math.max(0, FREE_SHIPPING_OVER_CENTS + 1 - itemsCents);
  while (shippingCents(itemsCents + high) !== 0) high = high * 2 + 1;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (shippingCents(itemsCents + mid) === 0) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The cart a shopper expects after signing in with items already in this browser: every product of both carts
 * (nothing they added anywhere disappears), each once, with the LARGER of the two quantities (adding the same
 * thing on two devices is one intent, not two: summing would double it), capped at MAX_LINE_QTY. What the merge
 * takes from the account is capped at the stock when `stockOf` knows it (a product with no stock keeps one line of 1
 * so that the cart page can say so); this browser's own quantity is kept as it is, above the stock too, for the cart
 * page to flag: so the merge is the same whether the page re-read the stock before it or not. The browser's lines
 * come first, in their order, then the ones only the account had; at most MAX_CART_LINES lines.
 */
export function mergeCarts(
  server: readonly CartLine[],
  browser: readonly CartLine[],
  stockOf?: (lineId: string) => number | undefined,
): CartLine[] {
  // Keyed by cartLineId: two variants of one product are two lines. Browser lines first (they keep their order).
  const merged = new Map<string, { line: CartLine; browserQty: number; serverQty: number }>();
  for (const line of browser) {
    const id = cartLineId(line);
    const known = merged.get(id);
    merged.set(id, { line, browserQty: Math.max(known?.browserQty ?? 0, line.qty), serverQty: 0 });
  }
  for (const line of server) {
    const id = cartLineId(line);
    const known = merged.get(id);
    merged.set(id, {
      line: known?.line ?? line,
      browserQty: known?.browserQty ?? 0,
      serverQty: Math.max(known?.serverQty ?? 0, line.qty),
    });
  }
  return [...merged]
    .map(([id, { line, browserQty, serverQty }]) => {
      const stock = stockOf?.(id);
      const fromAccount = stock === undefined ? serverQty : Math.min(serverQty, Math.max(1, stock));
      const qty = Math.max(1, Math.min(Math.max(browserQty, fromAccount), MAX_LINE_QTY));
      return { product: line.product, ...(line.variant ? { variant: line.variant } : {}), qty };
    })
    .slice(0, MAX_CART_LINES);
}
