// The web app's source aliases, for the build and dev server (vite.config.ts) and the component tests
// (vitest.config.ts); tsconfig.json's `paths` say the same to TypeScript: the server's domain, Firestore helpers and
// endpoint table, the app's own src, and react-router-dom as the shop's Link and NavLink (src/lib/router: no
// framework-mode prefetching code).
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const sourceAliases = [
  { find: /^@domain$/, replacement: r('../../functions/src/domain/index.ts') },
  { find: /^@domain\/(.*)$/, replacement: r('../../functions/src/domain/$1') },
  { find: /^@firestore\/(.*)$/, replacement: r('../../functions/src/firestore/$1') },
  { find: /^@api\/(.*)$/, replacement: r('../../functions/src/api/$1') },
  { find: /^@\/(.*)$/, replacement: r('../src/$1') },
  { find: /^react-router-dom$/, replacement: r('../src/lib/router/index.ts') },
];

/**
 * A production build runs the app, written against React's API, on Preact (preact/compat): the home page's first
 * JavaScript 108.0 → 52.4 KB gzip (issue 42; docs/architecture.md, "The web's runtime"). The dev server and the
 * component tests keep React (Fast Refresh, React's warnings); the browser suite, Lighthouse and the benchmarks run
 * the production build. The build-time first paint (scripts/firstPaint.ts: static markup, replaced at start-up)
 * keeps React's server renderer.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];
