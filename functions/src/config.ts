// The one configuration: every setting either entry reads from the environment (the embedded server, src/server.ts,
// and the Cloud Function, src/index.ts, whose deploy parameters arrive as environment variables too). Documented
// in the README; defaults from domain/limits.ts.
import { LIVE_DEFAULTS } from './live/hub.js';
import express from 'express';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_HOLD_ADDRESS_FACTOR,
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAYPAL_TIMEOUT_MS,
  MIN_PAGE_SIZE,
  PAYPAL_SANDBOX_API_BASE,
} from './domain/limits.js';

/** The repository root (functions/src or functions/lib are two levels below it). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number >= ${min} (got "${raw}")`);
  return value;
}

/**
 * TRUST_PROXY: Express's `trust proxy`, i.e. which X-Forwarded-For hops to believe for the client's address (the
 * rate limits' key). Off by default (the shop faces the internet itself); 'true' (trust every hop), a hop count
 * ('1' behind one proxy), or Express's names, addresses and subnets ('loopback', 'uniquelocal', '10.0.0.0/8, ::1').
 */
function trustProxy(env: NodeJS.ProcessEnv): boolean | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  const value = /^\d+$/.test(raw) ? Number(raw) : raw;
  try {
    express().set('trust proxy', value); // Express compiles it now: an unreadable value fails at start, not per request
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be false, true, a hop count, or addresses/subnets/names such as "loopback" (got "${raw}": ${(error as Error).message})`,
    );
  }
  return value;
}

/** ORDER_HOLD_MINUTES, else the older ORDER_HOLD_HOURS (still honoured), else the default. */
function holdMinutes(env: NodeJS.ProcessEnv): number {
  if (env.ORDER_HOLD_MINUTES) return int(env, 'ORDER_HOLD_MINUTES', DEFAULT_HOLD_MINUTES, 1);
  if (env.ORDER_HOLD_HOURS) return int(env, 'ORDER_HOLD_HOURS', 0, 1) * 60;
  return DEFAULT_HOLD_MINUTES;
}

/** PUBLIC_URL: the shop's public origin (e.g. https://shop.example.com), for absolute URLs in pages and sitemaps. */
function origin(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an absolute http(s) URL (got "${raw}")`);
  return url.origin;
}

/** SMTP_URL: nodemailer's connection URL (smtp:// or smtps://, credentials in it). */
function smtpUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:'))
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465');
  return raw;
}

/** ORDER_ALERT_EMAIL: one address for the owner's paid-order alerts. */
function orderAlertEmail(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.ORDER_ALERT_EMAIL?.trim();
  if (!raw) return undefined;
  if (!/^[^\s@]+@[^\s@]+$/.test(raw)) throw new Error(`ORDER_ALERT_EMAIL must be one email address (got "${raw}")`);
  return raw;
}

/** scrypt's N for passwords: 2^15 with r=8, p=1 is OWASP's recommended minimum. */
export const DEFAULT_PASSWORD_HASH_COST = 32768;

/** PASSWORD_HASH_COST: scrypt's N for new passwords on the embedded backend, a power of two; 2^15 (OWASP's minimum)
 *  unless set. Only the test suites lower it (each hash at 2^15 is ~100 ms of CPU); production never should. */
