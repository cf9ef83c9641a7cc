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
