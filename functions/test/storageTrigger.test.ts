// Firebase mode's Storage trigger (src/images/storageTrigger.ts) on an in-memory bucket: a direct upload is replaced
// by its clean re-encoding (download token kept) with its copies beside it; its own writes, other paths and
// already re-encoded files are left alone; bytes that do not decode are deleted.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeStoredUpload, type TriggerBucket } from '../src/images/storageTrigger.js';

interface Stored {
  bytes: Buffer;
  generation: number;
  options?: Record<string, any>;
}

const gcsError = (code: number) => Object.assign(new Error(`GCS ${code}`), { code });

/** A bucket with generations and preconditions, as Cloud Storage has them (no object versioning). */
function memoryBucket(initial: Record<string, Buffer>, generation = 7) {
  const files = new Map<string, Stored>(Object.entries(initial).map(([k, bytes]) => [k, { bytes, generation }]));
  const deleted: string[] = [];
  let nextGeneration = 100;
  let failNextSave = false;
  const bucket: TriggerBucket = {
    file: (path, options) => ({
      download: async () => {
        const file = files.get(path);
        if (!file || (options?.generation !== undefined && options.generation !== file.generation)) throw gcsError(404);
        return [file.bytes];
      },
      save: async (bytes, saveOptions) => {
        if (failNextSave) {
          failNextSave = false;
          throw gcsError(503);
        }
        const wanted = (saveOptions.preconditionOpts as { ifGenerationMatch?: number } | undefined)?.ifGenerationMatch;
        if (wanted !== undefined && files.get(path)?.generation !== wanted) throw gcsError(412);
        files.set(path, { bytes, options: saveOptions, generation: nextGeneration++ });
      },
      delete: async () => {
        files.delete(path);
        deleted.push(path);
      },
    }),
  };
  return { bucket, files, deleted, failSaveOnce: () => void (failNextSave = true) };
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

  it('is safe to repeat: a second delivery of the same event (or a retry after success) changes nothing', async () => {
    const path = `products/${NAME}.jpg`;
    const { bucket, files } = memoryBucket({ [path]: await photo() });
    const event = { name: path, generation: '7', metadata: { firebaseStorageDownloadTokens: 'tok-1' } };
    expect(await reencodeStoredUpload(bucket, event)).toBe('reencoded');
    const after = new Map([...files].map(([k, f]) => [k, f.bytes]));
    const mainGeneration = files.get(path)!.generation;
    expect(await reencodeStoredUpload(bucket, event)).toBe('superseded');
    expect(files.get(path)!.generation).toBe(mainGeneration);
    for (const [key, bytes] of after) expect(files.get(key)!.bytes.equals(bytes), key).toBe(true);
  });

  it('a retry after a failed write finishes the job; an older event after a newer upload writes nothing', async () => {
    const path = `products/${NAME}.jpg`;
    const { bucket, files, failSaveOnce } = memoryBucket({ [path]: await photo() });
    failSaveOnce();
    await expect(reencodeStoredUpload(bucket, { name: path, generation: '7' })).rejects.toThrow('GCS 503');
    expect(await reencodeStoredUpload(bucket, { name: path, generation: '7' })).toBe('reencoded');
    expect((await sharp(files.get(path)!.bytes).metadata()).format).toBe('webp');

    // A newer upload replaced generation 7 before its event was handled: that event leaves it alone.
    const newer = memoryBucket({ [path]: await photo() }, 8);
    expect(await reencodeStoredUpload(newer.bucket, { name: path, generation: '7' })).toBe('superseded');
    expect(newer.files.get(path)!.generation).toBe(8);
  });
});
