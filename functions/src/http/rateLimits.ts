// The limits on sign-in, sign-up and the profile's current-password check (express-rate-limit).
//
// - Failed attempts (a wrong password, an unknown or taken email) are limited per address, per (account, address)
//   and per account, so neither one busy address nor guesses spread over many addresses get far. Validation 400s
//   are not attempts. The per-account count never locks the rightful owner out (issue 36, OWASP's Authentication
//   Cheat Sheet on account lockout): it binds only addresses that already failed for that account, so an attacker
//   spending it from address A makes the owner's correct password from address B no 429.
// - Password reset requests: per address and per (email, address) a 429; per email the MAILS are capped, answering
//   the same 202 without sending more, so a stranger's requests neither bomb the inbox nor block the owner's reset:
//   the newest link sent stays valid (a new link ends the earlier ones; none is made past the cap).
// - Successful sign-ins and sign-ups are limited per address too: each costs a scrypt hash.
// - The address is Express's req.ip: behind a proxy, set TRUST_PROXY (config.ts) or every visitor shares one.
// - Counts live in a store behind a port (express-rate-limit's Store). The default keeps them in this process's
//   memory; where several instances serve the shop, pass a shared one, e.g. rate-limit-redis:
//   `rateLimitStore: (name) => new RedisStore({ prefix: `rl:${name}:`, sendCommand: (...a) => redis.sendCommand(a) })`.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import {
  ipKeyGenerator,
  MemoryStore,
  rateLimit as expressRateLimit,
  type Options,
  type RateLimitInfo,
  type Store,
} from 'express-rate-limit';
import { emailKey, guestEmailKey } from '../domain/index.js';

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

/** The client's address as the limiters key it (an IPv6 address by its /56, as express-rate-limit's default does). */
const addressKey = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '');

/** The key an order's client address is held by (issue 36, domain/orderDecisions.ts clientHold): the limiters'
 *  address (an IPv6 address by its /56), hashed, so orders keep no client address. */
export const clientHoldKey = (req: Request) =>
  createHash('sha256')
    .update(`voltshop-hold:${addressKey(req)}`)
    .digest('base64url')
    .slice(0, 22);

/** An account and the address asking about it: one attacker's count, never the owner's elsewhere. */
function accountAtAddressKey(req: Request): string | undefined {
  const account = accountKey(req);
  return account === undefined ? undefined : `${account}@${addressKey(req)}`;
}

const answer429 = (_req: Request, res: Response) => {
  res.status(429).json({ message: TOO_MANY_ATTEMPTS });
};

/** A draft-8 partition key as express-rate-limit makes it (the first 12 hex digits of the key's sha-256, in
 *  base64), remembered per key: the library hashes on every request of every limiter (issue 42: four limiters per
 *  order). Bounded: cleared when full, so a flood of addresses costs memory no more than the limiters' own stores. */
const partitionKeys = new Map<string, string>();
const PARTITION_KEYS_MAX = 50_000;
export function partitionKeyOf(key: string): string {
  let pk = partitionKeys.get(key);
  if (pk === undefined) {
    pk = Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
    if (partitionKeys.size >= PARTITION_KEYS_MAX) partitionKeys.clear();
    partitionKeys.set(key, pk);
  }
  return pk;
}

/** express-rate-limit's default draft-8 name of a policy ("30-in-1hr"), as its `identifier` spells it. */
function policyName(limit: number, windowMs: number): string {
  const seconds = windowMs / 1e3;
  const minutes = seconds / 60;
  const hours = minutes / 60;
  const days = hours / 24;
  const duration =
    seconds < 60
      ? `${seconds}sec`
      : minutes < 60
        ? `${minutes}min`
        : hours < 24
          ? `${hours}hr${hours > 1 ? 's' : ''}`
          : `${days}day${days > 1 ? 's' : ''}`;
  return `${limit}-in-${duration}`;
}

let limiterCount = 0;

/**
 * express-rate-limit, with its draft-8 `RateLimit` and `RateLimit-Policy` headers written here instead, the same
 * bytes (rateLimits.test.ts compares them with the library's own): the partition key remembered per key
 * (partitionKeyOf) and the policy's name made once, where the library hashes and formats on every request. Each
 * limiter keeps its info under its own request property, so a skipped limiter writes nothing (as the library).
 */
