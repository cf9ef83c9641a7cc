import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOLD_HOURS, DEFAULT_PAGE_SIZE, DEFAULT_PAYPAL_TIMEOUT_MS, MIN_PAGE_SIZE, PAYPAL_SANDBOX_API_BASE } from './domain/limits.js';

/** The repository root (functions/src or functions/lib are two levels below it). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number >= ${min} (got "${raw}")`);
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
    pageSize: int(env, 'PAGE_SIZE', DEFAULT_PAGE_SIZE, MIN_PAGE_SIZE),
    holdHours: int(env, 'ORDER_HOLD_HOURS', DEFAULT_HOLD_HOURS, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    loginLimit: { max: int(env, 'LOGIN_RATE_LIMIT', 10, 1), windowMs: int(env, 'LOGIN_RATE_WINDOW_MS', 15 * 60_000, 1000) },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || '',
      secret: env.PAYPAL_CLIENT_SECRET || '',
      baseUrl: env.PAYPAL_API_BASE || PAYPAL_SANDBOX_API_BASE,
      timeoutMs: int(env, 'PAYPAL_TIMEOUT_MS', DEFAULT_PAYPAL_TIMEOUT_MS, 100),
    },
    seedAdmin: {
      email: env.SEED_ADMIN_EMAIL || 'admin@voltshop.test',
      password: env.SEED_ADMIN_PASSWORD || 'admin1234',
    },
  };
}

export type Config = ReturnType<typeof readConfig>;
