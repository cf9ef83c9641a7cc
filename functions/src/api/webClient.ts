// The web's generated client: each endpoint's method and path under its name, typed by the table. The web imports
// the table's types only, so its zod schemas stay out of the storefront's bundle; and the routes are split by their
// path's first segment and whether an admin's (web/src/lib/endpoints/<segment>[-admin].gen.ts, re-exported by
// web/src/lib/endpoints.gen.ts): a module lands in the first bundle whole, and the home page needs only a few calls.
// The files are a build product, not committed: scripts/web-endpoints.mjs writes them (npm install, dev, build, the
// checks) when missing or stale; `npm run generate` by hand. functions/test/endpoints.test.ts checks they are current.
import type { EndpointSpec } from './endpoint.js';
import { endpoints } from './endpoints.js';

export const WEB_ENDPOINTS_FILE = 'web/src/lib/endpoints.gen.ts';
export const WEB_ENDPOINTS_DIR = 'web/src/lib/endpoints';

const HEADER = [
  '// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by',
  "// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).",
];

/** The files' texts (path from the repository's root → text), before formatting. */
export function webEndpointsSources(table: Record<string, EndpointSpec> = endpoints): Map<string, string> {
  const groups = new Map<string, string[]>();
  for (const [name, e] of Object.entries(table)) {
    // The admin's calls apart: the storefront's first bundle then holds none of them.
    const segment = (e.path.split('/')[2] ?? 'api').replace(/\W+/g, '-') + (e.access === 'admin' ? '-admin' : '');
    const rows = groups.get(segment) ?? [];
    rows.push(`export const ${name}: Route<Endpoints['${name}']> = { method: '${e.method}', path: '${e.path}' };`);
    groups.set(segment, rows);
  }
  const files = new Map<string, string>();
  const segments = [...groups.keys()].sort();
  for (const segment of segments)
    files.set(
      `${WEB_ENDPOINTS_DIR}/${segment}.gen.ts`,
      [
        ...HEADER,
        "import type { Route } from '@api/endpoint';",
        "import type { Endpoints } from '@api/endpoints';",
        '',
        ...groups.get(segment)!,
        '',
      ].join('\n'),
    );
  files.set(
    WEB_ENDPOINTS_FILE,
    [...HEADER, ...segments.map((segment) => `export * from './endpoints/${segment}.gen';`), ''].join('\n'),
  );
  return files;
}
