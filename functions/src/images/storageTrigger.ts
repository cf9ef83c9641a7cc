// Firebase mode: the web app uploads product images straight to Cloud Storage (admins only, storage.rules). This
// Storage trigger (src/index.ts) runs them through the same pipeline as the API's uploads: the copies are written
// beside the upload, and the upload itself is replaced by its clean re-encoding (keeping its download token, so the
// URL the admin saved keeps working). Files the pipeline wrote carry a mark and are left alone.
import { DomainError, storageUploadName, variantName } from '../domain/index.js';
import { IMMUTABLE_CACHE, REENCODED_MARK } from '../adapters/firebase/files.js';
import { reencodeImage } from './pipeline.js';

/** What the trigger's event says about the object (firebase-functions' StorageObjectData, the fields used). */
export interface FinalizedObject {
  name: string;
  generation?: string | number;
  metadata?: Record<string, string> | null;
}

/** The part of a bucket (firebase-admin/storage) the trigger uses. */
export interface TriggerBucket {
  file(path: string): {
    download(): Promise<[Buffer]>;
    save(data: Buffer, options: Record<string, unknown>): Promise<unknown>;
    delete(options?: Record<string, unknown>): Promise<unknown>;
  };
}

export type TriggerOutcome = 'skipped' | 'reencoded' | 'deleted';

export async function reencodeStoredUpload(bucket: TriggerBucket, object: FinalizedObject): Promise<TriggerOutcome> {
  const name = storageUploadName(object.name);
  if (!name || object.metadata?.voltshopReencoded === REENCODED_MARK.voltshopReencoded) return 'skipped';
  const original = bucket.file(object.name);
  // Only this version: a newer upload under the same name gets its own event.
  const sameVersion = object.generation !== undefined ? { ifGenerationMatch: Number(object.generation) } : {};
  const [bytes] = await original.download();
  let image;
  try {
    image = await reencodeImage(bytes);
  } catch (error) {
    // Not a readable image although its declared type passed the rules: it must not be served.
    if (error instanceof DomainError) {
      await original.delete(sameVersion);
      return 'deleted';
    }
    throw error;
  }
  const metadata = (extra: Record<string, string> = {}) => ({
    cacheControl: IMMUTABLE_CACHE,
    metadata: { ...extra, ...REENCODED_MARK },
  });
  await Promise.all(
    image.variants.map((v) =>
      bucket
        .file(`products/${variantName(name, v.width)}`)
        .save(v.bytes, { resumable: false, contentType: 'image/webp', metadata: metadata() }),
    ),
  );
  const token = object.metadata?.firebaseStorageDownloadTokens;
  await original.save(image.main, {
    resumable: false,
    contentType: 'image/webp',
    preconditionOpts: sameVersion,
    metadata: metadata(token ? { firebaseStorageDownloadTokens: token } : {}),
  });
  return 'reencoded';
}
