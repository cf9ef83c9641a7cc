// The home page's bundle budget (gzip bytes), enforced by scripts/size.mjs in `npm test` and reported by the
// benchmarks (bench/web.ts). 111 KB since the catalogue filters, the cart rules and the live hooks joined the first
// paint (was 106); 112 KB since the router knows the account-link pages (forgot, reset, verify, Firebase's action
// page: ~0.2 KB of routes; their code is lazy) — measured 111.1 KB then, after lazy chunks got 6-character hashes
// (-0.1 KB); 113 KB since issues 29 and 30 (measured 112.1 KB): the header's search box loads its suggestions'
// chunk on first focus and routes their keys (~0.15 KB), the catalogue loader resolves a category page's slug (old
// slugs and names redirect, ~0.12 KB), and the router sends checkout and the order page through the guest gate; every
// new screen itself is lazy; 111.5 KB since issue 42's trim (measured 111.3 KB, was 112.7: modules shared with lazy
// screens split so the first bundle takes only what it uses, docs/benchmarks.md section 4); 112 KB (issue 40's ceiling)
// since issue 41's routes and hearts (measured 111.8 KB: the wishlist, stock-alert and reminder pages' routes and
// paths, the cards' lazy heart and 30-day low; every screen itself is lazy); 108 KB since issue 42's second pass
// (measured 107.9 KB: react-router's never-rendered components dropped, web/scripts/treeShakeReactRouter.ts and the
// shop's Link, src/lib/router; the filter bar's fields lazy). The issue-15/42 goal of 90 KB is out of reach on React
// and the data router: react-dom and react-router alone are ~88 KB of it (docs/benchmarks.md section 4).
// CSS: 20 KB since production builds keep only the Bootstrap rules the shop uses (scripts/purgeBootstrap.ts; was 35).
export const BUDGET = { js: 108 * 1024, css: 20 * 1024 };
// The Firebase build (VITE_BACKEND=firebase): the same pages plus the Firebase client's glue (lib/firebase/client.tsx,
// ~1.9 KB; the SDK itself is lazy) and the bundler's CommonJS helpers in a chunk of their own: measured 109.8 KB on
// 2026-11-29. Checked on the emulator build by `npm run test:emulators` (scripts/firebase/test-emulators.mjs).
export const FIREBASE_BUDGET = { js: 110 * 1024, css: 20 * 1024 };
