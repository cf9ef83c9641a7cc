// The method and analysis part of docs/benchmarks.md (written by bench/run-all.ts after the figures).
export const NOTES = `## Notes

### 1. Catalogue: why the shop keeps up with a bare server

The catalogue answers (list, search, product, top) are cached as serialized bodies with their ETags
(\`functions/src/features/products/catalogCache.ts\`), cleared by every write that can change them. Even so,
the first measurement of this benchmark put the shop at **17–22%** of the bare server. Profiling showed that
the time was not in our code: Express's own per-request setup costs ~6× a bare \`node:http\` answer on Node 20
(measured here, server CPU per request: a bare server 51 µs; the same plus the two \`Object.setPrototypeOf(req/res)\`
calls Express makes on every request 188 µs; an Express app with a single middleware 315 µs; the shop ~280–440 µs,
helmet's 12 header middlewares and the router on top).

The fix (\`installFastPath\` + \`catalogFastPath\` in catalogCache.ts, wired in \`app.ts\`): a GET whose exact URL
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
80k rows with \`OFFSET\`: ~14 ms p50, 30 ms p95. Migration 2 (\`functions/src/adapters/embedded/migrations.ts\`) and
\`SqlProducts.list\` (\`store.ts\`) now:

- **Substring search, 3+ characters**: an FTS5 table with the \`trigram\` tokenizer (case-sensitive, over the
  already lower-cased \`name_key\`; external content, kept in step by triggers) finds the rows containing the
  keyword. A quoted FTS5 phrase of consecutive trigrams is exactly a substring, so it is a literal match
  (\`(\`, \`.*\`, \`"\` are text); \`instr()\` still decides on every row returned. Cost grows with the number of
  matching rows, not with the catalogue: rare and absent keywords stay flat from 1k to 100k.
- **Many matches** (more than 2,000): counting them costs ~10 ms at 100k (the trigram doclists), and the page
  is found by walking the catalogue order, where one row in (size / matches) qualifies, so page 1 is immediate.
- **1–2 characters** have no trigram: a scan of a new index on \`name_key\` alone (~5× narrower than the table).
  This is linear in the catalogue (the one row expected to grow: ~10–20 ms of scan at 100k on an idle core,
  more under load); a bigram index or a count cache keyed by a catalogue version would flatten it.
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
(no oversell, every acknowledged order durable); for throughput, a stock pre-check outside the queue would answer
sold-out requests without waiting. Found while measuring, and fixed: @libsql/client 0.18 keeps a pool of
connections (a transaction takes its own), and \`PRAGMA busy_timeout\` reached only the first, so a read beside a
write transaction could fail at once with SQLITE_BUSY; \`db.ts\` now passes \`timeout\` to \`createClient\`, which
sets it on every connection. \`synchronous=NORMAL\` is still per connection: pooled ones keep the default FULL
(an fsync per commit), which costs speed, not safety.

### 4. Web

The shop's server sends the JavaScript and CSS **uncompressed** (Lighthouse: “enable text compression”, ~440 KiB
to save on the home page): on Lighthouse's simulated slow 4G that is most of the LCP. The what-if rows (same
run, same server behind a gzip proxy) show the effect; serving precompressed assets (or a compression
middleware) in \`functions/src/server.ts\` is the fix. Bootstrap's CSS is mostly unused on each page
(Lighthouse: ~210 KiB unused CSS).

### 5. Start-up

Most of the start is loading the server's modules (Express, zod, libsql, jose, multer, file-type…) on a busy
machine; a first start also runs the migrations and seeds the demo data (3 scrypt hashes, 28 products with
reviews).
`;
