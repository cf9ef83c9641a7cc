// The built web app (web/dist) as the standalone server sends it: the Brotli or gzip copy the build wrote next to
// each text file (web/scripts/precompress.ts) when the browser accepts it, with `Vary: Accept-Encoding`; hashed
// files under /assets/ cached for a year (immutable), index.html always revalidated, every other URL outside
// /api and /uploads answered with index.html (the single-page app's routes; a URL that is none of them with a 404).
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { isAdminPath, paths } from '../domain/routes.js';
import { pathPattern } from './endpoint.js';

export type ContentCoding = 'br' | 'gzip';

/** Server preference when the browser weighs codings equally (Chrome sends `gzip, deflate, br, zstd`). */
const SERVER_ORDER: ContentCoding[] = ['br', 'gzip'];
const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

export const HTML_CACHE = 'no-cache';
const OTHER_MAX_AGE = '1h';
const RESCAN_MS = 1000;

/**
 * The API calls the home page makes first (web/src/features/catalog/routes/catalogLoader.ts, byte for byte the URLs
 * its client builds): announced with the page as `Link: rel=preload` so the browser fetches them while it
 * downloads the app, and the app's fetch() takes the preloaded answers (web/e2e checks they are fetched once).
 * Only on `/`, so no other page pays for them. firebase.emulators.json sends the same header; firebase.json does
 * not (the Firebase web build reads the catalogue from Firestore: scripts/firebase/sync-headers.mjs).
 */
export const HOME_PRELOADS = ['/api/products?keyword=&pageNumber=1', '/api/products/top'];

/** The Link header value preloading `urls` as same-origin fetches (as `<link rel=preload as=fetch crossorigin>`). */
export const preloadLinks = (urls: readonly string[]) =>
  urls.map((u) => `<${u}>; rel=preload; as=fetch; crossorigin`).join(', ');

/**
 * The coding to send from `available`, per the request's Accept-Encoding (RFC 9110 §12.5.3): the highest q-value
 * wins, ties go to the server's order (br before gzip), `*` covers codings not named, q=0 refuses. Null means
 * send the file as it is (no header, nothing acceptable, or `identity` explicitly preferred).
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9]+(?:\.[0-9]*)?)\s*$/i.exec(p);
      if (m) q = Math.min(1, Number(m[1]));
    }
    weights.set(name, q);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: ContentCoding | null = null;
  let bestQ = 0;
  for (const coding of SERVER_ORDER) {
    if (!available.includes(coding)) continue;
    const q = weightOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  const identity = weights.get('identity');
  if (best && identity !== undefined && identity > bestQ) return null;
  return best;
}

/** URL path (`/assets/x.js`) -> the precompressed copies found next to that file at start. */
function scanVariants(root: string): Map<string, ContentCoding[]> {
  const variants = new Map<string, ContentCoding[]>();
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const names = new Set(entries.map((e) => e.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !entry.name.endsWith('.br') && !entry.name.endsWith('.gz')) {
        const codings = SERVER_ORDER.filter((c) => names.has(entry.name + SUFFIX[c]));
        if (codings.length) variants.set(`/${relative(root, path).split(sep).join('/')}`, codings);
      }
    }
  };
  walk(root);
  return variants;
}

function cacheControlFor(urlPath: string): { maxAge: string | number; immutable: boolean } | null {
  if (urlPath.endsWith('.html')) return null; // no-cache, set by hand
  if (urlPath.startsWith('/assets/')) return { maxAge: '365d', immutable: true };
  return { maxAge: OTHER_MAX_AGE, immutable: false };
}

/** A build file as `parse` reads it, read again when it changed (the app rebuilt under the running server; looked
 *  at once a second). */
function watchedFile<T>(file: string, parse: (text: string) => T): () => Promise<T> {
  let cached: { value: T; mtimeMs: number; checkedAt: number } | undefined;
  return async () => {
    if (cached && Date.now() - cached.checkedAt < RESCAN_MS) return cached.value;
    const mtimeMs = statSync(file).mtimeMs;
    if (!cached || cached.mtimeMs !== mtimeMs)
      cached = { value: parse(await readFile(file, 'utf8')), mtimeMs, checkedAt: Date.now() };
    else cached.checkedAt = Date.now();
    return cached.value;
  };
}

/** Reads `dist`'s index.html, again when it changed. */
export const indexTemplate = (dist: string): (() => Promise<string>) =>
  watchedFile(join(dist, 'index.html'), (text) => text);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The code a lazily loaded page of the app needs beyond the entry, read from the build's manifest
 * (web/dist/.vite/manifest.json; read again when the app is rebuilt): given the source files of the page's routes
 * (`src/...`, as web/src/app/router.tsx imports them), the URLs of their chunks and of the chunks they import, the
 * entry's own left out. Empty when there is no manifest or a source is not in it (a renamed page is a missed hint,
 * not an error).
 */
export function pageModules(dist: string): (sources: readonly string[]) => Promise<string[]> {
  const file = join(dist, '.vite', 'manifest.json');
  const manifest = watchedFile(file, (text) => JSON.parse(text) as Record<string, ManifestChunk>);
  return async (sources) => {
    if (!existsSync(file)) return [];
    const chunks = await manifest();
    const urls: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string, into: string[]): boolean => {
      const chunk = chunks[key];
      if (!chunk) return false;
      if (seen.has(key)) return true;
      seen.add(key);
      into.push(`/${chunk.file}`);
      return (chunk.imports ?? []).every((k) => visit(k, into));
    };
    // The entry and what it imports are loaded (and preloaded) by index.html itself.
    for (const [key, chunk] of Object.entries(chunks)) if (chunk.isEntry) visit(key, []);
    return sources.every((source) => visit(source, urls)) ? urls : [];
  };
}

