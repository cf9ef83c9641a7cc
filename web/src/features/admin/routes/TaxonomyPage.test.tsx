import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { TaxonomyPage } from './TaxonomyPage';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const categories = [
  { _id: 'c1', name: 'Accesories', slug: 'accesories', productCount: 1 },
  { _id: 'c2', name: 'Accessories', slug: 'accessories', productCount: 4 },
];
const brands = [{ _id: 'b1', name: 'Voltra', slug: 'voltra', productCount: 4 }];

describe('TaxonomyPage', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
    vi.restoreAllMocks();
  });

  const at = { path: '/admin/categories', at: '/admin/categories' };

  it('lists both lists with their addresses and counts; creates and renames through the API', async () => {
    const calls = mockFetch({
      'GET /api/categories': () => ({ body: categories }),
      'GET /api/brands': () => ({ body: brands }),
      'POST /api/brands': (body) => ({
        status: 201,
        body: { _id: 'b2', slug: 'nord', productCount: 0, ...(body as object) },
      }),
      'PUT /api/categories/c2': (body) => ({ body: { ...categories[1], ...(body as object) } }),
    });
    const { user } = renderAt(<TaxonomyPage />, at);
    expect(await screen.findByText('Accessories')).toBeInTheDocument();
    expect(screen.getByText('/category/accessories · 4 products')).toBeInTheDocument();
    expect(await screen.findByText('voltra · 4 products')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New brand'), ' Nord ');
    await user.click(within(screen.getByRole('region', { name: 'Brands' })).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: ' Nord ' }));

    await user.click(screen.getByRole('button', { name: 'Rename Accessories' }));
    const input = screen.getByLabelText('New name of Accessories');
    await user.clear(input);
    await user.type(input, 'Gear');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/categories/c2',
        body: { name: 'Gear' },
      }),
    );
  });

  it('merges into the picked entry after asking; shows the server’s refusal of a delete', async () => {
    const calls = mockFetch({
      'GET /api/categories': () => ({ body: categories }),
      'GET /api/brands': () => ({ body: brands }),
      'POST /api/categories/c1/merge': () => ({ body: categories[1] }),
      'DELETE /api/categories/c2': () => ({
        status: 400,
        body: { message: '"Accessories" is used by 4 products: merge it into another category first' },
      }),
    });
    const { user } = renderAt(<TaxonomyPage />, at);
    await user.click(await screen.findByRole('button', { name: 'Merge Accesories' }));
    await user.selectOptions(screen.getByLabelText('Merge Accesories into'), 'c2');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    const merge = await screen.findByRole('dialog', { name: 'Merge category “Accesories” into “Accessories”?' });
    expect(merge).toHaveTextContent('Its 1 product move there and “Accesories” is deleted.');
    await user.click(within(merge).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/categories/c1/merge',
        body: { into: 'c2' },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Accessories' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete category “Accessories”?' });
    await user.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"Accessories" is used by 4 products: merge it into another category first',
    );
  });
});
