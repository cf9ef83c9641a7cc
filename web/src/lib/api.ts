// The one HTTP client of the web app. Every call goes through `api` (JSON) or fileTransfer.ts's `upload` (multipart
// with progress) and `downloadFile`, which add the session's bearer token, turn error answers into ApiError with the
// server's message, and sign the user out on any 401.
import type { ApiErrorBody } from '@domain';
import { fillPath, type EndpointSpec, type InputOf, type OutputOf, type Route } from '@api/endpoint';
import { LIVE_POSITION_HEADER } from '@domain/livePosition';
import { noteLivePosition } from './livePosition';
import { getToken, signOut } from './session';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    /** The rest of the answer's body (e.g. the new figures of a 409 "the total changed", issue 38). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';
export const NETWORK_ERROR = 'Cannot reach the shop. Check your connection and try again.';

let refreshToken: (() => Promise<string | null>) | null = null;

/** Wired once by the app (Firebase mode): how to get a fresh token when a 403 may only mean the token predates a
 *  role change. */
export function configureApi(options: { refreshToken?: () => Promise<string | null> }) {
  refreshToken = options.refreshToken ?? null;
}

/** Messages for statuses whose answer carries none (e.g. a proxy's HTML page for 413). */
export type StatusMessages = Partial<Record<number, string>>;

/** The error answer of any call: a 401 on a call that carried a token means "your session is over". */
export function failure(
  status: number,
  body: unknown,
  token: string | null,
  statusMessages?: StatusMessages,
): ApiError {
  if (status === 401 && token) signOut();
  const err = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody> & Record<string, unknown>;
  const { message, fields, ...details } = err;
  return new ApiError(
    message || statusMessages?.[status] || GENERIC_ERROR,
    status,
    fields,
    Object.keys(details).length ? details : undefined,
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A bearer token to use instead of the signed-in user's (e.g. right after a Firebase sign-in). */
  token?: string;
  /** More request headers (e.g. the App Check token of the Firebase build's catalogue lists). */
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  noteLivePosition(res.headers.get(LIVE_POSITION_HEADER));
  const text = await res.text();
  const isJson = res.headers.get('content-type')?.includes('application/json');
  const data = isJson && text ? JSON.parse(text) : text;
  if (!res.ok) {
    // Firebase ID tokens carry the admin claim: after a promotion, one forced refresh and a retry.
    if (res.status === 403 && token && refreshToken && !retried && !options.token) {
      const fresh = await refreshToken();
      if (fresh && fresh !== token) return api<T>(path, options, true);
    }
    throw failure(res.status, isJson ? data : null, token);
  }
  return data as T;
}

/** A call's inputs (the path's parameters, query and body, typed by the endpoint table) and request options. A
 *  query may also be given as URLSearchParams, for lists that repeat a name (the catalogue's filters). */
export type CallOptions<E extends EndpointSpec> = Omit<InputOf<E>, 'query'> & {
  query?: InputOf<E>['query'] | URLSearchParams;
} & Omit<RequestOptions, 'method' | 'body'>;

type CallArgs<E extends EndpointSpec> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [CallOptions<E>];

/** The URL of a call: the endpoint's path with its parameters filled in, and the query (undefined and '' left out,
 *  the rest in the order given). */
export function urlOf<E extends EndpointSpec>(
  route: Route<E>,
  params?: Readonly<Record<string, string>>,
  query?: object | URLSearchParams,
): string {
  const path = fillPath(route.path, params);
  let search: URLSearchParams | undefined;
  if (query instanceof URLSearchParams) search = query;
  else if (query) {
    search = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search?.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls an endpoint of the table by its generated route (./endpoints.gen): `call(couponCheck, { body })`, answered
 *  with the table's output type. Auth, retry and errors as `api`. */
export function call<E extends EndpointSpec>(route: Route<E>, ...[options]: CallArgs<E>): Promise<OutputOf<E>> {
  const { params, query, body, ...rest } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  } & Omit<RequestOptions, 'method' | 'body'>;
  return api<OutputOf<E>>(urlOf(route, params, query), {
    ...rest,
    method: route.method,
    ...(body === undefined ? {} : { body }),
  });
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR;
}
