// Cart lines as the account stores them ({product, qty}) <-> this device's cart items (with names and prices).
// Shared by the Firebase and the embedded server's cart sync.
import { cartLineId, type CartLine } from '@domain/cart';
import { shop } from '@/lib/shop';
import type { CartItem } from './store';
import { variantLineOf } from './variantLine';

/** Fills cart lines that only have product and qty (from another device) with the product's details. */
export async function toCartItems(lines: readonly CartLine[], known: readonly CartItem[]): Promise<CartItem[]> {
  const items = await Promise.all(
    lines.map(async (l) => {
      const have = known.find((i) => cartLineId(i) === cartLineId(l));
      if (have) return { ...have, qty: l.qty };
      try {
        // The product alone: a cart line shows no reviews (on Firebase 1 read instead of 1 + up to 100).
        const p = await shop.catalog.productAlone(l.product);
        // Its variant's price, stock and label (issue 29).
        const line = variantLineOf(p, 1, l.variant);
        return { ...line, qty: Math.max(1, Math.min(l.qty, line.countInStock)) };
      } catch {
        return null; // deleted since: drop the line
      }
    }),
  );
  return items.filter((i): i is CartItem => i !== null);
}

export const linesOf = (items: readonly CartItem[]): CartLine[] =>
  items.map((i) => ({ product: i.product, qty: i.qty, ...(i.variant ? { variant: i.variant } : {}) }));

/** The stock this device last saw for its cart's products (mergeCarts caps by it). */
export const stockOfItems =
  (items: readonly CartItem[]) =>
  (lineId: string): number | undefined =>
    items.find((i) => cartLineId(i) === lineId)?.countInStock;
