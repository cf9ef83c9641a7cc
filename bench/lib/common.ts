// Shared helpers of the benchmark scripts: child processes, ports, RSS, machine facts, formatting.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, freemem, totalmem, tmpdir, platform, release } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REHEARSED_LOG } from '../../functions/src/saleRehearsal.js';
import { freePort } from '../../scripts/net.mjs';

export { freePort };

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = join(repoRoot, 'functions', 'lib', 'server.js');

/** QUICK=1 shortens every benchmark (for a smoke run); the report says which mode produced it. */
export const QUICK = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `voltshop-bench-${prefix}-`));
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb * 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMsOf(pid: number, statFile = `/proc/${pid}/stat`): number {
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of stat)
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) of a process's main thread (the event loop) so far, in ms: the rest of `cpuMsOf` is its
 *  other threads' (V8's optimizing compiler and GC helpers, libuv's pool). Linux /proc; NaN elsewhere. */
export function mainThreadCpuMsOf(pid: number): number {
  return cpuMsOf(pid, `/proc/${pid}/task/${pid}/stat`);
}

/** Polls `url` until it answers 200 (or the deadline passes). Returns the time of the first 200. */
export async function waitFor200(url: string, timeoutMs = 30_000, child?: ChildProcess): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export interface Child {
  proc: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Spawns `node <args>` with env; collects output; `stop` sends SIGTERM then SIGKILL. */
export function spawnNode(args: string[], env: Record<string, string>, port: number): Child {
  // BENCH_NODE_ARGS: extra node flags for the servers under test (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out = (out + d).slice(-20_000)));
  proc.stderr?.on('data', (d) => (out = (out + d).slice(-20_000)));
  return {
    proc,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The embedded shop as a child process (`node functions/lib/server.js`) on a free port and a temp data dir. */
export async function startShop(options: {
  dataDir: string;
  env?: Record<string, string>;
  waitPath?: string;
  /** Another server script built on the same app (e.g. bench/lib/checkout-server.mjs); default the shop's own. */
  entry?: string;
  /** Answer only once the shop's start-up sale rehearsal is done (default): a second after listening, the built
   *  server spends ~3 s of CPU placing orders on a scratch shop (functions/src/saleRehearsal.ts), and a figure
   *  measured over it is the rehearsal's as much as the shop's. The start-up benchmark, which times the first 200
   *  and stops, says false. */
  afterWarmUp?: boolean;
}): Promise<Child & { startMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawnNode(
    [options.entry ?? serverEntry],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      // Every simulated customer orders from this one address, many times an hour (the order rate limits).
      ORDER_RATE_LIMIT: '100000000',
      ORDER_RATE_LIMIT_PER_ADDRESS: '100000000',
      UNVERIFIED_ORDER_RATE_LIMIT: '100000000',
      // ...and holds unpaid orders of many customers at once from it (the per-address hold limits).
      HOLD_ADDRESS_FACTOR: '1000000',
      // Simulated payments are refused in production; the shop runs in production mode otherwise.
      ...options.env,
    },
    port,
  );
  const ready = await waitFor200(`${child.url}${options.waitPath ?? '/api/health'}`, 60_000, child.proc);
  const entry = options.entry ?? serverEntry;
  const rehearses =
    basename(entry) === 'server.js' && (options.env?.SALE_REHEARSAL ?? process.env.SALE_REHEARSAL) !== 'off';
  if (rehearses && options.afterWarmUp !== false) await waitForOutput(child, REHEARSED_LOG, 60_000);
  return { ...child, startMs: ready - t0 };
}

async function waitForOutput(child: Child, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!child.output().includes(text)) {
    if (child.proc.exitCode !== null) throw new Error(`process exited (${child.proc.exitCode}) before "${text}"`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${child.output()}`);
    await sleep(20);
  }
}

/**
 * A JSON caller of the API at `baseUrl`: sends `body` as JSON and `token` as a bearer token when given, and returns
 * the status with the parsed answer; `timeoutMs` aborts a call that takes longer (none by default).
 */
export function jsonClient(baseUrl: string, timeoutMs?: number) {
  return async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: timeoutMs !== undefined ? AbortSignal.timeout(timeoutMs) : undefined,
    });
    const text = await res.text(); // a 204 has no body
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  };
}

export function machine() {
  const cpuList = cpus();
  const pkg = (name: string) => {
    try {
      return JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version as string;
    } catch {
      return 'not installed';
    }
  };
  return {
    cpu: cpuList[0]?.model ?? 'unknown',
    cores: cpuList.length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB (free ${(freemem() / 2 ** 30).toFixed(1)} GiB)`,
    os: `${platform()} ${release()}`,
    node: process.version,
    packages: Object.fromEntries(
      ['express', 'router', 'helmet', 'libsql', 'autocannon', 'lighthouse', 'vite', 'react', 'preact'].map((n) => [
        n,
        pkg(n),
      ]),
    ),
  };
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const ms = (n: number, digits = 1) => `${n.toFixed(digits)} ms`;

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** A markdown table. */
export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Runs `fn` with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** Writes a section's JSON result when the script was started with `--json <file>`. */
export function jsonTarget(): string | null {
  const i = process.argv.indexOf('--json');
  return i >= 0 ? process.argv[i + 1] : null;
}
