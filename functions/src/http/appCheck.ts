// App Check on the anonymous catalogue lists (issue 37): GET /api/products (a page of up to 1,000 products' worth of
// reads for a keyword), /facets, /suggest and /top answer only requests carrying a valid App Check token in
// X-Firebase-AppCheck, when configured (APP_CHECK=enforce on the Firebase function: firebase-admin's
// appCheck().verifyToken). A product by its id, the pages function, orders and accounts are not gated: their reads
// are one product or the caller's own. Any caller is checked, signed in or not: a list reads no session, so a
// made-up bearer token must not pass. The web's Firebase build sends the token once a site key is configured
// (docs/firebase.md "App Check"); other API clients are refused while it is enforced.
import type { RequestHandler } from 'express';

export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';
export const APP_CHECK_MESSAGE = 'This app could not be verified (App Check). Reload the page and try again.';

/** Verifies an App Check token; rejects when it is not valid (expired, forged, another project's). */
export interface AppCheckVerifier {
  verify(token: string): Promise<void>;
}

/** The gated paths, under /api/products. */
const GATED = new Set(['/', '/facets', '/suggest', '/top']);

/** Whether a request (method and path under /api) is one of the gated lists: also used by the fast path's guard. */
export const isAppCheckGated = (method: string | undefined, url: string) =>
  method === 'GET' &&
  url.startsWith('/api/products') &&
  GATED.has(url.slice('/api/products'.length).split('?')[0] || '/');

/** The gate, mounted on /api/products before its routes. */
export function appCheckGate(verifier: AppCheckVerifier): RequestHandler {
  return (req, res, next) => {
    if (!isAppCheckGated(req.method, req.originalUrl)) return next();
    const token = req.get(APP_CHECK_HEADER);
    const refuse = () => res.status(401).json({ message: APP_CHECK_MESSAGE });
    if (!token || token.length > 4096) return refuse();
    verifier.verify(token).then(() => next(), refuse);
  };
}

/** The verifier APP_CHECK asks for: unset, none; `enforce`, `make()`'s; anything else is a configuration error. */
export function appCheckFromEnv(
  env: Record<string, string | undefined>,
  make: () => AppCheckVerifier,
): AppCheckVerifier | undefined {
  const value = env.APP_CHECK?.trim();
  if (!value) return undefined;
  if (value === 'enforce') return make();
  throw new Error(`APP_CHECK must be unset or "enforce", not "${value}"`);
}
