// Draws the demo catalogue's gallery pictures (issue 29) from the products' own illustrations in web/public/images:
// another colourway (the drawing's colours swapped), another angle (mirrored or tilted) and a close-up (the same
// drawing seen through a smaller viewBox). Run once after changing a drawing or a view in galleryViews.ts, and
// commit the files:   npx tsx functions/src/seed/drawGallery.ts
// The seed (catalog.ts) lists the same files with the same alt texts (GALLERY_VIEWS). Never imported by the shop.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GALLERY_VIEWS, type GalleryView } from './galleryViews.js';

export const IMAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'web', 'public', 'images');
/** The drawings' shared backdrop ends with the floor shadow: what follows is the product. */
const SHADOW = /<ellipse [^>]*fill="url\(#sh\)"\/>\n/;

export function drawView(original: string, view: GalleryView): string {
  let svg = original.replace(/<title>[^<]*<\/title>/, `<title>${view.alt}</title>`);
  for (const [from, to] of Object.entries(view.colours ?? {})) svg = svg.split(from).join(to);
  if (view.transform) {
    const shadow = SHADOW.exec(svg);
    if (!shadow) throw new Error(`${view.file}: no floor shadow to start the product after`);
    const start = shadow.index + shadow[0].length;
    const end = svg.lastIndexOf('</svg>');
    svg = `${svg.slice(0, start)}<g transform="${view.transform}">\n${svg.slice(start, end)}</g>\n</svg>\n`;
  }
  if (view.viewBox) svg = svg.replace(/viewBox="[^"]*"/, `viewBox="${view.viewBox}"`);
  return svg;
}

/** Every gallery picture as drawn now: its file name and its SVG text. */
export function drawAll(): { file: string; svg: string }[] {
  return Object.entries(GALLERY_VIEWS).flatMap(([source, views]) => {
    const original = readFileSync(join(IMAGES_DIR, source), 'utf8');
    return views.map((view) => ({ file: view.file, svg: drawView(original, view) }));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  for (const { file, svg } of drawAll()) writeFileSync(join(IMAGES_DIR, file), svg);
