// Admin image upload straight to Cloud Storage (the rules allow admins only, images only, < 5 MB).
import { getDownloadURL, ref, uploadBytesResumable } from 'firebase/storage';
import { firebase } from './app';
import { PRODUCT_IMAGES_FOLDER } from './mapping';

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Uploads the file with progress (0..1) and answers its public download URL. */
export function uploadProductImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const ext = EXT[file.type];
  if (!ext) return Promise.reject(new Error('Images only: JPEG, PNG or WebP'));
  const name = `${crypto.randomUUID().replace(/-/g, '')}.${ext}`;
  const task = uploadBytesResumable(ref(firebase().storage, `${PRODUCT_IMAGES_FOLDER}/${name}`), file, {
    contentType: file.type,
  });
  return new Promise((resolve, reject) => {
    task.on(
      'state_changed',
      (s) => onProgress(s.totalBytes ? s.bytesTransferred / s.totalBytes : 0),
      (error) =>
        reject(
          new Error(
            error.code === 'storage/unauthorized'
              ? 'Only admins can upload images (JPEG, PNG or WebP under 5 MB)'
              : error.message,
          ),
        ),
      () => resolve(getDownloadURL(task.snapshot.ref)),
    );
  });
}
