// Issue 41: dropping a product's 30-day lows where the owner's settings say not to show them (priceHistory.ts
// showsLowestPrice decides). Its own module so that the Firebase build's catalogue reads, which map product documents
// in the browser, can apply it without loading the price rules and the country tables.
import type { Product } from './types.js';

/** A product answer without its 30-day lows (the settings say not to show them). */
export function withoutLowestPrice<P extends Product>(product: P): P {
  if (product.lowestPrice30Days === undefined && !product.variants?.some((v) => v.lowestPrice30Days !== undefined))
    return product;
  const { lowestPrice30Days: _dropped, ...rest } = product;
  void _dropped;
  return {
    ...rest,
    ...(product.variants
      ? {
          variants: product.variants.map((variant) => {
            const { lowestPrice30Days: _v, ...kept } = variant;
            void _v;
            return kept;
          }),
        }
      : {}),
  } as P;
}
