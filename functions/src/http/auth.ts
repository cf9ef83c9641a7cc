import type { Request, RequestHandler } from 'express';
import { forbidden, unauthenticated } from '../domain/index.js';
import type { AuthPort, Caller } from '../ports.js';

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

function bearer(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token || null;
}

/** 401 unless the request carries a valid bearer token; sets req.caller. */
export function requireUser(auth: AuthPort): RequestHandler {
  return async (req, _res, next) => {
    const token = bearer(req);
    if (!token) throw unauthenticated('Not authorized, no token');
    req.caller = await auth.verify(token);
    next();
  };
}

/** Who calls, when the route is open to guests too: a bearer token is verified (401 when it is not valid, as
 *  requireUser) and sets req.caller; no token, no caller. */
export function optionalUser(auth: AuthPort): RequestHandler {
  return async (req, _res, next) => {
    const token = bearer(req);
    if (token) req.caller = await auth.verify(token);
    next();
  };
}

/** requireUser, then 403 unless the caller is an admin (read fresh by the auth port). */
export function requireAdmin(auth: AuthPort): RequestHandler {
  const user = requireUser(auth);
  return async (req, res, next) => {
    await user(req, res, () => undefined);
    if (!req.caller?.isAdmin) throw forbidden('Not authorized as an admin');
    next();
  };
}

export function callerOf(req: Request): Caller {
  if (!req.caller) throw unauthenticated();
  return req.caller;
}
