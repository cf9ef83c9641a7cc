import { IMAGE_TOO_BIG_MESSAGE, IMAGE_TYPES, MAX_IMAGE_BYTES } from '@domain/limits';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { shop } from '@/lib/shop';

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

/** The upload as a TanStack mutation; progress goes to `onProgress`. Client-side checks fail before any request. */
export function useUploadImage(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: async (file: File) => {
      const problem = checkImageFile(file);
      if (problem) throw new ApiError(problem, 400);
      onProgress(0);
      // POST /api/upload (multipart, with progress), or straight to Cloud Storage in the Firebase build.
      return shop.uploadImage(file, onProgress);
    },
  });
}
