import { useMutation } from '@tanstack/react-query';
import { getToken, signOut } from '@/lib/session';
import { ApiError, GENERIC_ERROR } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';

/** What the API accepts (functions/src/features/upload/routes.ts): JPEG, PNG or WebP, checked by content, ≤ 5 MB. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const WRONG_TYPE_MESSAGE = 'Images only: JPEG, PNG or WebP';
export const TOO_BIG_MESSAGE = 'The image is too big: at most 5 MB';

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

function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  if (xhr.status === 413) return TOO_BIG_MESSAGE;
  return GENERIC_ERROR;
}

export interface UploadOptions {
  /** Called with the fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/upload (admin): multipart with the file in the field `image`. Uses XMLHttpRequest, the one browser API
 * that reports upload progress. Resolves with the stored path (the API answers it as text, e.g. /uploads/ab12.png);
 * rejects with ApiError carrying the API's message (400 not an image, 413 too big), like the `api` client does.
 */
export function uploadImage(file: File, { onProgress, signal }: UploadOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.setRequestHeader('Accept', 'text/plain, application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(xhr.responseText.trim());
        return;
      }
      if (xhr.status === 401 && token) signOut(); // as the api client: an expired session signs out
      reject(new ApiError(messageOf(xhr), xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('Cannot reach the shop. Check your connection and try again.', 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
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
      return isFirebase ? uploadToStorage(file, onProgress) : uploadImage(file, { onProgress });
    },
  });
}
