// The naming rule of uploaded images and their smaller copies, shared by the server (which writes them) and the
// web (which lists them in `srcset`). An upload is stored under a random 32-hex name; its copies sit beside it as
// `<name>-<width>w.webp`. Anything else (the seed's SVG drawings, external URLs) has no copies.

/** The widths every upload is re-encoded at (never enlarged: a narrower original keeps its own width). */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** `/uploads/<name>.<ext>` (embedded) or a Cloud Storage URL of `products/<name>.<ext>` (path encoded as `%2F`). */
const UPLOAD_URL =
  /^((?:\/uploads\/)|(?:https?:\/\/[^?#]+\/o\/products%2F))([a-f0-9]{32})\.(?:webp|jpg|png)(\?[^#]*)?$/;

/** The stored name of the copy of upload `name` (32 hex) at `width`. */
export const variantName = (name: string, width: number) => `${name}-${width}w.webp`;

/** The random name of an original upload at `path` in Cloud Storage (`products/<name>.<ext>`); null for anything
 *  else, the copies (`<name>-<width>w.webp`) included. */
export function storageUploadName(path: string): string | null {
  return /^products\/([a-f0-9]{32})\.(?:webp|jpg|png)$/.exec(path)?.[1] ?? null;
}

/** The copies of an uploaded image, smallest first; empty for any other URL (use the URL as it is). */
export function imageVariants(url: string): { url: string; width: number }[] {
  const m = UPLOAD_URL.exec(url);
  if (!m) return [];
  const [, prefix, name, query] = m;
  // Cloud Storage: the copies are public reads (storage.rules), so no download token; keep `alt=media`.
  const suffix = query ? '?alt=media' : '';
  return IMAGE_WIDTHS.map((width) => ({ url: `${prefix}${variantName(name, width)}${suffix}`, width }));
}

/** The `srcset` attribute of `url`, or undefined when it has no copies. */
export function imageSrcSet(url: string): string | undefined {
  const variants = imageVariants(url);
  return variants.length ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;
}

/** The layout width of a catalogue card's image (1 to 4 columns by breakpoint): its `sizes`. */
export const CARD_IMAGE_SIZES = '(min-width: 992px) 25vw, (min-width: 768px) 33vw, (min-width: 576px) 50vw, 100vw';
/** The product page's main image: half the row from the md breakpoint, the full width below. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 768px) 50vw, 100vw';
/** The home page carousel's image: 300 px high at 640:510 (200 px below 576 px wide). */
export const CAROUSEL_IMAGE_SIZES = '(max-width: 575.98px) 251px, 377px';
