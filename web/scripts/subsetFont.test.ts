// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE_FONT_FILE, CORE_RANGES, coreUnicodeRange, subsetBrandFont } from './subsetFont';

const css = readFileSync(new URL('../src/index.css', import.meta.url), 'utf8');
/** The @font-face blocks of the brand family, in the order the stylesheet declares them. */
const brandFaces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
  .map((m) => m[1]!)
  .filter((body) => body.includes("'Inter Variable'"));
const unicodeRange = (face: string) => /unicode-range:\s*([^;]+);/.exec(face)![1]!.replace(/\s+/g, ' ').trim();
const inCore = (c: number) => CORE_RANGES.some(([a, b]) => c >= a && c <= b);

describe('the brand font core file (scripts/subsetFont.ts)', () => {
  it('is the file the script makes from the installed Inter (regenerate: npm run font:subset -w web)', async () => {
    const committed = readFileSync(CORE_FONT_FILE);
    expect(Buffer.compare(committed, await subsetBrandFont())).toBe(0);
    // The point of it: well under Fontsource's latin file (48 KB).
    expect(committed.length).toBeLessThan(32 * 1024);
  });

  it('is the last face of the family, for exactly its characters, so the browser tries it first', () => {
    expect(brandFaces).toHaveLength(2);
    expect(brandFaces[1]).toContain('inter-core-wght.woff2');
    expect(unicodeRange(brandFaces[1]!)).toBe(coreUnicodeRange());
    expect(brandFaces[0]).toContain('inter-latin-wght-normal.woff2');
  });

  it('has every character of the texts the shop writes itself (typographic quotes, dashes, ellipsis, middle dot)', () => {
    const texts = [
      readFileSync(new URL('../src/app/components/Footer.tsx', import.meta.url), 'utf8'),
      readFileSync(new URL('../src/features/catalog/components/ProductCard.tsx', import.meta.url), 'utf8'),
      readFileSync(new URL('../../functions/src/domain/cart.ts', import.meta.url), 'utf8'),
      readFileSync(new URL('../../functions/src/domain/site.ts', import.meta.url), 'utf8'),
      // The product gallery's arrows (ProductGallery.tsx, GalleryZoom.tsx): in the latin file, every product page with
      // more than one image downloaded it (48 KB) for two glyphs.
      '’‘“”…—–·€™−×‹›',
    ].join('');
    const missing = [...new Set(texts)].filter((ch) => !inCore(ch.codePointAt(0)!) && ch.codePointAt(0)! >= 0x20);
    expect(missing.filter((ch) => !/\s/.test(ch))).toEqual([]);
  });
});
