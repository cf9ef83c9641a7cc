import { LOW_STOCK_THRESHOLD } from '@domain/limits';

export type StockLevel = 'out' | 'low' | 'in';

/** What the product page tells a shopper about stock: the spec's "In Stock" / "Out of Stock", and "Only N left" when low. */
export function stockHint(countInStock: number): { level: StockLevel; text: string } {
  if (countInStock <= 0) return { level: 'out', text: 'Out of Stock' };
  if (countInStock <= LOW_STOCK_THRESHOLD) return { level: 'low', text: `Only ${countInStock} left` };
  return { level: 'in', text: 'In Stock' };
}
