// A signed-in shopper's cart as the server keeps it (embedded: GET/PUT /api/cart; Firebase: carts/{uid}), and the ONE
// rule that merges it with the browser's cart at sign-in (both builds). Pure: the web imports it as @domain/cart.
import { z } from 'zod';
import { MAX_CART_LINES } from './firestoreSchema.js';
import { idSchema, MAX_LINE_QTY } from './schemas.js';

export { MAX_CART_LINES };

export interface CartLine {
  product: string;
  qty: number;
}

export interface StoredCart {
  items: CartLine[];
  /** When the cart was last written (ISO), null for a cart never saved. */
  updatedAt: string | null;
}

/** PUT /api/cart's body: only product ids and quantities, each product once, bounded like an order. */
export const cartSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        product: idSchema,
        qty: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(MAX_LINE_QTY, `Quantity must be at most ${MAX_LINE_QTY}`),
      }),
      { error: 'items must be a list of cart lines' },
    )
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} different products in a cart`)
    .refine((lines) => new Set(lines.map((l) => l.product)).size === lines.length, 'Each product may appear once'),
});
export type CartInput = z.infer<typeof cartSchema>;

/**
 * The cart a shopper expects after signing in with items already in this browser: every product of both carts
 * (nothing they added anywhere disappears), each once, with the LARGER of the two quantities (adding the same
 * thing on two devices is one intent, not two: summing would double it), capped at MAX_LINE_QTY and at the stock
 * when `stockOf` knows it (a product with no stock keeps one line of 1 so that the cart page can say so). The
 * browser's lines come first, in their order, then the ones only the account had; at most MAX_CART_LINES lines.
 */
export function mergeCarts(
  server: readonly CartLine[],
  browser: readonly CartLine[],
  stockOf?: (product: string) => number | undefined,
): CartLine[] {
  const merged = new Map<string, number>();
  for (const line of [...browser, ...server])
    merged.set(line.product, Math.max(merged.get(line.product) ?? 0, line.qty));
  return [...merged]
    .map(([product, qty]) => {
      const stock = stockOf?.(product);
      const cap = stock === undefined ? MAX_LINE_QTY : Math.max(1, Math.min(stock, MAX_LINE_QTY));
      return { product, qty: Math.max(1, Math.min(qty, cap)) };
    })
    .slice(0, MAX_CART_LINES);
}
