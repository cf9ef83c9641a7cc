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
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an absolute http(s) URL (got "${raw}")`);
  return url.origin;
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
    /** Undefined: each request's own host. */
    publicUrl: origin(env, 'PUBLIC_URL'),
    pageSize: int(env, 'PAGE_SIZE', 8, 1),
    holdHours: int(env, 'ORDER_HOLD_HOURS', 48, 1),
    jwtSecret: env.JWT_SECRET || undefined,
    loginLimit: { max: int(env, 'LOGIN_RATE_LIMIT', 10, 1), windowMs: int(env, 'LOGIN_RATE_WINDOW_MS', 15 * 60_000, 1000) },
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