/**
 * Mounts the web app in `dist` on `app` (after the API routes). `pages`: routes answering their own HTML (the
 * server-rendered heads and data, features/pages), before the files and the single-page fallback. `preloads`: URL
 * path -> fetches to announce with its page where index.html is sent as it is (no data inlined).
 */
export function serveWebApp(
  app: express.Express,
  dist: string,
  options: { preloads?: Record<string, readonly string[]>; pages?: Router } = {},
): void {
  let variants = scanVariants(dist);
  let scannedAt = Date.now();
  /** A hashed asset not seen at start: the app was rebuilt under the running server; look again (at most once a second). */
  const lookUp = (urlPath: string) => {
    if (!variants.has(urlPath) && urlPath.startsWith('/assets/') && Date.now() - scannedAt > RESCAN_MS) {
      variants = scanVariants(dist);
      scannedAt = Date.now();
    }
    return variants.get(urlPath);
  };
  const links = new Map(Object.entries(options.preloads ?? {}).map(([path, urls]) => [path, preloadLinks(urls)]));

  /** Sends `urlPath` (a file of dist) in the best accepted coding; `next()` if it has no precompressed copy. */
  const sendNegotiated = (req: Request, res: Response, next: NextFunction, urlPath: string, onMissing: () => void) => {
    const codings = lookUp(urlPath);
    if (!codings) return onMissing();
    res.vary('Accept-Encoding');
    const coding = negotiateEncoding(req.headers['accept-encoding'], codings);
    // Relative to `root`: send then checks dot segments (and `..`) within dist only.
    const file = urlPath.slice(1) + (coding ? SUFFIX[coding] : '');
    // The type of the original file, not of `.br`/`.gz` (send keeps a Content-Type already set).
    res.type(extname(urlPath));
    if (coding) res.setHeader('Content-Encoding', coding);
    const cache = cacheControlFor(urlPath);
    if (!cache) res.setHeader('Cache-Control', HTML_CACHE);
    res.sendFile(file, { root: dist, ...(cache ?? { cacheControl: false }) }, (err?: NodeJS.ErrnoException) => {
      if (!err) return;
      // The build changed under a running server (file gone): fall back to the plain file handlers.
      if (err.code === 'ENOENT' && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Cache-Control');
        return onMissing();
      }
      next(err);
    });
  };

  const sendIndex = (req: Request, res: Response, next: NextFunction) => {
    // No page of the app: it shows its "not found" page, and the answer says so (crawlers index no made-up URL).
    if (req.path !== '/index.html' && !isWebPage(req.path)) res.status(404);
    const link = links.get(req.path);
    if (link) res.setHeader('Link', link);
    sendNegotiated(req, res, next, '/index.html', () => {
      res.setHeader('Cache-Control', HTML_CACHE);
      res.sendFile('index.html', { root: dist, cacheControl: false }, (err) => err && next(err));
    });
  };

  if (options.pages) app.use(options.pages);
  // Files with a precompressed copy: negotiated. index.html itself always revalidates, under any URL.
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/index.html') return sendIndex(req, res, next);
    sendNegotiated(req, res, next, req.path, next);
  });
  // Everything else as it is. A missing hashed asset is a 404 (an old page after a deploy), never index.html.
  app.use('/assets', express.static(join(dist, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }));
  app.use(express.static(dist, { index: false, maxAge: OTHER_MAX_AGE }));
  app.get(/^(?!\/api\/|\/uploads\/).*/, sendIndex);
}

/** The storefront's page patterns (the admin's pages are its own router's, all under /admin; `*` is the 404). */
const STOREFRONT_PAGES = Object.entries(paths)
  .filter(([name]) => name !== 'admin' && name !== 'notFound')
  .map(([, route]) => pathPattern((route as { path: string }).path));

/** Whether `pathname` is a page of the web app (domain/routes.ts `paths`): any other URL is answered with the app,
 *  which shows its "not found" page, and a 404, so crawlers index no made-up address. */
export function isWebPage(pathname: string): boolean {
  return isAdminPath(pathname) || STOREFRONT_PAGES.some((pattern) => pattern.test(pathname));
}

/**
 * The web app's pages as one regular expression (RE2, which Firebase Hosting reads) for firebase.json, written there
 * by scripts/firebase/sync-headers.mjs: Hosting rewrites these URLs to /index.html and sends them `no-cache`, and
 * answers any other URL (a made-up address, a hashed asset an old page asks for after a deploy) with 404.html (the
 * app, built for Firebase by web/vite.config.ts, which shows its "not found" page) and a 404, as isWebPage decides
 * here. `rendered` are the routes Hosting has the `pages` function render (their own rewrites and caching); the home
 * page is index.html itself.
 */
export function hostingPagesRegex(rendered: readonly { path: string }[]): string {
  const storefront = Object.entries(paths)
    .filter(([name]) => !['admin', 'notFound', 'home'].includes(name))
    .map(([, route]) => (route as { path: string }).path)
    .filter((path) => !rendered.some((route) => route.path === path))
    .map((path) =>
      path
        .replace(/[.+*^${}()|[\]\\]/g, '\\$&')
        .replace(/\/:\w+\?/g, '(?:/[^/]+)?')
        .replace(/:\w+/g, '[^/]+'),
    );
  const admin = paths.admin.dashboard.path;
  return `^(?:/index\\.html|${storefront.join('|')}|${admin}(?:/.*)?)$`;
}

/** True when `dist` holds a built web app. */
export const hasWebApp = (dist: string) => existsSync(join(dist, 'index.html'));
