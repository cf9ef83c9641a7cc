#!/usr/bin/env node
// Writes Firebase Hosting's security headers from the app's own (functions/src/http/securityHeaders.ts), and the
// web app's pages (rewritten to /index.html, no-cache; functions/src/http/webApp.ts hostingPagesRegex) from the
// routes table, so Hosting and the Express app cannot drift apart:
//   - firebase.json            : the `firebase` headers (the app's, with the Firebase web SDK's Google endpoints);
//   - firebase.emulators.json  : firebase.json for `npm run emulators` and the emulator suites: the emulator
//                                web build (web/dist-emulators) and the `emulators` headers (plus the local ports);
//   - firebase.json preloads no /api answer (the Firebase web build reads Firestore directly: withoutApiPreloads);
//     firebase.emulators.json has the embedded server's (without a Firestore emulator its build reads /api).
// `npm run deploy` runs it; Hosting's predeploy runs it with --check (exit 1 when a file is stale), and
// functions/test/deploy/hostingHeaders.test.ts (npm run test:unit) fails on any difference.
//   node scripts/firebase/sync-headers.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const EMULATOR_WEB_DIR = 'web/dist-emulators';

/** JSON on one line, with a space after each comma and colon and inside braces. */
function compactJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(compactJson).join(', ')}]`;
  const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${compactJson(v)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** JSON with two-space indents, short arrays and objects kept on one line (as the files were written by hand). */
export function formatJson(value, indent = '') {
  const oneLine = compactJson(value);
  if (value === null || typeof value !== 'object' || oneLine.length + indent.length <= 120) return oneLine;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

/** The config with the `**` block's headers replaced by `headers` (every other block kept). */
function withSecurityHeaders(config, headers) {
  const blocks = config.hosting.headers.filter((b) => b.source !== '**');
  return { ...config, hosting: { ...config.hosting, headers: [{ source: '**', headers }, ...blocks] } };
}

/**
 * The config without `Link: rel=preload` of `/api` answers: the Firebase web build reads the catalogue from
 * Firestore directly, so a preload of /api/products would only wake the function and read Firestore for an answer
 * nothing uses. Blocks left without headers are dropped.
 */
export function withoutApiPreloads(config) {
  const headers = config.hosting.headers
    .map((block) => ({
      ...block,
      headers: block.headers.filter((h) => !(h.key.toLowerCase() === 'link' && /<\/api[/?>]/.test(h.value))),
    }))
    .filter((block) => block.headers.length > 0);
  return { ...config, hosting: { ...config.hosting, headers } };
}

/** The config whose `/` block also sends `Link: <link>`. */
function withHomePreloads(config, link) {
  const headers = config.hosting.headers.map((block) =>
    block.source === '/'
      ? {
          ...block,
          headers: [...block.headers.filter((h) => h.key.toLowerCase() !== 'link'), { key: 'Link', value: link }],
        }
      : block,
  );
  return { ...config, hosting: { ...config.hosting, headers } };
}

/**
 * The config whose last rewrite sends the web app's pages (functions/src/http/webApp.ts hostingPagesRegex) to
 * /index.html, and whose no-cache block covers the same pages (after the `/` block): any other URL matches no rewrite
 * and gets Hosting's 404.html (the app, showing its "not found" page) with a 404. Rewrites to functions are kept as
 * written; a `**` fallback to /index.html (which answered made-up URLs and missing assets with the app and a 200) is
 * dropped.
 */
function withAppPages(config, regex) {
  const rewrites = [
    ...config.hosting.rewrites.filter((r) => r.destination !== '/index.html'),
    { regex, destination: '/index.html' },
  ];
  const blocks = config.hosting.headers.filter((b) => b.regex === undefined);
  const home = blocks.findIndex((b) => b.source === '/');
  const noCache = { regex, headers: [{ key: 'Cache-Control', value: 'no-cache' }] };
  const headers = [...blocks.slice(0, home + 1), noCache, ...blocks.slice(home + 1)];
  return { ...config, hosting: { ...config.hosting, rewrites, headers } };
}

/** Both generated files' text, from firebase.json and the TS source of the headers. */
export async function generate(dir = root) {
  const sh = await tsImport('../../functions/src/http/securityHeaders.ts', import.meta.url);
  const config = JSON.parse(readFileSync(join(dir, 'firebase.json'), 'utf8'));
  const { auth, firestore, storage } = config.emulators;
  const ports = { auth: auth.port, firestore: firestore.port, storage: storage.port };

  const web = await tsImport('../../functions/src/http/webApp.ts', import.meta.url);
  const pages = await tsImport('../../functions/src/features/pages/routes.ts', import.meta.url);
  const production = withAppPages(
    withoutApiPreloads(withSecurityHeaders(config, sh.securityHeaderList('firebase'))),
    web.hostingPagesRegex(pages.HOSTING_RENDERED),
  );
  // The emulators preload the home page's API calls as the embedded server does (HOME_PRELOADS): where no
  // Firestore emulator runs, their web build reads the catalogue from /api.
  const forEmulators = withHomePreloads(
    withSecurityHeaders(production, sh.securityHeaderList('emulators', ports)),
    web.preloadLinks(web.HOME_PRELOADS),
  );
  forEmulators.hosting = { ...forEmulators.hosting, public: EMULATOR_WEB_DIR };
  // The emulators build nothing: the scripts that start them build the function and the web app first.
  forEmulators.functions = forEmulators.functions.map(({ predeploy: _p, ...f }) => f);
  delete forEmulators.hosting.predeploy;
  return { 'firebase.json': `${formatJson(production)}\n`, 'firebase.emulators.json': `${formatJson(forEmulators)}\n` };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const files = await generate();
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [name, text] of Object.entries(files)) {
    let current = '';
    try {
      current = readFileSync(join(root, name), 'utf8');
    } catch {
      // missing: stale
    }
    if (current === text) continue;
    stale++;
    if (check)
      console.error(
        `${name} is stale: its Hosting headers or app pages differ from functions/src/http/securityHeaders.ts or domain/routes.ts. Run node scripts/firebase/sync-headers.mjs`,
      );
    else {
      writeFileSync(join(root, name), text);
      console.log(`[firebase] wrote ${name}`);
    }
  }
  process.exit(check && stale ? 1 : 0);
}
