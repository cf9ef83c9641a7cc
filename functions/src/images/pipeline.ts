// The one image re-encoder of the shop (uploads through the API, and the Firebase Storage trigger): decodes the
// upload, applies its EXIF orientation, and writes fresh WebP files holding only pixels. Nothing of the original
// file survives: metadata (camera, GPS position) and anything appended to it (a polyglot's HTML or script) are gone.
//
// Image work shares libuv's thread pool (4 threads) with password hashing: unbounded, six 40 MP uploads at once
// held every thread and sign-in took 2.4 s instead of 82 ms. So each upload is decoded once (not once per size),
// its sizes are encoded one after another, one upload is worked on at a time, and libvips uses one thread: image
// work holds at most one pool thread and one core, and a sign-in never waits behind it.
import pLimit from 'p-limit';
import sharp from 'sharp';
import { badInput, IMAGE_WIDTHS } from '../domain/index.js';

/** The main file's widest side: enough for the product page on a 2x screen. */
export const MAIN_MAX_WIDTH = 1280;
/** Its tallest: four times that (a long picture is shown scaled down anyway), and within WebP's 16,383 px a side,
 *  which refused a valid 1,000 x 17,000 upload as unreadable. */
export const MAIN_MAX_HEIGHT = 4 * MAIN_MAX_WIDTH;
/** Decoding bombs: a 5 MB file may claim huge dimensions. 40 megapixels covers any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP = { quality: 80, effort: 4 } as const;
/** Uploads re-encoded at once; the others wait their turn (an admin's upload, not a shopper's request). */
export const IMAGE_JOB_CONCURRENCY = 1;

sharp.concurrency(1);
const imageJobs = pLimit(IMAGE_JOB_CONCURRENCY);

export interface ReencodedImage {
  /** Within MAIN_MAX_WIDTH x MAIN_MAX_HEIGHT, proportions kept, never enlarged. */
  main: Buffer;
  /** One per IMAGE_WIDTHS entry, never enlarged (a narrow original gives copies at its own width). */
  variants: { width: number; bytes: Buffer }[];
}

/** Image jobs running and waiting now (tests and diagnostics). */
export const imageQueue = () => ({ active: imageJobs.activeCount, waiting: imageJobs.pendingCount });

/** Re-encodes `input` (JPEG, PNG or WebP bytes) to WebP. Throws bad_input when the bytes are not a readable image. */
export function reencodeImage(input: Uint8Array): Promise<ReencodedImage> {
  return imageJobs(() => reencodeNow(input));
}

async function reencodeNow(input: Uint8Array): Promise<ReencodedImage> {
  try {
    // Decoded once: oriented (`rotate()` without an angle applies EXIF) and scaled to the largest size needed,
    // as raw pixels; every WebP is made from those. sharp writes no metadata unless asked to.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAIN_MAX_WIDTH, height: MAIN_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = (width: number) =>
      sharp(data, pixels).resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
    const main = await encode(MAIN_MAX_WIDTH);
    const variants: ReencodedImage['variants'] = [];
    for (const width of IMAGE_WIDTHS) variants.push({ width, bytes: await encode(width) });
    return { main, variants };
  } catch {
    throw badInput('The image could not be read: send a whole JPEG, PNG or WebP file');
  }
}
