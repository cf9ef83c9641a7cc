// The embedded shop as a child process (childServer.ts) on a given data directory, and plain HTTP calls to it: for
// the tests that SIGKILL the server (crash.test.ts, groupCommit.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELAXED_LIMITS } from '../../../../scripts/relaxedLimits.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..', '..', '..');

export interface ChildShop {
  proc: ChildProcess;
  url: string;
}

/** Starts the server on `dataDir` (extra settings in `env`); `children` collects it for the suite's cleanup. */
export async function startChild(
  dataDir: string,
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<ChildShop> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(here, 'childServer.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: join(dataDir, 'no-web'),
      ...RELAXED_LIMITS,
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let output = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`child did not start: ${output}`)), 45_000);
    proc.stdout!.on('data', (d) => {
      output += d;
      const m = /READY (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    });
    proc.stderr!.on('data', (d) => (output += d));
    proc.once('exit', (code) => reject(new Error(`child exited (${code}): ${output}`)));
  });
  return { proc, url: `http://127.0.0.1:${port}` };
}

/** A one-shot SIGKILL of the child: `kill()` sends it once, `killed()` says whether it was sent, and `exited`
 *  settles when the process has gone. */
export function sigkillOnce(child: ChildShop) {
  let killed = false;
  const exited = new Promise<void>((r) => child.proc.once('exit', () => r()));
  const kill = () => {
    if (!killed) {
      killed = true;
      child.proc.kill('SIGKILL');
    }
  };
  return { exited, kill, killed: () => killed };
}

export async function call(url: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export const login = async (url: string, email: string, password: string) =>
  (await call(url, 'POST', '/api/users/login', undefined, { email, password })).body.token as string;

/** Hold limits out of the way: these suites test durability with a couple of seeded customers placing many orders. */
export const NO_HOLD_LIMITS = {
  HOLD_MAX_UNITS_PER_PRODUCT: '100000',
  HOLD_MAX_DOLLARS: '100000000',
  HOLD_MAX_OPEN_ORDERS: '100000',
};
