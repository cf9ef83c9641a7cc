// The first paint from the page's HTML (issue 42): what a phone shows before the app's script has arrived. The web
// build renders the layout (header, an empty main) to static HTML into index.html's <template id="first-paint">
// (web/scripts/firstPaint.ts, web/src/app/firstPaint/shell.tsx); the server's pages (features/pages/render.ts) put it
// in #root, with the page's largest paint in its slot: the home page's carousel poster, the product page's first
// picture. The app's first render replaces it (createRoot), with the same boxes, so nothing moves. Both sides name
// the template and the slot here.
import { CAROUSEL_IMAGE_SIZES, imageSrcSet, PRODUCT_IMAGE_SIZES } from './images.js';
import { formatPrice } from './money.js';
import { altOf, type ProductImage } from './productMedia.js';
import { paths } from './routes.js';

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

/** The product page's picture (web: ProductImage at high priority, as ProductGallery shows its first). */
function productImageHtml(picture: ProductImage, productName: string): string {
  const srcset = imageSrcSet(picture.url);
  const sizing = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${PRODUCT_IMAGE_SIZES}"` : '';
  return (
    // The class's trailing space is the component's (`product-image ${className}`): the same attribute, byte for byte.
    `<div class="product-image "><img src="${escapeHtml(picture.url)}"${sizing} alt="${escapeHtml(altOf(picture, productName))}" ` +
    'width="640" height="510" loading="eager" fetchpriority="high"></div>'
  );
}

/**
 * The product page's first screen (web ProductPage: the top bar with Go Back and the breadcrumbs, then ProductGallery
 * with its first picture, the page's largest paint) as HTML: the same elements and classes down to the picture, so the
 * app's page replaces it with the picture where it was. The gallery's arrows and thumbnails and the product's details
 * come with the app (below the picture on a phone, beside it on a wide screen: nothing above it moves).
 * `gallery`: productPageGallery's. ProductPage.test.tsx compares the two.
 */
export function productFirstPaintHtml(
  product: { name: string; category: string },
  gallery: readonly ProductImage[],
): string {
  const first = gallery[0];
  const picture = first ? productImageHtml(first, product.name) : '';
  const media =
    gallery.length > 1
      ? '<div class="product-gallery"><div class="product-media product-gallery-stage">' +
        `<div class="product-gallery-track"><div class="product-gallery-slide product-gallery-zoomable">${picture}</div></div></div></div>`
      : `<div class="product-media"><div class="product-gallery-zoomable">${picture}</div></div>`;
  const name = escapeHtml(product.name);
  return (
    '<div class="product-page"><div class="product-topbar">' +
    `<a class="btn btn-light btn-sm" href="${paths.home.href()}">Go Back</a>` +
    '<nav aria-label="Breadcrumb"><ol class="breadcrumb mb-0">' +
    `<li class="breadcrumb-item"><a href="${paths.home.href()}">Home</a></li>` +
    `<li class="breadcrumb-item"><a href="${escapeHtml(paths.category.href(product.category))}">${escapeHtml(product.category)}</a></li>` +
    `<li class="breadcrumb-item active text-truncate" aria-current="page">${name}</li></ol></nav></div>` +
    `<div class="g-4 g-lg-5 row"><div class="col-md-6">${media}</div></div></div>`
  );
}
