import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartIsBlocked,
  cartItemCount,
  centsToFreeShipping,
  lineStockProblem,
  MAX_CART_LINES,
  mergeCarts,
  stockShortageMessage,
  subtotalLabel,
} from './cart.js';
import { cartSchema } from './cartSchema.js';
import { MAX_LINE_QTY } from './limits.js';
import { shortOfStock } from './orders.js';
import { shippingCents } from './pricing.js';

describe('cart stock rules', () => {
  it('flags a line with nothing in stock, even at qty 1', () => {
    expect(lineStockProblem({ qty: 1, countInStock: 0 })).toBe('out_of_stock');
    expect(lineStockProblem({ qty: 3, countInStock: -2 })).toBe('out_of_stock');
  });

  it('flags a line asking more than the stock, and passes one asking exactly the stock', () => {
    expect(lineStockProblem({ qty: 3, countInStock: 2 })).toBe('over_stock');
    expect(lineStockProblem({ qty: 2, countInStock: 2 })).toBeNull();
  });

  it('blocks checkout when any line is short, never when all fit', () => {
    const fine = { qty: 1, countInStock: 5 };
    expect(cartIsBlocked([fine, fine])).toBe(false);
    expect(cartIsBlocked([fine, { qty: 1, countInStock: 0 }])).toBe(true);
    expect(cartIsBlocked([{ qty: 6, countInStock: 5 }, fine])).toBe(true);
    fc.assert(
      fc.property(
        fc.array(fc.record({ qty: fc.integer({ min: 1, max: 50 }), countInStock: fc.integer({ min: -5, max: 50 }) })),
        (lines) => {
          expect(cartIsBlocked(lines)).toBe(lines.some((l) => l.countInStock <= 0 || l.qty > l.countInStock));
        },
      ),
    );
  });

  it("says the server's 409 sentence (one wording for cart and order)", () => {
    expect(stockShortageMessage('Orbit Hub', 0, 1)).toBe('Orbit Hub is out of stock');
    expect(stockShortageMessage('Orbit Hub', 2, 3)).toBe('Only 2 of Orbit Hub left in stock (you asked for 3)');
    expect(shortOfStock('Orbit Hub', 2, 3).message).toBe(stockShortageMessage('Orbit Hub', 2, 3));
  });
});

describe('cart subtotal', () => {
  it('counts quantities, and says item or items', () => {
    expect(cartItemCount([{ qty: 2 }, { qty: 1 }])).toBe(3);
    expect(subtotalLabel(cartItemCount([]))).toBe('Subtotal (0 items)');
    expect(subtotalLabel(1)).toBe('Subtotal (1 item)');
    expect(subtotalLabel(2)).toBe('Subtotal (2 items)');
  });
});

describe('centsToFreeShipping', () => {
  it('is the least amount that makes shipping free (free only over $100)', () => {
    expect(centsToFreeShipping(87_60)).toBe(12_41); // $100.00 still pays shipping; $100.01 does not
    expect(centsToFreeShipping(100_00)).toBe(1);
    expect(centsToFreeShipping(100_01)).toBe(0);
    expect(centsToFreeShipping(0)).toBe(100_01);
  });

  it('agrees with the shipping rule for any cart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (items) => {
        const away = centsToFreeShipping(items);
        expect(shippingCents(items + away)).toBe(0);
        if (away > 0) expect(shippingCents(items + away - 1)).toBeGreaterThan(0);
      }),
    );
  });
});

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

  it('caps what it takes from the account at the stock when known (one left for a sold-out product, for the cart to flag), and everything at MAX_LINE_QTY', () => {
    const stock: Record<string, number> = { a: 2, d: 0 };
    expect(
      mergeCarts(
        [
          { product: 'a', qty: 9 },
          { product: 'd', qty: 4 },
        ],
        [{ product: 'c', qty: MAX_LINE_QTY + 5 }],
        (id) => stock[id],
      ),
    ).toEqual([
      { product: 'c', qty: MAX_LINE_QTY },
      { product: 'a', qty: 2 },
      { product: 'd', qty: 1 },
    ]);
  });

  it("keeps this browser's own quantity above the stock (the cart page flags it), whenever the stock is learnt", () => {
    // A stale cart (500 asked, 7 left): the same merge whether the cart page's stock re-read came before it or not.
    const browser = [
      { product: 'a', qty: 500 },
      { product: 'b', qty: 3 },
    ];
    const server = [
      { product: 'a', qty: 1 },
      { product: 'b', qty: 1 },
    ];
    const fresh: Record<string, number> = { a: 7, b: 0 };
    const stale: Record<string, number> = { a: 500, b: 3 };
    const expected = [
      { product: 'a', qty: 500 },
      { product: 'b', qty: 3 },
    ];
    expect(mergeCarts(server, browser, (id) => fresh[id])).toEqual(expected);
    expect(mergeCarts(server, browser, (id) => stale[id])).toEqual(expected);
    expect(mergeCarts(server, browser)).toEqual(expected);
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

describe('mergeCarts with variants (issue 29)', () => {
  it('keeps two variants of one product as two lines and merges each with its own', () => {
    const server = [
      { product: 'p1', variant: 'v1', qty: 2 },
      { product: 'p1', variant: 'v2', qty: 1 },
    ];
    const browser = [
      { product: 'p1', variant: 'v2', qty: 3 },
      { product: 'p2', qty: 1 },
    ];
    expect(mergeCarts(server, browser, (id) => (id === 'p1/v1' ? 1 : undefined))).toEqual([
      { product: 'p1', variant: 'v2', qty: 3 },
      { product: 'p2', qty: 1 },
      { product: 'p1', variant: 'v1', qty: 1 },
    ]);
  });
});
