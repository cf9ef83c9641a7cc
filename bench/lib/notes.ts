// The method and analysis part of docs/benchmarks.md (written by bench/run-all.ts after the figures).
export const NOTES = `## Notes

### 1. Catalogue: why the shop keeps up with a bare server

The catalogue answers (list, search, product, top) are cached as serialized bodies with their ETags
(\`functions/src/cache/catalogCache.ts\`), cleared by every write that can change them. Even so,
the first measurement of this benchmark put the shop at **17–22%** of the bare server. Profiling showed that
the time was not in our code: Express's own per-request setup costs ~6× a bare \`node:http\` answer on Node 20
(measured here, server CPU per request: a bare server 51 µs; the same plus the two \`Object.setPrototypeOf(req/res)\`
calls Express makes on every request 188 µs; an Express app with a single middleware 315 µs; the shop ~280–440 µs,
helmet's 12 header middlewares and the router on top).

The fix (\`installFastPath\` + \`catalogFastPath\` in http/fastPath.ts, wired in \`app.ts\`): a GET whose exact URL
(path + query as received) the product routes already answered from the cache is answered again **before Express**
with one \`writeHead\` of precomputed headers and the cached body. The headers are helmet's own, captured once at
start (\`staticHeaders\`: refuses to enable the fast path if they are not static), plus the same ETag /
Cache-Control / Content-Type, and \`If-None-Match\` still gives a 304. Anything else (first request for a URL,
other methods, after any write, past the TTL on Firebase) goes through Express as before, so the answers are the
routed ones byte for byte (checked by \`functions/test/reliability/headers.test.ts\`, which also proves the repeat
answers skip Express and that writes are never served stale). Result: ~64–79 µs
of CPU per request instead of ~280–440 µs, i.e. 60–80% of the bare server's throughput instead of ~20%. The
remaining gap is the 15 security headers (Node validates each; ~1 KB more per answer).

### 2. Scale: which index does what

Before (migration 1 only, measured at 100k products on this machine): a search scanned the whole table twice
(count, then page) with \`instr()\`: **~130 ms p50, ~200 ms p95** for a rare or absent keyword; page 10,000 walked
80k rows with \`OFFSET\`: ~14 ms p50, 30 ms p95. Migrations 2 and 3 (\`functions/src/adapters/embedded/migrations.ts\`) and
\`SqlProducts.list\` (\`store.ts\`) now:

- **Substring search, 3+ characters**: an FTS5 table with the \`trigram\` tokenizer (case-sensitive, over the
  already lower-cased \`name_key\`; external content, kept in step by triggers) finds the rows containing the
  keyword. A quoted FTS5 phrase of consecutive trigrams is exactly a substring, so it is a literal match
  (\`(\`, \`.*\`, \`"\` are text); \`instr()\` still decides on every row returned. Cost grows with the number of
  matching rows, not with the catalogue: rare and absent keywords stay flat from 1k to 100k.
- **Many matches** (more than 2,000): counting them costs ~10 ms at 100k (the trigram doclists), and the page
  is found by walking the catalogue order, where one row in (size / matches) qualifies, so page 1 is immediate.
- **1–2 characters** have no trigram. Migration 3 adds a second FTS5 index (contentless, \`detail=none\`, ASCII
  tokens) that lists, per product, the distinct 1- and 2-character pieces of its lower-cased name, written as hex
  code points (\`functions/src/adapters/embedded/search.ts\`) so no tokenizer folds, splits or parses them. A
  short keyword is one token lookup: its cost grows with the matches, like the trigrams. Before it, such a
  keyword scanned an index of every name: **23.9 ms p50, 26.5 ms p95** at 100k (the one row over the target);
  with it, a few milliseconds. The store writes the pieces with the name (they are made in code, which a
  trigger cannot run); a trigger drops them with the product.
- **Deep pages**: the key of a page's first row is found by walking the existing \`(created_at DESC, id DESC)\`
  index as a covering index (no table reads for the skipped rows; ~2× faster than \`OFFSET\` on the rows), then
  the page is read from that key, in one statement (one snapshot). This is still O(offset) — SQLite has no
  order-statistic index — about 7 ms for 80,000 rows on an idle core: near-flat until very deep pages.
- Counts of the whole catalogue use SQLite's \`count(*)\` on the smallest index (0.1 ms at 100k).

The figures are per request over HTTP through Express (an uncached request costs ~0.3 ms of Express on top
of the SQL) and include the machine's noise, which dominates the p95 of the fast rows.

### 3. Checkout spike: what limits it

All writes go through one in-process write queue (\`functions/src/adapters/embedded/db.ts\`), so the 500 orders are
500 serial transactions (check stock, guarded decrement, insert order and lines), including the 400 that end in
a 409: the refused ones queue behind the accepted ones, hence their higher p95. Correctness is the point here
(no oversell, every acknowledged order durable). Tried and measured, then dropped: a stock pre-check outside the
queue (3 quick runs each: p95 1.37–1.73 s without, 1.23–1.49 s with, within the noise), because in a spike all 500
requests are in flight before the stock runs out, so every pre-check still sees stock. A CPU profile of the server
during the spike shows no single cost: libsql statement preparation and execution (~0.4 s of ~1.3 s), JWT
verification, HTTP, GC; about a third of the wall time the server waits (the 500 clients share its 2 cores).
Found while measuring, and fixed: @libsql/client 0.18 keeps a pool of
connections (a transaction takes its own), and \`PRAGMA busy_timeout\` reached only the first, so a read beside a
write transaction could fail at once with SQLITE_BUSY; \`db.ts\` now passes \`timeout\` to \`createClient\`, which
sets it on every connection. \`synchronous=NORMAL\` is still per connection: pooled ones keep the default FULL
(an fsync per commit), which costs speed, not safety.

### 4. Web

**Before** (report of 2026-11-22 15:43): performance home 69, product 49, cart 64 (LCP 4.9 s, 6.5 s, 5.4 s); product
CLS 0.118 and best practices 96 (\`inspector-issues\`). The server sent JavaScript and CSS uncompressed (~440 KiB
to save on the home page, most of the LCP on the simulated slow 4G); the home page asked for its data only after
its script had run; a product page opened directly loaded 22 chunks, among them zod and react-hook-form for the
review form (39 KB gzip) that visitors never see, then asked for the product; the footer showed under a short
spinner and jumped away when the page came (the CLS); zod's probe for \`new Function\` was blocked by the CSP,
which Chromium reports as an issue.

**What was done** (each measured with Lighthouse as above, median of 3):

- *Compression* (home 69 → 86 with this alone): the build writes a Brotli (quality 11) and a gzip (-9) copy next to
  every text file of 1 KB or more (\`web/scripts/precompress.ts\`); the server (\`functions/src/http/webApp.ts\`)
  sends the best one the browser accepts (\`Vary: Accept-Encoding\`, the file's own Content-Type), hashed
  \`/assets/\` with \`public, max-age=31536000, immutable\`, index.html with \`no-cache\` under any URL; tested in
  \`functions/test/webApp.test.ts\`. Firebase Hosting compresses by itself: \`firebase.json\` does not upload the
  copies, and \`/\` and \`/admin\` now revalidate too. The API's JSON (1–5 KB) is left as it is.
- *Waterfall*: \`/\` is answered with \`Link: rel=preload; as=fetch\` for its two API calls (server and Hosting), so
  they load with the script; the app's \`fetch()\` takes the preloaded answers (checked in Chromium: one request
  each, \`web/e2e/loading.e2e.ts\`). The product and cart routes start the product request from their loader, in
  parallel with the page's code. The review form is its own chunk (signed-in customers only). TanStack Query and
  the react-bootstrap parts are one chunk each: a product page's first visit loads 6 files instead of 22, which
  matters with 6 HTTP/1.1 connections and a 150 ms simulated round trip.
- *LCP and CLS*: the first product card's image and the product page's image are \`fetchpriority=high\`; the
  carousel's placeholder has the carousel's exact height (it was 36 px short on phones); while the first page's
  code loads, the layout (header, a spinner a screen high, footer) is shown instead of a bare spinner; loaders of
  long pages keep the footer below the screen. CLS is 0 on all three pages.
- *Best practices*: zod runs \`jitless\` in the browser (\`web/src/lib/zodSetup.ts\`; the CSP forbids eval anyway),
  so there is no blocked probe: 100 on all three pages.
- The home page's first bundle is 105.0 KB gzip (was 105.7 KB), now one file; its CSS is unchanged (31.5 KB).

**Tried and not kept** (no gain beyond the noise, or worse):

- PurgeCSS on Bootstrap's CSS (content: the sources, the react-bootstrap modules they import, prefix + prop
  classes): 31.5 → 18.0 KB gzip, but in 5 alternating runs product and cart scored 91 vs 90 and 91 vs 92, FCP
  within ±70 ms. Not worth a build dependency and the risk of a missing rule.
- A static app shell in index.html (the brand bar painted before the script): FCP −0.35 s on product and cart, but
  Lighthouse counts blocking time from the first paint, so the entry script's evaluation fell into TBT
  (+250–400 ms): performance −8.
- Preloading the product page's chunks and API answer from the HTML: LCP came down to the FCP, but as one larger
  render task: the score did not move.
- Rendering the first React tree in a transition: less blocking time in some runs, but the page is then not yet
  rendered when \`load\` fires (an e2e test read the header right after \`goto\`).

**What limits it now**: the CPU, multiplied by 4 by Lighthouse's simulation on this shared 2-core machine.

- FCP (~1.5–1.7 s home, ~1.9–2.1 s product and cart): the entry script (343 KB, of which react-dom 207 KB and
  react-router 97 KB; the shop's own code ~25 KB) must download and run before anything paints; product and cart
  also wait for their chunks (22 KB gzip, TanStack Query and react-bootstrap), which Lighthouse counts because they
  are requested before the first paint.
- LCP (~2.1–2.3 s home: the first product card's image; ~2.4–2.6 s product: its image; cart: the heading): one
  request after the render that has the data.
- TBT (mostly 170–370 ms, one run 1,069 ms): React's renders and the router's work (a CPU profile of the product
  page shows no single component standing out) and the chunks' evaluation, ×4. It moves by ±100 ms from one run
  to the next, with the machine nearly idle (load 0.3–0.8) as under load (2–3): that is the difference between
  ~88 and ~95 on product and cart. Home's median was 93–97 in this session's measurements.
- CLS 0; Speed Index = FCP.

Going further means less JavaScript before the first paint (server-side rendering or prerendering of the pages,
a lighter router), not more tuning of the transfer. Lighthouse 12.2.3 fails its TraceElements/RootCauses
gatherers on Chromium 156 (\`frame_sequence\`), so its LCP-element, render-blocking and layout-shift audits are
empty; the LCP elements and shifts above were read with Chromium's PerformanceObserver (Playwright, 4× CPU, slow
network).

### 5. Start-up

Most of the start is loading the server's modules (Express, zod, libsql, jose, multer, file-type…) on a busy
machine; a first start also runs the migrations and seeds the demo data (3 scrypt hashes, 28 products with
reviews).

### 1b. Reads during a sale

Every order changes the stock of its products, and the catalogue answers show stock. Before, every write cleared
the whole catalogue cache, so at 100 orders/s the hot answers (first page, top, the products on sale) were
reloaded through Express and SQL nearly all the time. Now (\`functions/src/cache/catalogCache.ts\`) each cached
answer is kept with the product ids whose stock it shows (declared by its route); a placed order, which takes
exactly the ordered units and changes no other product column, lowers \`countInStock\` in the kept answers that
show its products (parse, patch, re-serialize, new ETag: no SQL), and clears only answers loaded without such a
declaration. A failed order clears the answers showing its products; any other write still clears everything,
and a store method added later does too. A load that overlapped a write touching its products is served once but
not kept. \`functions/test/catalogCacheStock.test.ts\` checks that no answer shows stock or a price older than an
acknowledged write, with orders racing reads on a real server.

What is left of the cost of an order for the reads is the order itself (authentication, validation, the write
transaction: about 1 ms of CPU per order, from the server CPU of the sale rounds on a busy machine), on the same event loop as the reads: at 100 orders/s that is ~10% of
one core. The uncached path (cache off) is dominated by Express's request setup and the SQL client (libsql prepares
each statement again on every call and converts rows to objects); its CPU per read is shown beside the cached one.

### 6. The peer: what differs

- **Protocol**: Vendure's shop API is GraphQL (\`POST /shop-api\`, the query parsed and validated per request,
  every field resolved, with its own entity loading through TypeORM); Voltshop's is REST answering a cached,
  pre-serialized body (or, cache off, two SQL statements and one \`JSON.stringify\`). The queries ask for what a
  card or product page shows (name, slug, description, image, price, stock, category/brand facets).
- **Data**: the same seed products on both sides, but Vendure has no images for them (its import would copy
  files into its asset store; the fields are asked for and answer null), one variant per product, and its search
  is the \`DefaultSearchPlugin\` (SQL \`LIKE\` over its own index table) where Voltshop uses FTS5 trigram
  indexes. Body sizes differ (shown per call).
- **Work per request**: Vendure also resolves a session/channel/language context per request; no caching plugin
  is configured (none ships by default). Nothing was tuned on either side.
- One server at a time, so each has the 2 cores to itself (with whatever else runs on the machine: compare ratios
  within a run).
`;
