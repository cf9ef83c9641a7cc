// The limits on sign-in, sign-up and the profile's current-password check (express-rate-limit).
//
// - Failed attempts (a wrong password, an unknown or taken email) are limited per address AND per account, so
//   neither one busy address nor guesses spread over many addresses get far. Validation 400s are not attempts.
// - Successful sign-ins and sign-ups are limited per address too: each costs a scrypt hash.
// - The address is Express's req.ip: behind a proxy, set TRUST_PROXY (config.ts) or every visitor shares one.
// - Counts live in a store behind a port (express-rate-limit's Store). The default keeps them in this process's
//   memory; where several instances serve the shop, pass a shared one, e.g. rate-limit-redis:
//   `rateLimitStore: (name) => new RedisStore({ prefix: `rl:${name}:`, sendCommand: (...a) => redis.sendCommand(a) })`.
import type { Request, RequestHandler, Response } from 'express';
import { MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import { emailKey } from '../domain/index.js';

/** Makes the store of one limiter (each limiter needs its own; `name` tells them apart, e.g. as a key prefix). */
export type RateLimitStoreFactory = (name: string) => Store;

export const memoryStores: RateLimitStoreFactory = () => new MemoryStore();

export interface Limit {
  max: number;
  windowMs: number;
}

export interface AuthLimitOptions {
  /** Failed attempts per address, and per account, per window. */
  failed: Limit;
  /** Successful sign-ins and sign-ups per address per window. */
  succeeded: Limit;
  store?: RateLimitStoreFactory;
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** A wrong guess: bad credentials (401), a wrong current password (403), an email already taken at sign-up (409). */
const isFailedAttempt = (status: number) => status === 401 || status === 403 || status === 409;

/** The account an attempt is about: the signed-in caller, else the email in the body (case-insensitive). */
function accountKey(req: Request): string | undefined {
  if (req.caller) return `uid:${req.caller.uid}`;
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || !email.trim() || email.length > 254) return undefined; // a 400 follows
  return `email:${emailKey(email)}`;
}

const answer429 = (_req: Request, res: Response) => {
  res.status(429).json({ message: TOO_MANY_ATTEMPTS });
};

/** The middleware chains: `signIn` for POST /login and POST / (sign-up), `credentialCheck` for the profile's current password. */
export function authLimiters(options: AuthLimitOptions): {
  signIn: RequestHandler[];
  credentialCheck: RequestHandler[];
} {
  const store = options.store ?? memoryStores;
  const common = { standardHeaders: 'draft-8', legacyHeaders: false, handler: answer429 } as const;
  const countFailures = {
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req: Request, res: Response) => !isFailedAttempt(res.statusCode),
  };

  const failedByAddress = rateLimit({
    ...common,
    ...countFailures,
    windowMs: options.failed.windowMs,
    limit: options.failed.max,
    store: store('failed-by-address'),
  });
  const failedByAccount = rateLimit({
    ...common,
    ...countFailures,
    windowMs: options.failed.windowMs,
    limit: options.failed.max,
    store: store('failed-by-account'),
    skip: (req) => accountKey(req) === undefined,
    keyGenerator: (req) => accountKey(req) as string,
    // Per account, not per address: no IPv6 subnet or proxy checks apply to this key.
    validate: { keyGeneratorIpFallback: false },
  });
  const succeededByAddress = rateLimit({
    ...common,
    windowMs: options.succeeded.windowMs,
    limit: options.succeeded.max,
    skipFailedRequests: true,
    store: store('succeeded-by-address'),
  });
  return {
    signIn: [failedByAddress, failedByAccount, succeededByAddress],
    credentialCheck: [failedByAddress, failedByAccount],
  };
}

/**
 * Password reset requests: EVERY request counts (each may send an email), per address and, separately, per email
 * asked about, so neither one address nor one victim's inbox gets flooded. The count does not depend on whether
 * the account exists, so a 429 tells nothing about it. `confirm` (setting the password with a link) counts per
 * address.
 */
