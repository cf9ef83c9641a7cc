// Vite plugin (production builds): lets the bundler drop the parts of react-router the shop never renders.
//
// react-router's production build keeps components such as its framework-mode `<Form>`, `<Link>` and `<NavLink>`
// (the shop's own are src/lib/router/links.tsx) and `unstable_HistoryRouter` in every first bundle, with everything
// they reach (fetchers, form submission, the route manifest's prefetch links): each is made by an unannotated
// `React.forwardRef(...)` call and followed by an `X.displayName = "..."` statement, and to the bundler both may have
// side effects. They have none: forwardRef only wraps a function, and in production displayName only names a
// component in React's DevTools. So the calls are marked pure and the statements removed; what is used stays.
// Measured (issue 42, docs/benchmarks.md section 4): the home page's first JavaScript 111.7 → 107.9 KB gzip.
import type { Plugin } from 'vite';

/** react-router's production modules that hold its components (dist/production/chunk-*.mjs). */
export const REACT_ROUTER_CHUNK = /react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;

const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"]*";$/gm;
const FORWARD_REF = /=\s*(React\d*\.forwardRef\()/g;

/** The module's code with its displayName statements removed and its forwardRef calls marked pure, and how many. */
export function withoutSideEffects(code: string): { code: string; changed: number } {
  let changed = 0;
  const out = code
    .replace(DISPLAY_NAME, () => (changed++, ''))
    .replace(FORWARD_REF, (_match, call: string) => (changed++, `= /* @__PURE__ */ ${call}`));
  return { code: out, changed };
}

export function treeShakeReactRouter(): Plugin {
  return {
    name: 'voltshop-tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_CHUNK },
      handler(code, id) {
        const { code: out, changed } = withoutSideEffects(code);
        // Another react-router version may write these differently: fail rather than lose the gain unnoticed.
        if (changed === 0 && /forwardRef\(/.test(code))
          throw new Error(
            `treeShakeReactRouter: nothing matched in ${id}; check the patterns against this react-router`,
          );
        return { code: out, map: null };
      },
    },
  };
}
