// Shared by the Firebase scripts: paths, building the function, running a command with a hard time limit.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-voltshop';
export const firebaseBin = join(root, 'node_modules', '.bin', 'firebase');
const tscBin = join(root, 'node_modules', '.bin', 'tsc');

export function log(message) {
  console.log(`[firebase] ${message}`);
}

/** functions/lib is what the Functions emulator loads: always rebuild it from src first. */
export function buildFunctions() {
  // Incremental: a second run with unchanged sources costs a second or two.
  const r = spawnSync(tscBin, ['-p', 'functions', '--incremental', '--tsBuildInfoFile', 'functions/lib/.tsbuildinfo'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('`tsc -p functions` failed');
}

/** The emulators' Firebase config: firebase.json with the emulator web build and its CSP (scripts/firebase/sync-headers.mjs). */
export const EMULATOR_CONFIG = 'firebase.emulators.json';

/** Stops when firebase.emulators.json (or firebase.json's headers) no longer match the app's security headers. */
export function checkHostingHeaders() {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'firebase', 'sync-headers.mjs'), '--check'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('Hosting headers are stale: run node scripts/firebase/sync-headers.mjs');
}

/**
 * The Firebase web build wired to the emulators, in web/dist-emulators (what firebase.emulators.json serves):
 * VITE_BACKEND=firebase, VITE_FIREBASE_EMULATORS=true, the emulator ports of firebase.json, and whether a
 * Firestore emulator runs (without one the app says so instead of waiting for it). Rebuilt on every start, so the
 * emulators never serve an old build; the production build in web/dist is left alone.
 */
export function buildEmulatorWeb({ firestore }) {
  const { emulators } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const env = {
    ...process.env,
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_AUTH_EMULATOR_PORT: String(emulators.auth.port),
    VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: String(emulators.firestore.port),
    VITE_FIREBASE_STORAGE_EMULATOR_PORT: String(emulators.storage.port),
    VITE_FIREBASE_FIRESTORE: firestore ? 'on' : 'off',
  };
  log(`building the Firebase web app for the emulators (web/dist-emulators; Firestore ${firestore ? 'on' : 'off'})`);
  const r = spawnSync('npm', ['run', 'build', '-w', 'web', '--', '--outDir', 'dist-emulators', '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0 || !existsSync(join(root, 'web', 'dist-emulators', 'index.html')))
    throw new Error('the emulator web build failed');
}

/** Java's major version, or 0 when there is no java. */
export function javaMajor() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return 0;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${r.stderr}${r.stdout}`);
  if (!m) return 0;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

/** Signals the child's whole process group (the emulators and what they started); ignores a group already gone. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already exited
  }
}

/** Runs a command in its own process group; kills the whole group after `timeoutMs`. Resolves the exit code. */
export function run(command, args, { env = process.env, timeoutMs } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: true });
    let timedOut = false;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          log(`timed out after ${Math.round(timeoutMs / 1000)} s: stopping the emulators`);
          signalGroup(child, 'SIGTERM');
          setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000).unref();
        }, timeoutMs)
      : null;
    const stop = () => signalGroup(child, 'SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolvePromise(timedOut ? 124 : (code ?? (signal ? 1 : 0)));
    });
  });
}

/** `--name value` from argv. */
export function arg(name, fallback = undefined) {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/**
 * The KEY=value lines of a dotenv file such as functions/.env.<projectId>, parsed by firebase-tools' own parser
 * (what a deploy reads: an unquoted value ends at `#`), or null when there is no such file.
 */
export function readEnvFile(path) {
  if (!existsSync(path)) return null;
  return require('firebase-tools/lib/functions/env').parse(readFileSync(path, 'utf8')).envs;
}

/** Is this process pointed at the emulators (rather than a real project)? */
export const usingEmulators = () =>
  Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST || process.env.FIRESTORE_EMULATOR_HOST);

/**
 * The Firebase ports for a script, from the compiled functions (functions/lib): against the emulators when their
 * *_EMULATOR_HOST variables are set, else against the real project with Application Default Credentials
 * (`gcloud auth application-default login`) and WEB_API_KEY for the Auth REST API.
 */
/**
 * The offline emulator suite's composition root, built (functions/src/devRoots/offlineEmulator.ts): the emulator
 * scripts give its path to the function as VOLTSHOP_DEV_ROOT with VOLTSHOP_STORE=embedded, since the deployed
 * entry does not import it (nothing deployed reaches the embedded adapter).
 */
export const OFFLINE_DEV_ROOT = fileURLToPath(
  new URL('../../functions/lib/devRoots/offlineEmulator.js', import.meta.url),
);

export async function openFirebase(projectId) {
  const lib = (p) => new URL(`../../functions/lib/${p}`, import.meta.url).href;
  const [{ initializeApp, getApps }, { getAuth }, firebase, seed] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import(lib('adapters/firebase/index.js')),
    import(lib('seed/seed.js')),
  ]);
  if (!usingEmulators() && projectId.startsWith('demo-')) {
    throw new Error(
      `"${projectId}" is a demo project: start the emulators (npm run emulators) or pass --project <your-project-id>`,
    );
  }
  // The bucket: STORAGE_BUCKET, else the web config's VITE_FIREBASE_STORAGE_BUCKET, else <project>.firebasestorage.app
  // (adapters/firebase/bucket.ts); without one, getStorage().bucket() throws "Bucket name not specified".
  // A real project's functions/.env.<projectId> (WEB_API_KEY, STORAGE_BUCKET) fills what the shell did not set.
  if (!usingEmulators()) {
    const file = readEnvFile(join(root, 'functions', `.env.${projectId}`)) ?? {};
    for (const key of ['WEB_API_KEY', 'STORAGE_BUCKET'])
      if (process.env[key] === undefined && file[key]) process.env[key] = file[key];
    // Your own credentials (`gcloud auth application-default login`) must name a quota project, or the Auth admin
    // API refuses them ("... requires a quota project"): the project itself, unless a key file or the shell says.
    if (!process.env.GOOGLE_APPLICATION_CREDENTIALS) process.env.GOOGLE_CLOUD_QUOTA_PROJECT ??= projectId;
  }
  const storageBucket = firebase.storageBucketName({ projectId });
  const app = getApps()[0] ?? initializeApp({ projectId, storageBucket });
  const settings = firebase.firebaseSettingsFromEnv();
  // VOLTSHOP_STORE=embedded (the offline emulators): the dev-only root composes the embedded store in.
  const ports =
    settings.store === 'embedded'
      ? await (await import(pathToFileURL(OFFLINE_DEV_ROOT).href)).createOfflineEmulatorPorts(settings, app)
      : await firebase.createFirebasePorts(settings, app);
  return { app, auth: getAuth(app), ports, firebase, seed, settings };
}

/** True when nothing listens on host:port (we could bind it). */
function portFree(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, host, () => server.close(() => done(true)));
  });
}

/**
 * Waits (up to `waitMs`) until the emulator ports of firebase.json are free, e.g. while another emulator run on this
 * machine ends; answers the ports still taken (firebase-tools would otherwise stop with "port taken").
 */
export async function waitForEmulatorPorts(services, waitMs = 90_000) {
  const { emulators } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const ports = ['hub', 'logging', ...services].map((name) => emulators[name]?.port).filter(Boolean);
  const until = Date.now() + waitMs;
  for (;;) {
    const taken = [];
    for (const port of ports) if (!(await portFree(port))) taken.push(port);
    if (taken.length === 0 || Date.now() > until) return taken;
    log(`emulator ports ${taken.join(', ')} are in use (another emulator run?): waiting for them`);
    await new Promise((r) => setTimeout(r, 5000));
  }
}
