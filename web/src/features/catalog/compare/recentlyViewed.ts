// Issue 41: the products this browser viewed last (the product page and the home page show them), newest first, at
// most RECENTLY_VIEWED_MAX, in localStorage. Only in lazy chunks (the product page, compareUi.ts).
import { readJSON, writeJSON } from '@/lib/storage';

export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
export const RECENTLY_VIEWED_MAX = 8;

export interface ViewedProduct {
  _id: string;
  /** Issue 40: its address (absent in lists stored before: the link then takes the id, which leads there too). */
  slug?: string;
  name: string;
  image: string;
  price: number;
}

const isViewed = (value: unknown): value is ViewedProduct =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as ViewedProduct)._id === 'string' &&
  typeof (value as ViewedProduct).name === 'string' &&
  typeof (value as ViewedProduct).image === 'string' &&
  typeof (value as ViewedProduct).price === 'number';

/** The stored list (garbage or an older shape reads as none). */
export function recentlyViewed(): ViewedProduct[] {
  return readJSON<unknown[]>(RECENTLY_VIEWED_KEY, [], Array.isArray).filter(isViewed).slice(0, RECENTLY_VIEWED_MAX);
}

/** The product just viewed goes first (once), the oldest beyond the limit drops out. */
export function rememberViewed(product: ViewedProduct): void {
  const { _id, slug, name, image, price } = product;
  writeJSON(
    RECENTLY_VIEWED_KEY,
    [{ _id, ...(slug && { slug }), name, image, price }, ...recentlyViewed().filter((p) => p._id !== _id)].slice(
      0,
      RECENTLY_VIEWED_MAX,
    ),
  );
}
