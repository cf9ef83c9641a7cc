// The first load takes its data from the page the server sent (functions/src/features/pages): the home loader and
// the query cache use it instead of calling the API, once; a damaged block or none means fetching as usual.
import type { ProductDetail, ProductPage } from '@domain';
import { catalogKeys, INLINE_DATA_ID, type InlineData } from '@domain/inlineData';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const list: ProductPage = { products: [], page: 1, pages: 1 };
const product = { _id: 'p1', name: 'Widget </script>' } as ProductDetail;

function pageWith(text: string) {
  document.head.innerHTML = '';
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINE_DATA_ID;
  script.textContent = text;
  document.head.append(script);
}

const fetchSpy = vi.fn(() => Promise.reject(new Error('no API call expected')));
beforeEach(() => {
  vi.resetModules(); // the block is read once per app start
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('inline data', () => {
  it("notes the page's live position (read before its data) for the first live stream", async () => {
    const data: InlineData = { renderedAt: Date.now(), liveEventId: 'abcd1234.7', queries: [] };
    pageWith(JSON.stringify(data));
    const { hasInlineData } = await import('./inlineData');
    const { livePositions } = await import('./livePosition');
    expect(hasInlineData(catalogKeys.top())).toBe(false);
    expect(livePositions).toEqual(['abcd1234.7']);
  });

  it('the home loader shows the inlined list, top rated and filter counts at once, without fetching; the next load fetches', async () => {
    const facets = { categories: [{ value: 'Audio', count: 1 }], brands: [] };
    const data: InlineData = {
      renderedAt: Date.now(),
      queries: [
        { key: catalogKeys.list('', 1), data: list },
        { key: catalogKeys.top(), data: [product] },
        { key: catalogKeys.facets('', ''), data: facets },
      ],
    };
    pageWith(JSON.stringify(data));
    const { catalogLoader } = await import('@/features/catalog/routes/catalogLoader');
    type CatalogData = Exclude<ReturnType<typeof catalogLoader>, Promise<unknown>>; // home: no category to resolve
    const args = { params: {}, request: new Request('http://shop.test/'), context: {} } as unknown as Parameters<
      typeof catalogLoader
    >[0];
    const first = catalogLoader(args) as CatalogData;
    expect(first.products).toEqual(list); // a value, not a promise: rendered without a spinner
    expect(first.top).toEqual([product]);
    expect(first.facets).toEqual(facets);
    expect(fetchSpy).not.toHaveBeenCalled();
    const again = catalogLoader(args) as CatalogData;
    expect(again.products).toBeInstanceOf(Promise);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('seeds the query client at start with the inlined product, dated from when the server read it', async () => {
    const renderedAt = Date.now() - 5_000;
    pageWith(JSON.stringify({ renderedAt, queries: [{ key: catalogKeys.detail('p1'), data: product }] }));
    const { hasInlineData } = await import('./inlineData');
    expect(hasInlineData(catalogKeys.detail('p1'))).toBe(true);
    const { queryClient } = await import('./queryClient');
    expect(queryClient.getQueryData(catalogKeys.detail('p1'))).toEqual(product);
    expect(queryClient.getQueryState(catalogKeys.detail('p1'))?.dataUpdatedAt).toBe(renderedAt);
    expect(hasInlineData(catalogKeys.detail('p1'))).toBe(false); // the cache holds it now
  });

  it('never dates data from the future (a server clock ahead of the browser)', async () => {
    pageWith(JSON.stringify({ renderedAt: Date.now() + 3_600_000, queries: [{ key: catalogKeys.top(), data: [] }] }));
    const before = Date.now();
    const { queryClient } = await import('./queryClient');
    expect(queryClient.getQueryState(catalogKeys.top())!.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    expect(queryClient.getQueryState(catalogKeys.top())!.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it('without a block, or with a damaged one, has nothing: the pages fetch as usual', async () => {
    pageWith('{"renderedAt": 1, "queries": [');
    const damaged = await import('./inlineData');
    expect(damaged.takeInlineData(catalogKeys.top())).toBeUndefined();
    vi.resetModules();
    document.head.innerHTML = '';
    const none = await import('./inlineData');
    expect(none.takeAllInlineData()).toEqual([]);
  });
});
