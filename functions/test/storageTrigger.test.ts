// Firebase mode's Storage trigger (src/images/storageTrigger.ts) on an in-memory bucket: a direct upload is replaced
// by its clean re-encoding (download token kept) with its copies beside it; its own writes, other paths and
// already re-encoded files are left alone; bytes that do not decode are deleted.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeStoredUpload, type TriggerBucket } from '../src/images/storageTrigger.js';

interface Stored {
  bytes: Buffer;
  options?: Record<string, any>;
}

function memoryBucket(initial: Record<string, Buffer>) {
  const files = new Map<string, Stored>(Object.entries(initial).map(([k, bytes]) => [k, { bytes }]));
  const deleted: string[] = [];
  const bucket: TriggerBucket = {
    file: (path) => ({
      download: async () => [files.get(path)!.bytes],
      save: async (bytes, options) => void files.set(path, { bytes, options }),
      delete: async () => {
        files.delete(path);
        deleted.push(path);
      },
    }),
  };
  return { bucket, files, deleted };
}

const NAME = 'c'.repeat(32);
const PAYLOAD = '<script>alert(document.cookie)</script>';

async function photo() {
  const jpeg = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#208040' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2959/100' } })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from(PAYLOAD)]);
}

describe('reencodeStoredUpload', () => {
  it('replaces a direct upload by clean WebP, keeps its download token, writes the copies beside it', async () => {
    const path = `products/${NAME}.jpg`;
    const { bucket, files } = memoryBucket({ [path]: await photo() });
    const outcome = await reencodeStoredUpload(bucket, {
      name: path,
      generation: '7',
      metadata: { firebaseStorageDownloadTokens: 'tok-1' },
    });
    expect(outcome).toBe('reencoded');
    expect([...files.keys()].sort()).toEqual(
      [path, ...[320, 640, 960].map((w) => `products/${NAME}-${w}w.webp`)].sort(),
    );
    for (const [key, file] of files) {
      const text = file.bytes.toString('latin1');
      expect(text, key).not.toContain('<script>');
      expect(text, key).not.toContain('PhoneCo');
      expect((await sharp(file.bytes).metadata()).format, key).toBe('webp');
      expect(file.options?.contentType, key).toBe('image/webp');
      expect(file.options?.metadata.cacheControl, key).toBe('public, max-age=31536000, immutable');
      expect(file.options?.metadata.metadata.voltshopReencoded, key).toBe('true');
    }
    const main = files.get(path)!;
    expect(main.options?.metadata.metadata.firebaseStorageDownloadTokens).toBe('tok-1');
    expect(main.options?.preconditionOpts).toEqual({ ifGenerationMatch: 7 });
  });

  it('leaves alone its own writes (copies, marked files) and anything outside products/<random name>', async () => {
    const { bucket, files } = memoryBucket({});
    for (const object of [
      { name: `products/${NAME}-320w.webp` },
      { name: `products/${NAME}.webp`, metadata: { voltshopReencoded: 'true' } },
      { name: 'products/holiday.jpg' },
      { name: `other/${NAME}.jpg` },
    ]) {
      expect(await reencodeStoredUpload(bucket, object), object.name).toBe('skipped');
    }
    expect(files.size).toBe(0);
  });

  it('deletes an upload that does not decode as an image', async () => {
    const path = `products/${NAME}.png`;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { bucket, files, deleted } = memoryBucket({
      [path]: Buffer.concat([png.subarray(0, 33), Buffer.from(PAYLOAD)]),
    });
    expect(await reencodeStoredUpload(bucket, { name: path })).toBe('deleted');
    expect(deleted).toEqual([path]);
    expect(files.size).toBe(0);
  });
});
