import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt } from '@/testing/render';
import { WorksWith } from './WorksWith';

const product = (_id: string, name: string, price: number) => ({
  _id,
  name,
  image: `/images/${_id}.svg`,
  brand: 'Volt',
  category: 'Cables',
  description: '',
  specs: [],
  images: [],
  accessories: [],
  price,
  countInStock: 3,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  reviews: [],
});

describe('WorksWith (issue 40)', () => {
  it('shows the accessories found, in the admin’s order, as linked cards; a removed one is left out', async () => {
    const calls = mockFetch({
      'GET /api/products/case': () => ({ body: product('case', 'Volt Case', 19.99) }),
      'GET /api/products/gone': () => ({ status: 404, body: { message: 'Product not found' } }),
      'GET /api/products/cable': () => ({ body: product('cable', 'USB-C Cable', 9.99) }),
    });
    renderAt(<WorksWith ids={['case', 'gone', 'cable']} />);
    const section = await screen.findByRole('region', { name: 'Works with' });
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/product/case', '/product/cable']);
    expect(links[0]).toHaveTextContent('Volt Case$19.99');
    // Each read without its reviews (the cart's read), once.
    expect(calls.map((c) => c.url).sort()).toEqual([
      expect.stringMatching(/^\/api\/products\/cable/),
      expect.stringMatching(/^\/api\/products\/case/),
      expect.stringMatching(/^\/api\/products\/gone/),
    ]);
  });

  it('shows nothing when none is found', async () => {
    const calls = mockFetch({
      'GET /api/products/gone': () => ({ status: 404, body: { message: 'Product not found' } }),
    });
    const { container } = renderAt(<WorksWith ids={['gone']} />);
    await expect.poll(() => calls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="works-with"]')).toBeNull();
  });
});
