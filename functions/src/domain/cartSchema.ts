// PUT /api/cart's body (domain/cart.ts has the cart's rules): only product ids and quantities, each product once,
// bounded like an order. Its own file so that the web's first bundle, which imports cart.ts, stays free of zod.
import { z } from 'zod';
import { cartLineId } from './cart.js';
import { MAX_CART_LINES } from './limits.js';
import { lineRefSchema } from './schemas.js';

export const cartSchema = z.strictObject({
  items: z
    .array(lineRefSchema, { error: 'items must be a list of cart lines' })
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} different products in a cart`)
    .refine(
      (lines) => new Set(lines.map(cartLineId)).size === lines.length,
      'Each product (or variant) may appear once',
    ),
});
