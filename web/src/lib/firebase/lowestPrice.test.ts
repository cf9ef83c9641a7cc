// Issue 41 on the Firebase build: product documents mapped in the browser carry their 30-day low only once the
// public settings say to show it; 'off' (or settings not known yet) drops it from the product and its variants.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDoc } from '@firestore/schema';
import { productOrNull } from './mapping';
import { setLowestPriceShown } from './lowestPrice';

const doc = {
  name: 'Voltra Airbook 14 Laptop',
  priceCents: 99_00,
  countInStock: 3,
  options: [{ name: 'Colour', values: ['Silver'] }],
  variants: [
    {
      id: 'v1',
      sku: 'VA-1',
      options: { Colour: 'Silver' },
      priceCents: 99_00,
      compareAtCents: 120_00,
      image: null,
      lowestCents: 100_00,
    },
  ],
  variantStock: { v1: 3 },
} as unknown as Partial<ProductDoc>;

describe('the 30-day low in the Firebase build', () => {
  afterEach(() => setLowestPriceShown(false));

  it('is hidden until the settings are known, and when they say off', () => {
    const product = productOrNull('p1', doc)!;
    expect(product.lowestPrice30Days).toBeUndefined();
    expect(product.variants?.every((v) => v.lowestPrice30Days === undefined)).toBe(true);
  });

  it('is shown where the settings ask for it', () => {
    setLowestPriceShown(true);
    const product = productOrNull('p1', doc)!;
    expect(product.variants?.[0]?.lowestPrice30Days).toBe(100);
  });
});
