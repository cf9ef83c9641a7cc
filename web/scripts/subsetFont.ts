// The brand font's core file (src/assets/fonts/inter-core-wght.woff2): Inter's variable weights cut to the
// characters the shop's own texts and a typical English product catalogue use, preloaded for the first render.
// Every other Latin character stays in Fontsource's latin file, which the browser downloads only for a page
// that has one (src/index.css: two faces of one family split by unicode-range).
//
// The file is committed (Vite reads CSS url() files straight from disk, before any plugin could make it);
// subsetFont.test.ts fails when it is not what this script makes. Regenerate: npm run font:subset -w web
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/** Printable ASCII, no-break space, © ® ° · ×, dashes, curly quotes, bullet, ellipsis, ‹ › (the product gallery's
 *  arrows: without them every product page with a gallery downloaded the 48 KB latin file), €, ™ and minus. */
export const CORE_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xae, 0xae],
  [0xb0, 0xb0],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];

/** CORE_RANGES as a CSS unicode-range value (the core face's, in src/index.css). */
export function coreUnicodeRange(): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return CORE_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

export const CORE_FONT_FILE = fileURLToPath(new URL('../src/assets/fonts/inter-core-wght.woff2', import.meta.url));

/** The core file, made from the installed @fontsource-variable/inter. HarfBuzz keeps the weight axis and the default
 *  OpenType features (kerning, ligatures, tabular figures) and drops the stylistic alternates the shop never uses. */
export async function subsetBrandFont(): Promise<Buffer> {
  const source = readFileSync(
    createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  );
  const text = CORE_RANGES.flatMap(([a, b]) =>
    Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)),
  ).join('');
  return subsetFont(source, text, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await subsetBrandFont();
  writeFileSync(CORE_FONT_FILE, font);
  console.log(`${CORE_FONT_FILE}: ${font.length} bytes`);
}
