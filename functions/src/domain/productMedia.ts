// Issue 29: a product's specification rows and its gallery, as the API answers them, and the rules both stores
// share when reading them. Pure and zod-free (the web's first bundle reads products through productFields.ts); the
// validation is schemas.ts `specsSchema` / `imagesSchema`.
import { badInput } from './errors.js';

/** One row of the product page's specification table (and JSON-LD additionalProperty). */
export interface ProductSpec {
  name: string;
  value: string;
}

/** One picture of the gallery: a shop path or https URL (uploads went through images/pipeline.ts) and its alt text
 *  (empty: the product's name stands in). */
export interface ProductImage {
  url: string;
  alt: string;
}

export const MAX_SPECS = 30;
export const MAX_SPEC_NAME_LENGTH = 60;
export const MAX_SPEC_VALUE_LENGTH = 200;
export const MAX_IMAGES = 10;
export const MAX_IMAGE_ALT_LENGTH = 200;

/** A stored list (embedded: JSON text; Firestore: an array; missing: none) as an array. A damaged text reads as none. */
export function listOf(stored: unknown): object[] {
  if (Array.isArray(stored)) return stored as object[];
  if (typeof stored !== 'string' || stored === '') return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as object[]) : [];
  } catch {
    return [];
  }
}

/**
 * The gallery as answered: it always starts with the main `image` (the spec's field, which the original clients
 * edit alone). A stored gallery whose first picture is another one (the main image was replaced without the list)
 * gets the new main image in its place; a product without a gallery answers its main image alone.
 */
export function galleryOf(image: string, stored: readonly ProductImage[]): ProductImage[] {
  if (stored[0]?.url === image) return [...stored];
  return [{ url: image, alt: '' }, ...stored.slice(1).filter((picture) => picture.url !== image)];
}

/** An image's alt text: its own, or the product's name. */
export const altOf = (picture: ProductImage, productName: string) => picture.alt || productName;

export const GALLERY_FIRST_MESSAGE = 'The first image of the gallery must be the main image';

/** A save that sends a gallery sends its first picture as `image` too (the original clients read only `image`):
 *  otherwise 400, rather than the answer silently dropping one of them. */
export function assertGalleryStartsWithImage(input: { image: string; images?: readonly ProductImage[] }): void {
  if (input.images?.length && input.images[0].url !== input.image)
    throw badInput(GALLERY_FIRST_MESSAGE, { images: GALLERY_FIRST_MESSAGE });
}

/** The gallery's urls after a save (what a variant's image may be, domain/variants.ts): the save's pictures, or the
 *  stored ones when it leaves them out, always starting with the main image (galleryOf). */
export function galleryUrlsAfterSave(
  input: { image: string; images?: readonly ProductImage[] },
  stored: readonly ProductImage[],
): string[] {
  return galleryOf(input.image, input.images ?? stored).map((picture) => picture.url);
}

/** The product page's gallery for a chosen variant: its image first (where the gallery has it, moved there; a
 *  picture outside the gallery, from before the rule, added in front), the others in their order. */
export function galleryForVariant(gallery: readonly ProductImage[], variantImage: string | undefined): ProductImage[] {
  if (!variantImage || gallery[0]?.url === variantImage) return [...gallery];
  const own = gallery.find((picture) => picture.url === variantImage) ?? { url: variantImage, alt: '' };
  return [own, ...gallery.filter((picture) => picture.url !== variantImage)];
}

/**
 * The product page's gallery as it opens (web ProductPage; the first paint of its HTML, firstPaint.ts): the product's
 * pictures (its main image alone without a gallery), the chosen variant's own first (galleryForVariant). The chosen
 * variant: the one with `variantId` (the address's `?variant=`), else the first. Its first picture is the page's
 * largest paint.
 */
export function productPageGallery(
  product: { image: string; images?: readonly ProductImage[]; variants?: readonly { _id: string; image?: string }[] },
  variantId: string | null,
): ProductImage[] {
  const variant = product.variants?.find((v) => v._id === variantId) ?? product.variants?.[0];
  return galleryForVariant(product.images?.length ? product.images : [{ url: product.image, alt: '' }], variant?.image);
}
