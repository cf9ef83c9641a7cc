// The home page's bundle budget (gzip bytes), enforced by scripts/size.mjs in `npm test` and reported by the
// benchmarks (bench/web.ts). 111 KB since the catalogue filters, the cart rules and the live hooks joined the first
// paint (was 106); raised step by step to 113 KB over issues 29–41 as the first paint grew (routes, search box,
// hearts), trimmed to 108 KB by issue 42's passes (modules shared with lazy screens split; react-router's never-rendered
// components dropped, web/scripts/treeShakeReactRouter.ts). 90 KB, issue 15's and 42's target, since the production
// build runs the app on Preact (web/scripts/aliases.ts): measured 52.4 KB (the Firebase build 54.4 KB), was 108.0 KB on React 19
// (react-dom and react-router alone were ~88 KB of it; docs/benchmarks.md section 4).
// CSS: 20 KB since production builds keep only the Bootstrap rules the shop uses (scripts/purgeBootstrap.ts; was 35).
export const BUDGET = { js: 90 * 1024, css: 20 * 1024 };
// The Firebase build (VITE_BACKEND=firebase): the same pages plus the Firebase client's glue (lib/firebase/client.tsx,
// ~1.9 KB; the SDK itself is lazy) and the bundler's CommonJS helpers in a chunk of their own: measured 109.8 KB on
// React (2026-11-29); on Preact, the same target as the embedded build. Checked on the emulator build by
// `npm run test:emulators` (scripts/firebase/test-emulators.mjs).
export const FIREBASE_BUDGET = { js: 90 * 1024, css: 20 * 1024 };