export function rateLimit(options: Partial<Options>): RequestHandler {
  if (
    options.standardHeaders !== 'draft-8' ||
    typeof options.limit !== 'number' ||
    options.identifier !== undefined ||
    options.retryAfter !== undefined
  )
    return expressRateLimit(options);
  const windowMs = options.windowMs ?? 60_000;
  const windowSeconds = Math.ceil(windowMs / 1e3);
  const name = `"${policyName(options.limit, windowMs)}"; `;
  const policyStart = `${name}q=${options.limit}; w=${windowSeconds}; pk=:`;
  const property = `voltshopRateLimit${++limiterCount}`;
  /** Writes the headers; answers the seconds to the window's reset (for Retry-After), undefined when none. */
  const writeHeaders = (req: Request, res: Response): number | undefined => {
    const info = (req as unknown as Record<string, RateLimitInfo | undefined>)[property];
    if (!info || res.headersSent) return undefined;
    const reset = info.resetTime
      ? Math.max(0, Math.ceil((info.resetTime.getTime() - Date.now()) / 1e3))
      : windowSeconds;
    res.append('RateLimit', `${name}r=${info.remaining}; t=${reset}`);
    res.append('RateLimit-Policy', `${policyStart}${partitionKeyOf(info.key)}:`);
    return reset;
  };
  const handler = options.handler;
  const inner = expressRateLimit({
    ...options,
    standardHeaders: false,
    requestPropertyName: property,
    // The library writes its headers before it answers 429: so do we.
    handler: (req, res, next, used) => {
      const reset = writeHeaders(req, res);
      if (reset !== undefined) res.setHeader('Retry-After', String(reset));
      if (handler) return handler(req, res, next, used);
      res.status(used.statusCode).send(used.message);
    },
  });
  return (req, res, next) =>
    inner(req, res, (error?: unknown) => {
      if (error === undefined) writeHeaders(req, res);
      next(error);
    });
}

/** What every answering limiter shares: RateLimit headers (draft 8) and the one 429 body. */
const common = { standardHeaders: 'draft-8', legacyHeaders: false, handler: answer429 } as const;

/** A limiter keyed by `key` (requests without one are not counted): keys of ours, no IP checks apply. */
const keyedBy = (key: (req: Request) => string | undefined) => ({
  skip: (req: Request) => key(req) === undefined,
  keyGenerator: (req: Request) => key(req) as string,
  validate: { keyGeneratorIpFallback: false },
});

/** The middleware chains: `signIn` for POST /login and POST / (sign-up), `credentialCheck` for the profile's current password. */
export function authLimiters(options: AuthLimitOptions): {
  signIn: RequestHandler[];
  credentialCheck: RequestHandler[];
} {
  const store = options.store ?? memoryStores;
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
  // Hard per (account, address): whoever guesses from one address stops there, and only there.
  const pairStore = store('failed-by-account-and-address');
  const failedByAccountAtAddress = rateLimit({
    ...common,
    ...countFailures,
    windowMs: options.failed.windowMs,
    limit: options.failed.max,
    store: pairStore,
    ...keyedBy(accountAtAddressKey),
  });
  // Guesses spread over many addresses: counted per account, but only from addresses that have failed for it
  // before (an address's first attempt is not counted, nor limited). So a spent account budget answers 429 to the
  // guessing addresses, while the owner from a clean address signs in (OWASP: lockout must not be a denial of
  // service). A store without `get` cannot tell; then every address counts, as before.
  const addressFailedBefore = async (req: Request) => {
    const key = accountAtAddressKey(req);
    if (key === undefined || !pairStore.get) return key !== undefined;
    return ((await pairStore.get(key))?.totalHits ?? 0) > 0;
  };
  const failedByAccount = rateLimit({
    ...common,
    ...countFailures,
    windowMs: options.failed.windowMs,
    limit: options.failed.max,
    store: store('failed-by-account'),
    ...keyedBy(accountKey),
    skip: async (req) => !(await addressFailedBefore(req)),
  });
  const succeededByAddress = rateLimit({
    ...common,
    windowMs: options.succeeded.windowMs,
    limit: options.succeeded.max,
    skipFailedRequests: true,
    store: store('succeeded-by-address'),
  });
  // failedByAccount first: it reads the pair's count before this attempt adds to it.
  return {
    signIn: [failedByAddress, failedByAccount, failedByAccountAtAddress, succeededByAddress],
    credentialCheck: [failedByAddress, failedByAccount, failedByAccountAtAddress],
  };
}

/** Set on a password reset (or verification link) request past its email's mail cap: answer as usual, send nothing. */
export const mailCapped = (res: Response): boolean => res.locals.mailCapped === true;

