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

/** The part of a bucket (firebase-admin/storage) the trigger uses. `generation` reads that version only. */
export interface TriggerBucket {
  file(
    path: string,
    options?: { generation?: number },
  ): {
    download(): Promise<[Buffer]>;
    save(data: Buffer, options: Record<string, unknown>): Promise<unknown>;
    delete(options?: Record<string, unknown>): Promise<unknown>;
  };
}

export type TriggerOutcome = 'skipped' | 'reencoded' | 'deleted' | 'superseded';

/** Cloud Storage's answers meaning "this version is gone or was replaced": 404 Not Found, 412 Precondition Failed. */
function isGoneOrReplaced(error: unknown): boolean {
  const code = Number((error as { code?: unknown })?.code);
  return code === 404 || code === 412;
}

/**
 * Re-encodes one finalized upload. Safe to repeat (the trigger is retried on failure, and Storage may deliver an
 * event twice): the version of the event is read and replaced only if it is still the current one
 * (`generation`, `ifGenerationMatch`); once it was replaced (by this pipeline's output, which is marked and
 * skipped, or by a newer upload, which has its own event) a repeat ends as 'superseded' without writing anything
 * but the copies, which are the same bytes again.
 */
export async function reencodeStoredUpload(bucket: TriggerBucket, object: FinalizedObject): Promise<TriggerOutcome> {
  const name = storageUploadName(object.name);
  if (!name || object.metadata?.voltshopReencoded === REENCODED_MARK.voltshopReencoded) return 'skipped';
  const generation = object.generation !== undefined ? Number(object.generation) : undefined;
  // Only this version: a newer upload under the same name gets its own event.
  const sameVersion = generation !== undefined ? { ifGenerationMatch: generation } : {};
  const original = bucket.file(object.name);
  let bytes: Buffer;
  try {
    [bytes] = await bucket.file(object.name, generation !== undefined ? { generation } : {}).download();
  } catch (error) {
    if (isGoneOrReplaced(error)) return 'superseded';
    throw error;
  }
  try {
    return await replace(bucket, object, name, original, bytes, sameVersion);
  } catch (error) {
    if (isGoneOrReplaced(error)) return 'superseded';
    throw error;
  }
}

async function replace(
  bucket: TriggerBucket,
  object: FinalizedObject,
  name: string,
  original: ReturnType<TriggerBucket['file']>,
  bytes: Buffer,
  sameVersion: { ifGenerationMatch?: number },
): Promise<TriggerOutcome> {
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
