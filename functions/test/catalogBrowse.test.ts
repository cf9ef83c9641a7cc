// GET /api/products with filters and sorts, and GET /api/products/facets, over HTTP on the seeded shop:
// validation (clear 400s), the unchanged {products, page, pages} shape, and the cache telling filters apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SORT_VALUES } from '../src/domain/index.js';
import { startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

type Listed = { name: string; price: number; brand: string; category: string; rating: number; numReviews: number };
const list = async (query: string) => {
  const res = await shop.call<{ products: Listed[]; page: number; pages: number }>('GET', `/api/products?${query}`);
  expect(res.status, query).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['page', 'pages', 'products']);
  return res.body;
};
const all = (query: string) =>
  list(`${query}&pageNumber=1`).then(async (first) => {
    const out = [...first.products];
    for (let page = 2; page <= first.pages; page++) out.push(...(await list(`${query}&pageNumber=${page}`)).products);
    return out;
  });

describe('GET /api/products: filters and sorts', () => {
  it('filters by category, brand and price range, and sorts by price both ways', async () => {
    const audio = await all('category=Audio');
    expect(audio.length).toBe(5);
    expect(audio.every((p) => p.category === 'Audio')).toBe(true);
    const kestrel = await all('brand=Kestrel&sort=price_asc');
    expect(kestrel.length).toBe(6);
    expect(kestrel.map((p) => p.price)).toEqual([...kestrel.map((p) => p.price)].sort((a, b) => a - b));
    const ranged = await all('minPrice=50&maxPrice=149.99&sort=price_desc');
    expect(ranged.length).toBeGreaterThan(3);
    expect(ranged.every((p) => p.price >= 50 && p.price <= 149.99)).toBe(true);
    expect(ranged.map((p) => p.price)).toEqual([...ranged.map((p) => p.price)].sort((a, b) => b - a));
    const rated = await all('sort=rating');
    for (let i = 1; i < rated.length; i++) expect(rated[i - 1]!.rating).toBeGreaterThanOrEqual(rated[i]!.rating);
  });

  it('pages every sort through the whole catalogue, each product once', async () => {
    const newest = (await all('sort=newest')).map((p) => p.name);
    for (const sort of CATALOG_SORT_VALUES) {
      const names = (await all(`sort=${sort}`)).map((p) => p.name);
      expect(names.length, sort).toBe(newest.length);
      expect([...names].sort(), sort).toEqual([...newest].sort());
    }
  });

  it('takes empty parameters as no filter (a form left empty)', async () => {
    const plain = await list('');
    expect(await list('category=&brand=&minPrice=&maxPrice=&sort=')).toEqual(plain);
  });

  it('answers a clear 400 for an unknown sort, min above max, negative or malformed prices and too long texts', async () => {
    const cases: [string, RegExp][] = [
      ['sort=cheapest', /^sort must be one of relevance, newest, price_asc, price_desc, rating$/],
      ['sort=newest&sort=rating', /^sort must be one of/],
      ['minPrice=100&maxPrice=10', /^minPrice must not be more than maxPrice$/],
      ['minPrice=-1', /^minPrice must be a price like 25 or 19.99/],
      ['maxPrice=abc', /^maxPrice must be a price like 25 or 19.99/],
      ['maxPrice=1e3', /^maxPrice must be a price/],
      ['minPrice=1.999', /^minPrice must be a price/],
      ['maxPrice=2000000', /^maxPrice must be at most 1000000$/],
      [`category=${'x'.repeat(101)}`, /^Category must be at most 100 characters$/],
      [`brand=${'x'.repeat(101)}`, /^Brand must be at most 100 characters$/],
      ['brand=a%00b', /^Brand must not contain control characters$/],
      ['category=a&category=b', /.+/],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/products', '/api/products/facets']) {
        const res = await shop.call('GET', `${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.message, `${path}?${query}`).toMatch(message);
      }
    }
  });

  it('caches each filter and sort apart (same page number, different answers)', async () => {
    const phones = await list('category=Audio');
    const cameras = await list('category=Cameras');
    expect(phones.products.map((p) => p.category)).not.toContain('Cameras');
    expect(cameras.products.every((p) => p.category === 'Cameras')).toBe(true);
    const asc = await list('sort=price_asc');
    const desc = await list('sort=price_desc');
    expect(asc.products[0]!.price).toBeLessThan(desc.products[0]!.price);
    const low = await list('maxPrice=40');
    const lower = await list('maxPrice=10');
    expect(low.products.length).toBeGreaterThan(lower.products.length);
  });
});

describe('GET /api/products/facets', () => {
  it('counts categories and brands for the other filters, most common first', async () => {
    const res = await shop.call('GET', '/api/products/facets');
    expect(res.status).toBe(200);
    expect(res.body.categories[0]).toEqual({ value: 'Accessories', count: 5 });
    expect(res.body.categories.find((c: { value: string }) => c.value === 'Audio')).toEqual({
      value: 'Audio',
      count: 5,
    });
    expect(res.body.brands[0]).toEqual({ value: 'Kestrel', count: 6 });
    const total = res.body.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0);
    expect(total).toBe((await all('')).length);

    // Choosing a brand narrows the categories but still offers every brand.
    const kestrel = await shop.call('GET', '/api/products/facets?brand=Kestrel');
    const kestrelTotal = kestrel.body.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0);
    expect(kestrelTotal).toBe(6);
    expect(kestrel.body.brands).toEqual(res.body.brands);

    const none = await shop.call('GET', '/api/products/facets?keyword=no-such-thing');
    expect(none.body).toEqual({ categories: [], brands: [] });
  });

  it('is cached with an ETag like the other catalogue calls', async () => {
    const first = await shop.call('GET', '/api/products/facets?category=Audio');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await shop.call('GET', '/api/products/facets?category=Audio', {
      headers: { 'If-None-Match': etag! },
    });
    expect(again.status).toBe(304);
  });
});
