import express from 'express';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (functions/src or functions/lib are two levels below it). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number >= ${min} (got "${raw}")`);
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
    throw new Error(`TRUST_PROXY must be false, true, a hop count, or addresses/subnets/names such as "loopback" (got "${raw}": ${(error as Error).message})`);
  }
  return value;
}

/** Every setting the embedded server reads from the environment (documented in the README). */
export function readConfig(env = process.env) {
  const dataDir = resolve(env.DATA_DIR || resolve(repoRoot, '.data'));
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    production: env.NODE_ENV === 'production',
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    webDist: resolve(env.WEB_DIST || resolve(repoRoot, 'web', 'dist')),
    pageSize: int(env, 'PAGE_SIZE', 8, 1),
    holdHours: int(env, 'ORDER_HOLD_HOURS', 48, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    loginLimit: { max: int(env, 'LOGIN_RATE_LIMIT', 10, 1), windowMs: int(env, 'LOGIN_RATE_WINDOW_MS', 15 * 60_000, 1000) },
    signInLimit: { max: int(env, 'SIGNIN_RATE_LIMIT', 60, 1), windowMs: int(env, 'SIGNIN_RATE_WINDOW_MS', 60_000, 1000) },
    trustProxy: trustProxy(env),
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || '',
      secret: env.PAYPAL_CLIENT_SECRET || '',
      baseUrl: env.PAYPAL_API_BASE || 'https://api-m.sandbox.paypal.com',
      timeoutMs: int(env, 'PAYPAL_TIMEOUT_MS', 10_000, 100),
    },
    seedAdmin: {
      email: env.SEED_ADMIN_EMAIL || 'admin@voltshop.test',
      password: env.SEED_ADMIN_PASSWORD || 'admin1234',
    },
  };
}

export type Config = ReturnType<typeof readConfig>;
