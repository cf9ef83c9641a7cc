import { describe, expect, it } from 'vitest';
import { cartSchema, MAX_CART_LINES, mergeCarts } from './cart.js';
import { MAX_LINE_QTY } from './schemas.js';

describe('mergeCarts (the sign-in merge, both builds)', () => {
  it('keeps every product of both carts once, with the larger quantity, browser lines first', () => {
    const server = [
      { product: 'a', qty: 1 },
      { product: 'b', qty: 5 },
    ];
    const browser = [
      { product: 'c', qty: 2 },
      { product: 'a', qty: 3 },
      { product: 'b', qty: 2 },
    ];
    expect(mergeCarts(server, browser)).toEqual([
      { product: 'c', qty: 2 },
      { product: 'a', qty: 3 },
      { product: 'b', qty: 5 },
    ]);
  });

  it('never sums: the same product added on two devices stays one intent', () => {
    expect(mergeCarts([{ product: 'a', qty: 2 }], [{ product: 'a', qty: 2 }])).toEqual([{ product: 'a', qty: 2 }]);
  });

  it('caps at the stock when known (one left for a sold-out product, for the cart to flag) and at MAX_LINE_QTY', () => {
    const stock: Record<string, number> = { a: 2, b: 0 };
    expect(
      mergeCarts(
        [{ product: 'a', qty: 9 }],
        [
          { product: 'b', qty: 3 },
          { product: 'c', qty: MAX_LINE_QTY + 5 },
        ],
        (id) => stock[id],
      ),
    ).toEqual([
      { product: 'b', qty: 1 },
      { product: 'c', qty: MAX_LINE_QTY },
      { product: 'a', qty: 2 },
    ]);
  });

  it('holds at most MAX_CART_LINES lines, and the result is a valid cart', () => {
    const many = (prefix: string) =>
      Array.from({ length: MAX_CART_LINES }, (_, i) => ({ product: `${prefix}${i}`, qty: 1 }));
    const merged = mergeCarts(many('s'), many('b'));
    expect(merged).toHaveLength(MAX_CART_LINES);
    expect(merged[0]!.product).toBe('b0');
    expect(cartSchema.safeParse({ items: merged }).success).toBe(true);
  });
});
