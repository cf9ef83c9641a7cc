// The file transfers of the HTTP client (api.ts): an upload with progress and an attachment's download. Apart from
// api.ts because only the admin's screens use them, and api.ts is in the home page's first bundle.
import { ApiError, failure, NETWORK_ERROR, type StatusMessages } from './api';
import { getToken } from './session';

export interface UploadOptions {
  /** Called with the fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  statusMessages?: StatusMessages;
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null; // e.g. a proxy's HTML error page
  }
}

/**
 * POST of a multipart form with upload progress: XMLHttpRequest is the one browser API that reports it. Resolves
 * with the answer's text (trimmed); rejects with ApiError carrying the API's message, as `api` does.
 */
export function upload(
  path: string,
  form: FormData,
  { onProgress, signal, statusMessages }: UploadOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
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
      reject(failure(xhr.status, jsonOrNull(xhr.responseText), token, statusMessages));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * GET of a file the API answers as an attachment (e.g. the orders' CSV export), with the session's token (a plain
 * link could not carry it). Resolves with the file and the name the server gave it; errors as `api`.
 */
export async function downloadFile(path: string): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!res.ok) throw failure(res.status, jsonOrNull(await res.text()), token);
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await res.blob(), fileName };
}
