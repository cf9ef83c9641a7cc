import { IMAGE_TOO_BIG_MESSAGE, IMAGE_TYPES, MAX_IMAGE_BYTES } from '@domain/limits';
import { useMutation } from '@tanstack/react-query';
import { ApiError, GENERIC_ERROR, upload } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';

/** What the API accepts (defined once in the domain's limits.ts): JPEG, PNG or WebP, checked by content, ≤ 5 MB. */
export { IMAGE_TYPES, MAX_IMAGE_BYTES };
export const TOO_BIG_MESSAGE = IMAGE_TOO_BIG_MESSAGE;

export const WRONG_TYPE_MESSAGE = 'Images only: JPEG, PNG or WebP';

/**
 * Quick checks before sending (the server checks the bytes again): a type the browser reports as something other
 * than JPEG, PNG or WebP, or a file over 5 MB, is refused at once. Returns the message to show, or null.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return WRONG_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return TOO_BIG_MESSAGE;
  if (file.size === 0) return 'The file is empty';
  return null;
}

/**
 * POST /api/upload (admin): multipart with the file in the field `image`, through the app's one HTTP client (with
 * progress). Resolves with the stored path (the API answers it as text, e.g. /uploads/ab12.png); rejects with
 * ApiError carrying the API's message (400 not an image, 413 too big).
 */
function uploadToApi(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return upload('/api/upload', form, { onProgress, statusMessages: { 413: TOO_BIG_MESSAGE } });
}

/**
 * The Firebase build uploads straight to Cloud Storage (storage.rules: admins only, JPEG/PNG/WebP under 5 MB) and
 * stores the file's https download URL in the product; the embedded build posts to the API. Same messages either way.
 */
async function uploadToStorage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const { uploadProductImage } = await loadFirebase();
  try {
    return await uploadProductImage(file, onProgress);
  } catch (error) {
    throw new ApiError(error instanceof Error && error.message ? error.message : GENERIC_ERROR, 400);
  }
}

/** The upload as a TanStack mutation; progress goes to `onProgress`. Client-side checks fail before any request. */
export function useUploadImage(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: async (file: File) => {
      const problem = checkImageFile(file);
      if (problem) throw new ApiError(problem, 400);
      onProgress(0);
      return isFirebase ? uploadToStorage(file, onProgress) : uploadToApi(file, onProgress);
    },
  });
}
