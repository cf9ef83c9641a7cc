// The one image re-encoder of the shop (uploads through the API, and the Firebase Storage trigger): decodes the
// upload, applies its EXIF orientation, and writes fresh WebP files holding only pixels. Nothing of the original
// file survives: metadata (camera, GPS position) and anything appended to it (a polyglot's HTML or script) are gone.
import sharp from 'sharp';
import { badInput, IMAGE_WIDTHS } from '../domain/index.js';

/** The main file's widest side: enough for the product page on a 2x screen. */
export const MAIN_MAX_WIDTH = 1280;
/** Decoding bombs: a 5 MB file may claim huge dimensions. 40 megapixels covers any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP = { quality: 80, effort: 4 } as const;

export interface ReencodedImage {
  /** At most MAIN_MAX_WIDTH wide, never enlarged. */
  main: Buffer;
  /** One per IMAGE_WIDTHS entry, never enlarged (a narrow original gives copies at its own width). */
  variants: { width: number; bytes: Buffer }[];
}

/** Re-encodes `input` (JPEG, PNG or WebP bytes) to WebP. Throws bad_input when the bytes are not a readable image. */
export async function reencodeImage(input: Uint8Array): Promise<ReencodedImage> {
  // `rotate()` without an angle applies the EXIF orientation; sharp writes no metadata unless asked to.
  const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const encode = (width: number) => decoded.clone().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
  try {
    const [main, ...copies] = await Promise.all([encode(MAIN_MAX_WIDTH), ...IMAGE_WIDTHS.map(encode)]);
    return { main, variants: IMAGE_WIDTHS.map((width, i) => ({ width, bytes: copies[i] })) };
  } catch {
    throw badInput('The image could not be read: send a whole JPEG, PNG or WebP file');
  }
}
