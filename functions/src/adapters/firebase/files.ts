import { randomBytes } from 'node:crypto';
import { variantName } from '../../domain/index.js';
import type { ReencodedImage } from '../../images/pipeline.js';
import type { FilePort } from '../../ports.js';

/** Custom metadata on files the pipeline wrote: the Storage trigger (images/storageTrigger.ts) leaves them alone. */
export const REENCODED_MARK = { voltshopReencoded: 'true' } as const;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** The part of a Cloud Storage bucket (firebase-admin/storage) this adapter uses. */
export interface BucketLike {
  name: string;
  file(path: string): {
    save(data: Buffer, options: Record<string, unknown>): Promise<unknown>;
  };
}

/**
 * Uploads (already checked by their bytes in features/upload) into the default bucket under
 * products/<random>.<ext>. The answer is the Firebase Storage download URL without a token: readable by anyone
 * because storage.rules allow public reads of products/** (and only admins may write there).
 */
export class CloudStorageFiles implements FilePort {
  constructor(
    private readonly bucket: BucketLike,
    private readonly emulatorHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '',
  ) {}

  async saveImage(image: ReencodedImage): Promise<string> {
    const name = randomBytes(16).toString('hex');
    const save = (path: string, bytes: Buffer) =>
      this.bucket.file(path).save(bytes, {
        resumable: false,
        contentType: 'image/webp',
        preconditionOpts: { ifGenerationMatch: 0 }, // never overwrite
        metadata: { cacheControl: IMMUTABLE_CACHE, metadata: REENCODED_MARK },
      });
    await Promise.all(image.variants.map((v) => save(`products/${variantName(name, v.width)}`, v.bytes)));
    const path = `products/${name}.webp`;
    await save(path, image.main);
    return publicUrl(this.bucket.name, path, this.emulatorHost);
  }
}

export function publicUrl(bucket: string, path: string, emulatorHost = ''): string {
  const base = emulatorHost ? `http://${emulatorHost}` : 'https://firebasestorage.googleapis.com';
  return `${base}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?alt=media`;
}