export function passwordResetLimiters(
  limit: Limit,
  storeFactory: RateLimitStoreFactory = memoryStores,
): { request: RequestHandler[]; confirm: RequestHandler[] } {
  const common = { standardHeaders: 'draft-8', legacyHeaders: false, handler: answer429 } as const;
  const byAddress = (name: string) =>
    rateLimit({ ...common, windowMs: limit.windowMs, limit: limit.max, store: storeFactory(name) });
  const byEmail = rateLimit({
    ...common,
    windowMs: limit.windowMs,
    limit: limit.max,
    store: storeFactory('password-reset-by-email'),
    skip: (req) => accountKey(req) === undefined,
    keyGenerator: (req) => accountKey(req) as string,
    validate: { keyGeneratorIpFallback: false },
  });
  return {
    request: [byAddress('password-reset-by-address'), byEmail],
    confirm: [byAddress('password-reset-confirm-by-address')],
  };
}

/** Guest orders per address and per email an hour, unless the app says otherwise (AppOptions.guestOrderLimit). */
export const DEFAULT_GUEST_ORDER_LIMIT: Limit = { max: 10, windowMs: 3_600_000 };

/**
 * Guest orders (POST /api/orders/guest), the one anonymous write that holds stock: EVERY request counts, per address
 * and, separately, per email given, so neither one address nor one email can place orders without end (each also
 * sends an email). The hold limits then bound what the accepted ones may keep (domain/guests.ts).
 */
export function guestOrderLimiters(limit: Limit, storeFactory: RateLimitStoreFactory = memoryStores): RequestHandler[] {
  const common = { standardHeaders: 'draft-8', legacyHeaders: false, handler: answer429 } as const;
  return [
    rateLimit({ ...common, windowMs: limit.windowMs, limit: limit.max, store: storeFactory('guest-order-by-address') }),
    rateLimit({
      ...common,
      windowMs: limit.windowMs,
      limit: limit.max,
      store: storeFactory('guest-order-by-email'),
      skip: (req) => accountKey(req) === undefined,
      keyGenerator: (req) => accountKey(req) as string,
      validate: { keyGeneratorIpFallback: false },
    }),
  ];
}

/** Discount code checks per address, unless the app says otherwise (AppOptions.couponCheckLimit): refused ones (a
 *  guessed code) at `max` a window, all of them at COUPON_CHECKS_PER_REFUSED times that. */
export const DEFAULT_COUPON_CHECK_LIMIT: Limit = { max: 20, windowMs: 15 * 60_000 };
export const COUPON_CHECKS_PER_REFUSED = 5;

/** Marks the answer as a refused discount code check (couponCheckLimiters counts it). */
export const markRefusedCheck = (res: Response) => {
  res.locals.couponRefused = true;
};

/**
 * POST /api/coupons/check, open to guests: a refused check (an unknown, ended or used-up code: what guessing codes
 * looks like) counts per address, so codes cannot be tried without end; every check counts too, at a looser bound
 * (each reads the cart's products), so re-checking a good code as the cart changes never runs into the first.
 */
export function couponCheckLimiters(
  limit: Limit,
  storeFactory: RateLimitStoreFactory = memoryStores,
): RequestHandler[] {
  const common = { standardHeaders: 'draft-8', legacyHeaders: false, handler: answer429 } as const;
  return [
    rateLimit({
      ...common,
      windowMs: limit.windowMs,
      limit: limit.max,
      store: storeFactory('coupon-check-refused-by-address'),
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req, res) => res.locals.couponRefused !== true,
    }),
    rateLimit({
      ...common,
      windowMs: limit.windowMs,
      limit: limit.max * COUPON_CHECKS_PER_REFUSED,
      store: storeFactory('coupon-check-by-address'),
    }),
  ];
}