/**
 * Password reset requests: EVERY request counts (each may send an email), per address and per (email, address):
 * past either, a 429 to that address. Per email asked about (whatever the address), the mails sent are capped: past
 * it the request answers the same 202 and sends nothing (`mailCapped`), so a stranger can neither flood the inbox nor
 * make the owner's own request a 429; the newest link sent stays valid for its hour. The counts do not depend on
 * whether the account exists, so neither answer tells anything about it. `confirm` (setting the password with a
 * link) counts per address.
 */
export function passwordResetLimiters(
  limit: Limit,
  storeFactory: RateLimitStoreFactory = memoryStores,
): { request: RequestHandler[]; confirm: RequestHandler[] } {
  const byAddress = (name: string) =>
    rateLimit({ ...common, windowMs: limit.windowMs, limit: limit.max, store: storeFactory(name) });
  const byEmailAtAddress = rateLimit({
    ...common,
    windowMs: limit.windowMs,
    limit: limit.max,
    store: storeFactory('password-reset-by-email-and-address'),
    ...keyedBy(accountAtAddressKey),
  });
  const mailsByEmail = rateLimit({
    windowMs: limit.windowMs,
    limit: limit.max,
    standardHeaders: false,
    legacyHeaders: false,
    store: storeFactory('password-reset-mails-by-email'),
    ...keyedBy(accountKey),
    handler: (_req, res, next) => {
      res.locals.mailCapped = true;
      next();
    },
  });
  return {
    request: [byAddress('password-reset-by-address'), byEmailAtAddress, mailsByEmail],
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
  return [
    rateLimit({ ...common, windowMs: limit.windowMs, limit: limit.max, store: storeFactory('guest-order-by-address') }),
    rateLimit({
      ...common,
      windowMs: limit.windowMs,
      limit: limit.max,
      store: storeFactory('guest-order-by-email'),
      ...keyedBy(accountKey),
    }),
  ];
}

/** Back-in-stock alert requests per address and per email an hour (issue 41), unless the app says otherwise. */
export const DEFAULT_STOCK_ALERT_LIMIT: Limit = { max: 20, windowMs: 3_600_000 };

/** Back-in-stock alerts (POST /api/products/:id/stock-alerts), an anonymous write that may send a confirmation mail:
 *  EVERY request counts, per address and, separately, per email given (a stranger cannot flood an inbox). */
export function stockAlertLimiters(limit: Limit, storeFactory: RateLimitStoreFactory = memoryStores): RequestHandler[] {
  return [
    rateLimit({ ...common, windowMs: limit.windowMs, limit: limit.max, store: storeFactory('stock-alert-by-address') }),
    rateLimit({
      ...common,
      windowMs: limit.windowMs,
      limit: limit.max,
      store: storeFactory('stock-alert-by-email'),
      ...keyedBy((req) => {
        const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
        return typeof email === 'string' && email.trim() && email.length <= 254
          ? `email:${emailKey(email)}`
          : undefined;
      }),
    }),
  ];
}

/** Refused discount codes per address and per account, unless the app says otherwise (AppOptions.couponCheckLimit):
 *  refused ones (a guessed code, by a check or an order) at `max` a window; checks at COUPON_CHECKS_PER_REFUSED
 *  times that. */
export const DEFAULT_COUPON_CHECK_LIMIT: Limit = { max: 20, windowMs: 15 * 60_000 };
export const COUPON_CHECKS_PER_REFUSED = 5;

/** Marks the answer as a refused discount code (a check's or an order's; couponLimiters counts it). */
export const markRefusedCheck = (res: Response) => {
  res.locals.couponRefused = true;
};

/** Whether an order's body carries a discount code (then the refused-code budget applies to it). */
const carriesCode = (req: Request) => {
  const code: unknown = (req.body as { couponCode?: unknown } | undefined)?.couponCode;
  return typeof code === 'string' ? code.trim() !== '' : code !== undefined && code !== null;
};

/** The signed-in caller's key (requests without a caller are not counted per account). */
const callerKey = (req: Request) => (req.caller ? `uid:${req.caller.uid}` : undefined);

/**
 * Guessing discount codes: a refused code (unknown, ended, used up: what guessing looks like) counts per address and,
 * for a signed-in caller, per account, whether it was refused by POST /api/coupons/check or by an order carrying it
 * (POST /api/orders, /api/orders/guest): one budget, so codes cannot be tried without end through either. Past it,
 * both answer 429 for requests with a code. Every check counts too, at a looser bound (each reads the cart's
 * products), so re-checking a good code as the cart changes never runs into the first. `check` goes after the
 * caller is known (optionalUser), `order` after the order's sign-in.
 */
export function couponLimiters(
  limit: Limit,
  storeFactory: RateLimitStoreFactory = memoryStores,
): { check: RequestHandler[]; order: RequestHandler[] } {
  const refusedOnly = {
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req: Request, res: Response) => res.locals.couponRefused !== true,
  };
  const refusedByAddress = rateLimit({
    ...common,
    ...refusedOnly,
    windowMs: limit.windowMs,
    limit: limit.max,
    store: storeFactory('coupon-check-refused-by-address'),
  });
  const refusedByAccount = rateLimit({
    ...common,
    ...refusedOnly,
    windowMs: limit.windowMs,
    limit: limit.max,
    store: storeFactory('coupon-refused-by-account'),
    ...keyedBy(callerKey),
  });
  const checksByAddress = rateLimit({
    ...common,
    windowMs: limit.windowMs,
    limit: limit.max * COUPON_CHECKS_PER_REFUSED,
    store: storeFactory('coupon-check-by-address'),
  });
  const withCode =
    (limiter: RequestHandler): RequestHandler =>
    (req, res, next) =>
      carriesCode(req) ? limiter(req, res, next) : next();
  return {
    check: [refusedByAddress, refusedByAccount, checksByAddress],
    order: [withCode(refusedByAddress), withCode(refusedByAccount)],
  };
}

