// The image pipeline (src/images/pipeline.ts) and the naming rule of its copies (src/domain/images.ts): uploads are
// re-encoded to WebP with only their pixels (no EXIF, no GPS, nothing appended), turned upright, never enlarged.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet, imageVariants } from '../src/domain/index.js';
import { MAIN_MAX_HEIGHT, MAIN_MAX_WIDTH, reencodeImage } from '../src/images/pipeline.js';
import { startTestShop, type TestShop } from './support/shop.js';

const PAYLOAD = '<html><script>fetch("/api/users",{credentials:"include"})</script><img src=x onerror=alert(1)></html>';
const GPS_IFD_TAG = Buffer.from([0x25, 0x88]); // EXIF tag 0x8825, little-endian: the GPS IFD pointer

/** A phone photo as it arrives: EXIF with camera and GPS position, stored sideways (orientation 6), and an HTML/JS
 *  payload appended after the JPEG's end (a polyglot: an image to a decoder, a page to a sniffing browser). */
async function phonePhoto(width = 40, height = 20): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#c03030' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2959/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from(PAYLOAD)]);
}

function expectClean(bytes: Buffer) {
  const text = bytes.toString('latin1');
  expect(text).not.toContain('<script');
  expect(text).not.toContain('onerror');
  expect(text).not.toContain('PhoneCo');
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
  expect(bytes.includes(GPS_IFD_TAG)).toBe(false);
}

describe('reencodeImage', () => {
  it('drops EXIF (camera, GPS) and an appended HTML/JS payload; the photo is upright', async () => {
    const input = await phonePhoto();
    // The test photo really carries what must go.
    expect(input.toString('latin1')).toContain('PhoneCo');
    expect(input.includes(GPS_IFD_TAG)).toBe(true);
    expect(input.toString('latin1')).toContain('<script>');

    const out = await reencodeImage(input);
    for (const bytes of [out.main, ...out.variants.map((v) => v.bytes)]) {
      expectClean(bytes);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Stored 40x20 with "rotate 90°": upright it is 20 wide, 40 high.
      expect([meta.width, meta.height]).toEqual([20, 40]);
    }
  });

  it('makes one copy per width, never enlarged, and caps the main file', async () => {
    const big = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3060c0' } })
      .png()
      .toBuffer();
    const out = await reencodeImage(big);
    expect((await sharp(out.main).metadata()).width).toBe(MAIN_MAX_WIDTH);
    expect(out.variants.map((v) => v.width)).toEqual([...IMAGE_WIDTHS]);
    for (const v of out.variants) expect((await sharp(v.bytes).metadata()).width).toBe(v.width);

    const small = await sharp({ create: { width: 500, height: 400, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const narrow = await reencodeImage(small);
    expect((await sharp(narrow.main).metadata()).width).toBe(500);
    const widths = await Promise.all(narrow.variants.map(async (v) => (await sharp(v.bytes).metadata()).width));
    expect(widths).toEqual([320, 500, 500]);
  });

  it('takes a tall image too (WebP stops at 16,383 px a side): the main file fits MAIN_MAX_HEIGHT, proportions kept', async () => {
    for (const [width, height] of [
      [1000, 17000],
      [100, 16384],
    ] as const) {
      const tall = await sharp({ create: { width, height, channels: 3, background: '#30a060' } })
        .png()
        .toBuffer();
      const out = await reencodeImage(tall);
      const main = await sharp(out.main).metadata();
      expect(main.height).toBe(MAIN_MAX_HEIGHT);
      expect(Math.abs(main.width! - Math.round((width * MAIN_MAX_HEIGHT) / height))).toBeLessThanOrEqual(1);
      for (const v of out.variants)
        expect((await sharp(v.bytes).metadata()).height).toBeLessThanOrEqual(MAIN_MAX_HEIGHT);
    }
  });

  it('refuses bytes that do not decode (a PNG header and nothing else) with bad_input', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(reencodeImage(png.subarray(0, 40))).rejects.toMatchObject({ kind: 'bad_input' });
    await expect(reencodeImage(Buffer.from('<?php echo 1; ?>'))).rejects.toMatchObject({ kind: 'bad_input' });
  });
});

describe('imageVariants (the copies naming rule)', () => {
  const name = 'a'.repeat(32);
  it('lists the copies of an embedded upload, smallest first', () => {
    expect(imageVariants(`/uploads/${name}.webp`)).toEqual(
      IMAGE_WIDTHS.map((w) => ({ url: `/uploads/${name}-${w}w.webp`, width: w })),
    );
    expect(imageSrcSet(`/uploads/${name}.webp`)).toBe(
      `/uploads/${name}-320w.webp 320w, /uploads/${name}-640w.webp 640w, /uploads/${name}-960w.webp 960w`,
    );
  });

  it('lists the copies of a Cloud Storage upload, without its download token', () => {
    const url = `https://firebasestorage.googleapis.com/v0/b/shop.appspot.com/o/products%2F${name}.jpg?alt=media&token=abc`;
    expect(imageVariants(url)[0]).toEqual({
      url: `https://firebasestorage.googleapis.com/v0/b/shop.appspot.com/o/products%2F${name}-320w.webp?alt=media`,
      width: 320,
    });
  });

  it('has none for the seed drawings, external URLs and anything not named by the shop', () => {
    for (const url of [
      '/images/phone.svg',
      'https://example.com/x.jpg',
      `/uploads/${name}-320w.webp`,
      '/uploads/../x.webp',
      `/uploads/${name}.svg`,
      `https://evil.test/uploads/${name}.webp`,
    ]) {
      expect(imageVariants(url), url).toEqual([]);
      expect(imageSrcSet(url), url).toBeUndefined();
    }
  });
});

describe('POST /api/upload through the pipeline', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('stores a polyglot phone photo as clean WebP files (main and copies), served for a year', async () => {
    const fd = new FormData();
    fd.append('image', new Blob([await phonePhoto(1200, 800)], { type: 'image/jpeg' }), 'holiday.jpg');
    const res = await shop.call('POST', '/api/upload', { token: await shop.adminToken(), raw: fd });
    expect(res.status).toBe(201);
    expect(res.body).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const name = res.body.slice('/uploads/'.length, -'.webp'.length);
    const files = readdirSync(shop.config.uploadsDir)
      .filter((f) => f.startsWith(name))
      .sort();
    expect(files).toEqual([`${name}-320w.webp`, `${name}-640w.webp`, `${name}-960w.webp`, `${name}.webp`]);
    for (const f of files) expectClean(readFileSync(join(shop.config.uploadsDir, f)));
    for (const v of imageVariants(res.body)) {
      const served = await fetch(shop.url + v.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.width).toBe(Math.min(v.width, 800)); // upright: 800 wide
    }
  });
});
