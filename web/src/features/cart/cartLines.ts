// Cart lines as the account stores them ({product, qty}) <-> this device's cart items (with names and prices).
// Shared by the Firebase and the embedded server's cart sync.
import type { CartLine } from '@domain/cart';
import { getProduct } from '@/features/catalog';
import type { CartItem } from './store';

/** Fills cart lines that only have product and qty (from another device) with the product's details. */
export async function toCartItems(lines: readonly CartLine[], known: readonly CartItem[]): Promise<CartItem[]> {
  const items = await Promise.all(
    lines.map(async (l) => {
      const have = known.find((i) => i.product === l.product);
      if (have) return { ...have, qty: l.qty };
      try {
        const p = await getProduct(l.product);
        return {
          product: p._id,
          name: p.name,
          image: p.image,
          price: p.price,
          countInStock: p.countInStock,
          qty: Math.max(1, Math.min(l.qty, p.countInStock)),
        };
      } catch {
        return null; // deleted since: drop the line
      }
    }),
  );
  return items.filter((i): i is CartItem => i !== null);
}

export const linesOf = (items: readonly CartItem[]): CartLine[] =>
  items.map((i) => ({ product: i.product, qty: i.qty }));

/** The stock this device last saw for its cart's products (mergeCarts caps by it). */
export const stockOfItems =
  (items: readonly CartItem[]) =>
  (product: string): number | undefined =>
    items.find((i) => i.product === product)?.countInStock;
