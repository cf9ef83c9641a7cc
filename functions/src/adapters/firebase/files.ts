import { randomBytes } from 'node:crypto';
import type { FilePort } from '../../ports.js';

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

  async saveImage(bytes: Uint8Array, ext: 'jpg' | 'png' | 'webp', mime: string): Promise<string> {
    const path = `products/${randomBytes(16).toString('hex')}.${ext}`;
    await this.bucket.file(path).save(Buffer.from(bytes), {
      resumable: false,
      contentType: mime,
      preconditionOpts: { ifGenerationMatch: 0 }, // never overwrite
      metadata: { cacheControl: 'public, max-age=31536000, immutable' },
    });
    return publicUrl(this.bucket.name, path, this.emulatorHost);
  }
}

export function publicUrl(bucket: string, path: string, emulatorHost = ''): string {
  const base = emulatorHost ? `http://${emulatorHost}` : 'https://firebasestorage.googleapis.com';
  return `${base}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?alt=media`;
}