/** How many orders may be placed: per account, per client address (signed in and guests together), and per inbox
 *  whose owner never proved it (a guest's email, an account's unverified one). */
export interface OrderLimits {
  perAccount: Limit;
  perAddress: Limit;
  perUnverifiedInbox: Limit;
}

/** The defaults (config.ts ORDER_RATE_LIMIT, ORDER_RATE_LIMIT_PER_ADDRESS, UNVERIFIED_ORDER_RATE_LIMIT). */
export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  perAccount: { max: 30, windowMs: 3_600_000 },
  perAddress: { max: 60, windowMs: 3_600_000 },
  perUnverifiedInbox: { max: 10, windowMs: 3_600_000 },
};

/** Who an order's emails go to, as the order routes set it before the limiters (res.locals.orderRecipient). */
export interface OrderRecipient {
  email: string;
  /** The owner proved the address (an account's confirmed email); a guest's never is. */
  verified: boolean;
}

const recipientOf = (res: Response) => res.locals.orderRecipient as OrderRecipient | undefined;

/**
 * Placing orders (issue 36: 675 orders in 10 s, each mailing an address nobody proved). Every order request counts
 * per account (signed in) and per client address (signed in and guests alike, one count), but one for stock the shop
 * already knows is gone, which the order routes refuse before these count (issue 42: cheaper than a count, and it
 * holds nothing and mails no one: features/orders/routes.ts refuseKnownSoldOut). An order whose emails go
 * to an unverified address counts per inbox (the email's guest key: case and a "+tag" folded), whoever places it and
 * however many accounts or guest checkouts it takes; only placed orders count there, as only they send mail. So a
 * stranger can make the shop write to someone's inbox at most `perUnverifiedInbox.max` orders' mails a window
 * (placed, then cancelled or reminded and expired), while a customer who confirmed their email orders on.
 */
export function orderLimiters(
  limits: OrderLimits,
  storeFactory: RateLimitStoreFactory = memoryStores,
): { signedIn: RequestHandler[]; guest: RequestHandler[]; unverifiedInbox: RequestHandler } {
  const byAddress = rateLimit({
    ...common,
    windowMs: limits.perAddress.windowMs,
    limit: limits.perAddress.max,
    store: storeFactory('orders-by-address'),
  });
  const byAccount = rateLimit({
    ...common,
    windowMs: limits.perAccount.windowMs,
    limit: limits.perAccount.max,
    store: storeFactory('orders-by-account'),
    ...keyedBy(callerKey),
  });
  const inboxKey = (_req: Request, res?: Response) => {
    const recipient = res && recipientOf(res);
    return recipient && !recipient.verified ? `inbox:${guestEmailKey(recipient.email)}` : undefined;
  };
  const byUnverifiedInbox = rateLimit({
    ...common,
    windowMs: limits.perUnverifiedInbox.windowMs,
    limit: limits.perUnverifiedInbox.max,
    store: storeFactory('orders-by-unverified-inbox'),
    skipFailedRequests: true,
    skip: (req, res) => inboxKey(req, res) === undefined,
    keyGenerator: (req, res) => inboxKey(req, res) as string,
    validate: { keyGeneratorIpFallback: false },
  });
  // `unverifiedInbox` reads res.locals.orderRecipient: after the route has set it (the cheap counts come first).
  return { signedIn: [byAddress, byAccount], guest: [byAddress], unverifiedInbox: byUnverifiedInbox };
}
