// Starts the real shop server (functions/lib/server.js) as a child process on a fresh data directory.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/net.mjs';

export { freePort };

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

export interface RunningShop {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Spawns functions/lib/server.js in test mode on `port` and `dataDir`, serving web/dist, without PayPal. */
export function spawnShopServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
  stdio: StdioOptions = 'ignore',
): ChildProcess {
  return spawn(process.execPath, [join(repoRoot, 'functions', 'lib', 'server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: join(repoRoot, 'web', 'dist'),
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      // The suites place many orders from one address and unconfirmed accounts (the order rate limits).
      ORDER_RATE_LIMIT: '100000',
      ORDER_RATE_LIMIT_PER_ADDRESS: '100000',
      UNVERIFIED_ORDER_RATE_LIMIT: '100000',
      // ...and many customers' unpaid orders held from that one address at once (the per-address hold limits).
      HOLD_ADDRESS_FACTOR: '100000',
      // scrypt at 2^10 rather than 2^15 (~100 ms of CPU each): the suites sign up many accounts.
      PASSWORD_HASH_COST: '1024',
      ...extraEnv,
    },
    stdio,
  });
}

export async function startShop(name: string, extraEnv: Record<string, string> = {}): Promise<RunningShop> {
  const dataDir = await mkdtemp(join(tmpdir(), `voltshop-e2e-${name}-`));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let log = '';
  const child = spawnShopServer(dataDir, port, extraEnv, ['ignore', 'pipe', 'pipe']);
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${name} server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The ${name} server did not answer /api/health within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
