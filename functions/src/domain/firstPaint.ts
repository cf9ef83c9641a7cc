// The first paint from the page's HTML (issue 42): what a phone shows before the app's script has arrived. The web
// build renders the layout (header, an empty main) to static HTML into index.html's <template id="first-paint">
// (web/scripts/firstPaint.ts, web/src/app/firstPaint/shell.tsx); the server's pages (features/pages/render.ts) put it
// in #root, with the page's largest paint in its slot: the home page's carousel poster. The app's first render
// replaces it (createRoot), with the same boxes, so nothing moves. Both sides name the template and the slot here.
import { CAROUSEL_IMAGE_SIZES, imageSrcSet } from './images.js';
import { formatPrice } from './money.js';

/** index.html's <template> element holding the layout's static HTML. */
export const FIRST_PAINT_TEMPLATE_ID = 'first-paint';
/** Where the page's own first paint goes, inside the main area's container. */
export const FIRST_PAINT_SLOT = '<!--first-paint-slot-->';

/** Text and attribute values in HTML: every character that could end or open markup is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The home page carousel's poster (web: CarouselPoster with its CarouselImage) as HTML: the same elements,
 * classes and attributes, so the app's own poster replaces it in place. CarouselPoster.test.tsx compares the two.
 */
export function carouselPosterHtml(product: { name: string; price: number; image: string }): string {
  const srcset = imageSrcSet(product.image);
  const sizing = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${CAROUSEL_IMAGE_SIZES}"` : '';
  return (
    '<div class="carousel-placeholder carousel-poster mb-4" aria-hidden="true" data-testid="carousel-poster">' +
    `<img src="${escapeHtml(product.image)}"${sizing} alt="" width="640" height="510" loading="eager" fetchpriority="high" class="carousel-image">` +
    '<div class="carousel-caption carousel-caption-box">' +
    `<p class="h5 mb-0">${escapeHtml(product.name)} (${escapeHtml(formatPrice(product.price))})</p>` +
    '</div></div>'
  );
}
