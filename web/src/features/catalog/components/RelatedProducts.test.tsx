import type { Product } from '@domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt } from '@/testing/render';
import { RelatedProducts } from './RelatedProducts';

const make = (_id: string, category: string, brand: string, over: Partial<Product> = {}): Product => ({
  slug: `${_id}-slug`,
  _id,
  name: `Product ${_id}`,
  image: `/images/${_id}.svg`,
  brand,
  category,
  description: '',
  specs: [],
  images: [],
  accessories: [],
  price: 10,
  countInStock: 3,
  rating: 4,
  numReviews: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const watch = make('p1', 'Wearables', 'Lumen');
const byCategory = [watch, make('band', 'Wearables', 'Fitly'), make('twin', 'Wearables', 'Lumen')];
const byBrand = [watch, make('twin', 'Wearables', 'Lumen'), make('lamp', 'Home', 'Lumen', { countInStock: 0 })];

function show(answer: (url: URL) => { status?: number; body: unknown }) {
  const calls = mockFetch({ 'GET /api/products': (_body, url) => answer(url) });
  return { calls, ...renderAt(<RelatedProducts product={watch} />) };
}

describe('RelatedProducts (issue 40)', () => {
  it("lists the category's and brand's products ranked by the domain rule, without the product itself", async () => {
    const { calls } = show((url) => ({
      body: { products: url.searchParams.get('brand') ? byBrand : byCategory, page: 1, pages: 1 },
    }));
    const section = await screen.findByRole('region', { name: 'Related' });
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/product/twin-slug',
      '/product/band-slug',
      '/product/lamp-slug',
    ]);
    expect(calls.map((c) => c.url).sort()).toEqual([
      expect.stringContaining('brand=Lumen'),
      expect.stringContaining('category=Wearables'),
    ]);
  });

  it('shows nothing when no other product shares the category or brand', async () => {
    const { container, calls } = show(() => ({ body: { products: [watch], page: 1, pages: 1 } }));
    await expect.poll(() => calls.length).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="related-products"]')).toBeNull();
  });

  it('shows nothing when the reads fail', async () => {
    const { container, calls } = show(() => ({ status: 500, body: { message: 'down' } }));
    await expect.poll(() => calls.length).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="related-products"]')).toBeNull();
  });
});
