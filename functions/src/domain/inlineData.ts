// The data a page's first queries need, sent inside its HTML (functions/src/features/pages) so the first paint makes
// no API round trip; the web takes it at start-up (web/src/lib/inlineData.ts). Both sides name the queries with
// these keys (the web's TanStack Query keys and the home loader's).

/** The `<script type="application/json">` element holding the data. */
export const INLINE_DATA_ID = 'voltshop-data';

export const catalogKeys = {
  /** GET /api/products?keyword=&pageNumber=(&filters): `filters` is catalogSearchParams(view).toString(), '' for none
   *  (then the key is the same as before filters existed). */
  list: (keyword: string, pageNumber: number, filters = '') =>
    filters
      ? (['products', 'list', keyword, pageNumber, filters] as const)
      : (['products', 'list', keyword, pageNumber] as const),
  /** GET /api/products/facets?keyword=(&filters) */
  facets: (keyword: string, filters = '') => ['products', 'facets', keyword, filters] as const,
  /** GET /api/products/top */
  top: () => ['products', 'top'] as const,
  /** GET /api/products/compare?ids= (issue 41): the ids as the URL lists them, comma-separated */
  compare: (ids: readonly string[]) => ['products', 'compare', ids.join(',')] as const,
  /** GET /api/products/:id */
  detail: (id: string) => ['products', 'detail', id] as const,
};

/** The shop's public settings (GET /api/settings/public: tax, shipping, the hold limits), the web's
 *  `settingsKeys.public`: inlined by the pages whose first render shows them (product, the Add to Cart link). */
export const settingsKeys = {
  public: ['settings', 'public'] as const,
};

export interface InlineData {
  /** When the server read the data (ms since the epoch): the web counts its freshness from then. */
  renderedAt: number;
  /** The embedded server's live position taken before the data was read (domain/live.ts LIVE_POSITION_HEADER):
   *  the web's first stream resumes from it. Absent where there is no live hub (the Firebase `pages` function). */
  liveEventId?: string;
  /** Each query's key and its answer, exactly as the API would send it. */
  queries: { key: readonly unknown[]; data: unknown }[];
}