function passwordHashCost(env: NodeJS.ProcessEnv): number {
  const cost = int(env, 'PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST, 1024);
  if ((cost & (cost - 1)) !== 0 || cost > 1 << 20)
    throw new Error(`PASSWORD_HASH_COST must be a power of two from 1024 to 1048576 (got "${env.PASSWORD_HASH_COST}")`);
  return cost;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  // Inside Cloud Functions (or their emulator) the code's folder is not ours to write: data defaults to the temp dir.
  const inFunctions = env.FUNCTIONS_EMULATOR === 'true' || env.K_SERVICE !== undefined;
  const dataDir = resolve(
    env.DATA_DIR || (inFunctions ? join(tmpdir(), 'voltshop-firebase-data') : resolve(repoRoot, '.data')),
  );
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    /** Simulated payments are refused in production; the Functions emulator is never production. */
    production: env.NODE_ENV === 'production' && env.FUNCTIONS_EMULATOR !== 'true',
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    webDist: resolve(env.WEB_DIST || resolve(repoRoot, 'web', 'dist')),
    /** Undefined: each request's own host. */
    publicUrl: origin(env, 'PUBLIC_URL'),
    pageSize: int(env, 'PAGE_SIZE', DEFAULT_PAGE_SIZE, MIN_PAGE_SIZE),
    holdMinutes: holdMinutes(env),
    holdLimits: {
      maxUnitsPerProduct: int(env, 'HOLD_MAX_UNITS_PER_PRODUCT', DEFAULT_HOLD_LIMITS.maxUnitsPerProduct, 1),
      maxHeldCents: int(env, 'HOLD_MAX_DOLLARS', DEFAULT_HOLD_LIMITS.maxHeldCents / 100, 1) * 100,
      maxOpenOrders: int(env, 'HOLD_MAX_OPEN_ORDERS', DEFAULT_HOLD_LIMITS.maxOpenOrders, 1),
    },
    /** The unpaid orders placed from one client address, any account or guest, hold at most this many times one
     *  customer's limits (domain/limits.ts addressHoldLimits). */
    holdAddressFactor: int(env, 'HOLD_ADDRESS_FACTOR', DEFAULT_HOLD_ADDRESS_FACTOR, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    passwordHashCost: passwordHashCost(env),
    loginLimit: {
      max: int(env, 'LOGIN_RATE_LIMIT', 10, 1),
      windowMs: int(env, 'LOGIN_RATE_WINDOW_MS', 15 * 60_000, 1000),
    },
    signInLimit: {
      max: int(env, 'SIGNIN_RATE_LIMIT', 60, 1),
      windowMs: int(env, 'SIGNIN_RATE_WINDOW_MS', 60_000, 1000),
    },
    /** Password reset requests allowed per address and, separately, per email per window (http/rateLimits.ts). */
    passwordResetLimit: {
      max: int(env, 'PASSWORD_RESET_RATE_LIMIT', 5, 1),
      windowMs: int(env, 'PASSWORD_RESET_RATE_WINDOW_MS', 60 * 60_000, 1000),
    },
    /** Guest orders (POST /api/orders/guest) allowed per address and, separately, per email per window. */
    guestOrderLimit: {
      max: int(env, 'GUEST_ORDER_RATE_LIMIT', 10, 1),
      windowMs: int(env, 'GUEST_ORDER_RATE_WINDOW_MS', 60 * 60_000, 1000),
    },
    /** Orders placed (http/rateLimits.ts orderLimiters): per account, per client address (signed in and guests
     *  together), and per unverified inbox (orders mailing an address nobody confirmed: guests', unverified
     *  accounts'), each per window. */
    orderLimits: {
      perAccount: {
        max: int(env, 'ORDER_RATE_LIMIT', 30, 1),
        windowMs: int(env, 'ORDER_RATE_WINDOW_MS', 60 * 60_000, 1000),
      },
      perAddress: {
        max: int(env, 'ORDER_RATE_LIMIT_PER_ADDRESS', 60, 1),
        windowMs: int(env, 'ORDER_RATE_WINDOW_MS', 60 * 60_000, 1000),
      },
      perUnverifiedInbox: {
        max: int(env, 'UNVERIFIED_ORDER_RATE_LIMIT', 10, 1),
        windowMs: int(env, 'ORDER_RATE_WINDOW_MS', 60 * 60_000, 1000),
      },
    },
    /** Refused discount codes (a check's or an order's) allowed per address and per account per window; all checks
     *  at five times that (http/rateLimits.ts couponLimiters). */
    couponCheckLimit: {
      max: int(env, 'COUPON_CHECK_RATE_LIMIT', 20, 1),
      windowMs: int(env, 'COUPON_CHECK_RATE_WINDOW_MS', 15 * 60_000, 1000),
    },
    trustProxy: trustProxy(env),
    /** The embedded server's start-up sale rehearsal (saleRehearsal.ts): on unless SALE_REHEARSAL=off. */
    saleRehearsal: env.SALE_REHEARSAL !== 'off',
    /** Live event streams (embedded, live/hub.ts): open streams in all, and per client address and per account;
     *  the bytes all streams together may hold unsent (past it the most behind are cut). */
    live: {
      maxStreams: int(env, 'LIVE_MAX_STREAMS', LIVE_DEFAULTS.maxStreams, 1),
      maxStreamsPerOwner: int(env, 'LIVE_MAX_STREAMS_PER_CLIENT', LIVE_DEFAULTS.maxStreamsPerOwner, 1),
      maxBufferedBytes: int(env, 'LIVE_MAX_BUFFERED_BYTES', LIVE_DEFAULTS.maxBufferedBytes, 64 * 1024),
    },
    /** PayPal when both the client id and the secret are set, else simulated payments (paymentGateway). */
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || '',
      /** A function: the Cloud Function reads its secret from Secret Manager at request time. */
      secret: (): string => env.PAYPAL_CLIENT_SECRET || '',
      baseUrl: env.PAYPAL_API_BASE || PAYPAL_SANDBOX_API_BASE,
      timeoutMs: int(env, 'PAYPAL_TIMEOUT_MS', DEFAULT_PAYPAL_TIMEOUT_MS, 100),
    },
    /** Mail (mail/, docs in the README): SMTP when SMTP_URL is set, else the development mailbox outside production
     *  (none in production: the shop says so at start and sends nothing). */
    mail: {
      smtpUrl: smtpUrl(env),
      /** The From of every message. Required with SMTP_URL in production. */
      from: env.MAIL_FROM || 'Voltshop <no-reply@voltshop.test>',
      fromSet: Boolean(env.MAIL_FROM),
      /** Who hears of each paid order; unset: every admin (read from the users when the payment is recorded). */
      orderAlertEmail: orderAlertEmail(env),
      /** DEV_MAILBOX_OPEN=true: the development mailbox answers every client, not only this machine's. */
      devMailboxOpen: env.DEV_MAILBOX_OPEN === 'true',
    },
    seedAdmin: {
      email: env.SEED_ADMIN_EMAIL || 'admin@voltshop.test',
      password: env.SEED_ADMIN_PASSWORD || 'admin1234',
    },
    /** The Firebase backend only (src/index.ts, scripts/firebase). */
    firebase: {
      /** 'embedded' keeps the data in the embedded SQL store under dataDir while auth stays Firebase Auth: only for
       *  the offline emulator suite, where the Firestore emulator cannot run. */
      store: (env.VOLTSHOP_STORE === 'embedded' ? 'embedded' : 'firestore') as 'firestore' | 'embedded',
      /** The project's web API key (Auth REST API for POST /api/users and /api/users/login). */
      webApiKey: (): string => env.WEB_API_KEY ?? '',
      /** Signs guest orders' links (adapters/orderLinks.ts; the ORDER_LINK_SECRET secret, docs/firebase.md). A
       *  function: the Cloud Function reads its secret at request time. Empty: guest checkout answers 503. */
      orderLinkSecret: (): string => env.ORDER_LINK_SECRET ?? '',
    },
  };
}

export type Config = ReturnType<typeof readConfig>;
