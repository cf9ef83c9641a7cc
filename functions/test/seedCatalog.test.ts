// The demo catalogue (functions/src/seed/catalog.ts) is entered as an admin would: every product passes the API's
// own checks, its gallery starts with its main image, and every picture it names is a file the shop serves.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertGalleryStartsWithImage, productUpdateSchema } from '../src/domain/index.js';
import { seedCatalog } from '../src/seed/catalog.js';

const publicDir = join(import.meta.dirname, '..', '..', 'web', 'public');

describe('the demo catalogue', () => {
  it('passes the product schema and the gallery rule, product by product', () => {
    for (const { reviews: _reviews, ...product } of seedCatalog) {
      const parsed = productUpdateSchema.safeParse(product);
      expect(parsed.error?.issues ?? [], product.name).toEqual([]);
      expect(() => assertGalleryStartsWithImage(parsed.data!), product.name).not.toThrow();
    }
  });

  it('shows phones, laptops and headphones with 3–4 gallery pictures, alt texts and spec rows (issue 29)', () => {
    const showcased = seedCatalog.filter((p) => /Phone|Laptop|Headphones/.test(p.name));
    expect(showcased.map((p) => p.category).sort()).toEqual(['Audio', 'Laptops', 'Laptops', 'Phones']);
    for (const product of showcased) {
      expect(product.images!.length, product.name).toBeGreaterThanOrEqual(3);
      expect(product.images!.length, product.name).toBeLessThanOrEqual(4);
      expect(
        product.images!.every((image) => image.alt.length > 10),
        product.name,
      ).toBe(true);
      expect(
        product.specs!.map((spec) => spec.name),
        product.name,
      ).toEqual(expect.arrayContaining(['Battery', 'Connectivity', 'Weight']));
    }
  });

  it('some variants show their own colour: a picture of their product’s gallery (the server’s rule)', () => {
    const withImages = seedCatalog.flatMap((p) =>
      (p.variants ?? []).filter((v) => v.image).map((v) => ({ product: p, image: v.image! })),
    );
    expect(withImages.length).toBeGreaterThanOrEqual(3);
    for (const { product, image } of withImages)
      expect(
        product.images!.map((picture) => picture.url),
        product.name,
      ).toContain(image);
  });

  it('names only pictures the web serves', () => {
    const urls = seedCatalog.flatMap((p) => [p.image, ...(p.images ?? []).map((image) => image.url)]);
    for (const url of urls) expect(existsSync(join(publicDir, url)), url).toBe(true);
  });
});
