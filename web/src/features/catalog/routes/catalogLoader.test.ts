// A category page's path segment is the category's slug (issue 29): the loader asks the server's managed list what
// it names, moves an old slug (renamed, merged) or a name to the slug, and filters by the category's name.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/render';
import { catalogLoader } from './catalogLoader';

const args = (category: string, url: string) =>
  ({ params: { category }, request: new Request(`http://shop.test${url}`), context: {} }) as unknown as Parameters<
    typeof catalogLoader
  >[0];

const page = { products: [], page: 1, pages: 0 };
const facets = { categories: [], brands: [] };

describe('catalogLoader on a category page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('filters by the name of the category its slug names', async () => {
    const calls = mockFetch({
      'GET /api/categories/slug/smart-wearables': () => ({
        body: { entry: { name: 'Smart Wearables', slug: 'smart-wearables' }, redirect: false },
      }),
      'GET /api/products': () => ({ body: page }),
      'GET /api/products/facets': () => ({ body: facets }),
    });
    const data = await catalogLoader(args('smart-wearables', '/category/smart-wearables?sort=price_asc'));
    expect(data.view).toMatchObject({ category: 'Smart Wearables', sort: 'price_asc' });
    await data.products;
    expect(calls.map((c) => c.url)).toContain(
      '/api/products?keyword=&pageNumber=1&category=Smart+Wearables&sort=price_asc',
    );
  });

  it('moves an old slug or a name to the slug, keeping the page and the query', async () => {
    mockFetch({
      'GET /api/categories/slug/wearables': () => ({
        body: { entry: { name: 'Smart Wearables', slug: 'smart-wearables' }, redirect: true },
      }),
    });
    const moved = await Promise.resolve(
      catalogLoader({
        ...args('wearables', '/category/wearables/page/2?brand=Lumen'),
        params: { category: 'wearables', pageNumber: '2' },
      }),
    ).catch((answer: unknown) => answer);
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(302);
    expect((moved as Response).headers.get('Location')).toBe('/category/smart-wearables/page/2?brand=Lumen');
  });

  it('an unknown category is looked for as written (the page then says nothing matched)', async () => {
    mockFetch({
      'GET /api/products': () => ({ body: page }),
      'GET /api/products/facets': () => ({ body: facets }),
    });
    const data = await catalogLoader(args('no-such', '/category/no-such'));
    expect(data.view.category).toBe('no-such');
  });
});
