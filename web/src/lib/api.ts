// The one HTTP client of the web app. Every call goes through `api`, which adds the bearer token,
// turns error answers into ApiError with the server's message, and signs the user out on any 401.
import type { ApiErrorBody } from '@domain';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

type TokenSource = () => string | null;
let getToken: TokenSource = () => null;
let onUnauthorized: () => void = () => undefined;
let refreshToken: (() => Promise<string | null>) | null = null;

/** Wired once by the auth feature: where the token comes from, what a 401 does (sign out), and (Firebase mode)
 *  how to get a fresh token when a 403 may only mean the token predates a role change. */
export function configureApi(options: {
  getToken: TokenSource;
  onUnauthorized: () => void;
  refreshToken?: () => Promise<string | null>;
}) {
  getToken = options.getToken;
  onUnauthorized = options.onUnauthorized;
  refreshToken = options.refreshToken ?? null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Raw body (e.g. FormData for uploads); sent as is. */
  form?: FormData;
  /** A bearer token to use instead of the signed-in user's (e.g. right after a Firebase sign-in). */
  token?: string;
}

export async function api<T>(path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Cannot reach the shop. Check your connection and try again.', 0);
  }
  const text = await res.text();
  const isJson = res.headers.get('content-type')?.includes('application/json');
  const data = isJson && text ? JSON.parse(text) : text;
  if (!res.ok) {
    // Only a 401 on a call that carried a token means "your session is over".
    if (res.status === 401 && token) onUnauthorized();
    // Firebase ID tokens carry the admin claim: after a promotion, one forced refresh and a retry.
    if (res.status === 403 && token && refreshToken && !retried && !options.token) {
      const fresh = await refreshToken();
      if (fresh && fresh !== token) return api<T>(path, options, true);
    }
    const err = (isJson ? data : {}) as Partial<ApiErrorBody>;
    throw new ApiError(err.message || GENERIC_ERROR, res.status, err.fields);
  }
  return data as T;
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR;
}
