// Writes web/src/lib/endpoints.gen.ts from the endpoint table (functions/src/api/webClient.ts), formatted.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { WEB_ENDPOINTS_FILE, webEndpointsSource } from '../functions/src/api/webClient.js';

const file = fileURLToPath(new URL(`../${WEB_ENDPOINTS_FILE}`, import.meta.url));
const text = await format(webEndpointsSource(), { ...(await resolveConfig(file)), filepath: file });
writeFileSync(file, text);
console.log(`wrote ${WEB_ENDPOINTS_FILE}`);
