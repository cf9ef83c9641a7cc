// Writes web/src/lib/endpoints.gen.ts and web/src/lib/endpoints/*.gen.ts from the endpoint table
// (functions/src/api/webClient.ts), formatted. A build product (gitignored): scripts/web-endpoints.mjs runs this when
// the files are missing or may be stale (npm install, dev, build, typecheck, lint, unit tests). Only a file whose text
// changes is written, and a file the table no longer makes is removed: a watcher (vite, tsc) sees only real changes.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { WEB_ENDPOINTS_DIR, webEndpointsSources } from '../functions/src/api/webClient.js';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const sources = webEndpointsSources();
mkdirSync(root(WEB_ENDPOINTS_DIR), { recursive: true });
for (const old of readdirSync(root(WEB_ENDPOINTS_DIR)))
  if (!sources.has(`${WEB_ENDPOINTS_DIR}/${old}`)) {
    rmSync(root(`${WEB_ENDPOINTS_DIR}/${old}`), { recursive: true });
    console.log(`removed ${WEB_ENDPOINTS_DIR}/${old}`);
  }
for (const [path, source] of sources) {
  const file = root(path);
  const text = await format(source, { ...(await resolveConfig(file)), filepath: file });
  if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${path}`);
}
