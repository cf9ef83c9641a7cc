// Writes web/src/lib/endpoints.gen.ts and web/src/lib/endpoints/*.gen.ts from the endpoint table
// (functions/src/api/webClient.ts), formatted.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { WEB_ENDPOINTS_DIR, webEndpointsSources } from '../functions/src/api/webClient.js';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
mkdirSync(root(WEB_ENDPOINTS_DIR), { recursive: true });
for (const old of readdirSync(root(WEB_ENDPOINTS_DIR))) rmSync(root(`${WEB_ENDPOINTS_DIR}/${old}`));
for (const [path, source] of webEndpointsSources()) {
  const file = root(path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await format(source, { ...(await resolveConfig(file)), filepath: file }));
  console.log(`wrote ${path}`);
}
