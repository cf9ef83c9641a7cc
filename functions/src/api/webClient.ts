// The web's generated client (web/src/lib/endpoints.gen.ts): each endpoint's method and path under its name, typed
// by the table. The web imports the table's types only: its zod schemas stay out of the storefront's bundle.
// Regenerate: npx tsx scripts/gen-web-endpoints.ts (functions/test/endpoints.test.ts checks it is current).
import type { EndpointSpec } from './endpoint.js';
import { endpoints } from './endpoints.js';

export const WEB_ENDPOINTS_FILE = 'web/src/lib/endpoints.gen.ts';

/** The file's text, before formatting. */
export function webEndpointsSource(table: Record<string, EndpointSpec> = endpoints): string {
  const rows = Object.entries(table).map(
    ([name, e]) => `export const ${name}: Route<Endpoints['${name}']> = { method: '${e.method}', path: '${e.path}' };`,
  );
  return [
    '// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by',
    "// name: its method and path at run time, its inputs' and answer's types from the table (call() in ./api).",
    "import type { Route } from '@api/endpoint';",
    "import type { Endpoints } from '@api/endpoints';",
    '',
    ...rows,
    '',
  ].join('\n');
}
