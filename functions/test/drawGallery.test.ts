import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawAll, IMAGES_DIR } from '../src/seed/drawGallery.js';

describe('the demo gallery pictures (issue 29)', () => {
  it('are committed as the script draws them now (run `npx tsx functions/src/seed/drawGallery.ts` after a change)', () => {
    const drawn = drawAll();
    expect(drawn.length).toBeGreaterThanOrEqual(12);
    for (const { file, svg } of drawn) expect(readFileSync(join(IMAGES_DIR, file), 'utf8'), file).toBe(svg);
  });

  it('each is a whole SVG of the catalogue’s 640:510 frame, titled with its alt text', () => {
    for (const { file, svg } of drawAll()) {
      expect(svg, file).toMatch(/^<svg [^>]*width="640" height="510"/);
      expect(svg.trimEnd().endsWith('</svg>'), file).toBe(true);
      const [, , , w, h] = /viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.map(Number);
      expect(Math.abs(w! / h! - 640 / 510), file).toBeLessThan(0.01);
    }
  });
});
