import type { Product } from '@domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { LocationProbe, mockFetch, renderAt, renderRoutes } from '@/testing/render';
import { ProductEditPage } from './ProductEditPage';

const version = (n: number, over: Partial<Product> = {}): Product => ({
  _id: 'p1',
  slug: 'p1-slug',
  name: `Lamp v${n}`,
  price: 20,
  image: '/images/x.svg',
  brand: 'Volt',
  category: 'Lights',
  description: `Description v${n}`,
  countInStock: 5,
  specs: [],
  images: [{ url: '/images/x.svg', alt: '' }],
  accessories: [],
  rating: 0,
  numReviews: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: `2026-03-01T10:0${n}:00.000Z`,
  ...over,
});

describe('ProductEditPage: versioned saves', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it(
    'sends the version it loaded; on a 409 offers Reload, which brings the current product and its version',
    { timeout: 30_000 },
    async () => {
      let current = version(1);
      const calls = mockFetch({
        'GET /api/products/p1': () => ({ body: current }),
        'PUT /api/products/p1': (body) =>
          (body as { editedFrom: { updatedAt: string } }).editedFrom.updatedAt === current.updatedAt
            ? { body: current }
            : { status: 409, body: { message: 'This product changed since you opened it. Reload it…' } },
      });
      renderAt(<ProductEditPage />, { path: '/admin/product/:id/edit', at: '/admin/product/p1/edit' });
      const user = userEvent.setup();
      const name = await screen.findByLabelText('Name');
      expect(name).toHaveValue('Lamp v1');

      current = version(2, { countInStock: 3 }); // someone else saved (and 2 sold) meanwhile
      await user.clear(name);
      await user.type(name, 'Mine');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText(/This product changed since you opened it/)).toBeInTheDocument();
      const put = calls.find((c) => c.method === 'PUT')!;
      expect(put.body).toMatchObject({
        name: 'Mine',
        editedFrom: { updatedAt: version(1).updatedAt, countInStock: 5 },
      });

      await user.click(screen.getByRole('button', { name: 'Reload' }));
      // Nothing of the outdated form stays: the fields and the version are the product's as it is now.
      expect(await screen.findByDisplayValue('Lamp v2')).toBeInTheDocument();
      expect(screen.getByLabelText('Count In Stock')).toHaveValue(3);
      expect(screen.queryByText(/This product changed/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Update' }));
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts).toHaveLength(2);
      expect(puts[1]!.body).toMatchObject({ editedFrom: { updatedAt: version(2).updatedAt, countInStock: 3 } });
    },
  );

  it('a draft reads as a new product: "New product", empty fields, Update (the spec\'s text); no "View in shop" link', async () => {
    const draft = version(1, { name: 'Sample name', price: 0, brand: 'Sample brand', countInStock: 0, isDraft: true });
    mockFetch({ 'GET /api/products/p1': () => ({ body: draft }) });
    renderAt(<ProductEditPage />, { path: '/admin/product/:id/edit', at: '/admin/product/p1/edit' });
    expect(await screen.findByText(/Draft: not in the shop until you create it/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Update' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Price')).toHaveValue(null);
    expect(screen.getByLabelText('Brand')).toHaveValue('');
    expect(screen.queryByDisplayValue(/Sample/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'View in shop' })).toBeNull();
  });

  it('Cancel or Go Back on a new product throws its draft away, so no empty draft is left in the list', async () => {
    for (const name of ['Cancel', 'Go Back']) {
      const draft = version(1, { name: 'Sample name', price: 0, countInStock: 0, isDraft: true });
      const calls = mockFetch({
        'GET /api/products/p1': () => ({ body: draft }),
        'DELETE /api/products/p1': () => ({ body: { message: 'Product removed' } }),
      });
      const { unmount } = renderRoutes(
        [
          { path: '/admin/product/:id/edit', element: <ProductEditPage /> },
          { path: '*', element: <LocationProbe /> },
        ],
        { at: '/admin/product/p1/edit' },
      );
      await userEvent.click(await screen.findByRole('button', { name }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/admin/productlist');
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/products/p1']);
      unmount();
    }
  });

  it('Cancel on a published product deletes nothing', async () => {
    const calls = mockFetch({ 'GET /api/products/p1': () => ({ body: version(1) }) });
    renderRoutes(
      [
        { path: '/admin/product/:id/edit', element: <ProductEditPage /> },
        { path: '*', element: <LocationProbe /> },
      ],
      { at: '/admin/product/p1/edit' },
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/productlist');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('a published product links to its page in the shop', async () => {
    mockFetch({ 'GET /api/products/p1': () => ({ body: version(1) }) });
    renderAt(<ProductEditPage />, { path: '/admin/product/:id/edit', at: '/admin/product/p1/edit' });
    expect(await screen.findByRole('link', { name: 'View in shop' })).toHaveAttribute('href', '/product/p1-slug'); // issue 40: its slug
    expect(screen.queryByText(/Draft:/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Update' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Lamp v1');
  });
});

describe('ProductEditPage: stock history', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it('names the variant whose stock moved (a 512 GB variant at 0 too)', async () => {
    const withVariants = version(1, {
      options: [{ name: 'Storage', values: ['256 GB', '512 GB'] }],
      variants: [
        { _id: 'v1', sku: 'PH-256', options: { Storage: '256 GB' }, price: 5, countInStock: 4 },
        { _id: 'v2', sku: 'PH-512', options: { Storage: '512 GB' }, price: 6, countInStock: 0 },
      ],
    } as Partial<Product>);
    mockFetch({
      'GET /api/products/p1': () => ({ body: withVariants }),
      'GET /api/products/p1/stock-history': () => ({
        body: {
          entries: [{ at: '2026-03-02T10:00:00.000Z', delta: -1, after: 0, cause: 'order', variant: 'v2', by: 'u1' }],
          nextBefore: null,
        },
      }),
    });
    renderAt(<ProductEditPage />, { path: '/admin/product/:id/edit', at: '/admin/product/p1/edit' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show stock history' }));
    // (The form's variants table has a Variant column too: the history's own is asked for.)
    const history = screen.getByRole('region', { name: 'Stock history' });
    expect(await within(history).findByRole('columnheader', { name: 'Variant' })).toBeInTheDocument();
    // Whole words in the cell (the editor's side column once cut "Midnight" mid-word): admin.css .admin-variant.
    expect(within(history).getByText('512 GB (PH-512)')).toHaveClass('admin-variant');
  });

  it('loads only when opened, shows each change with its cause, and pages to older changes', async () => {
    const calls = mockFetch({
      'GET /api/products/p1': () => ({ body: version(1) }),
      'GET /api/products/p1/stock-history': () => ({
        body: {
          entries: [
            { at: '2026-03-02T10:00:00.000Z', delta: 2, after: 5, cause: 'cancel', orderId: 'o1', by: 'u1' },
            { at: '2026-03-02T09:00:00.000Z', delta: -2, after: 3, cause: 'order', orderId: 'o1', by: 'u1' },
          ],
          nextBefore: 'c1',
        },
      }),
      'GET /api/products/p1/stock-history?before=c1': () => ({
        body: {
          entries: [{ at: '2026-03-01T10:00:00.000Z', delta: 5, after: 5, cause: 'admin-edit', by: 'a1' }],
          nextBefore: null,
        },
      }),
    });
    renderAt(<ProductEditPage />, { path: '/admin/product/:id/edit', at: '/admin/product/p1/edit' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show stock history' }));
    expect(calls.filter((c) => c.url.includes('stock-history'))).toHaveLength(1);
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(screen.getByText('Order placed')).toBeInTheDocument();
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(screen.getByText('−2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'order' })[0]).toHaveAttribute('href', '/order/o1');
    // The customer's whole id (issue 40: wrapping, never cut), linking to their page (name and email).
    const actors = screen.getAllByRole('link', { name: 'u1' });
    expect(actors).toHaveLength(2);
    expect(actors[0]).toHaveAttribute('href', '/admin/customers/u1');
    expect(actors[0]!.closest('td')).toHaveClass('admin-actor');
    expect(actors[0]!.closest('td')).not.toHaveClass('text-truncate');

    await user.click(screen.getByRole('button', { name: 'Older changes' }));
    expect(await screen.findByText('Admin edit')).toBeInTheDocument();
    expect(screen.getByText('You (a1)')).toBeInTheDocument(); // a1 is the signed-in admin
    expect(screen.queryByRole('columnheader', { name: 'Variant' })).toBeNull(); // no variants, no column
    expect(screen.queryByRole('button', { name: 'Older changes' })).toBeNull();
  });

  it('asks for nothing until opened', async () => {
    const calls = mockFetch({ 'GET /api/products/p1': () => ({ body: version(1) }) });
    renderAt(<ProductEditPage />, { path: '/admin/product/:id/edit', at: '/admin/product/p1/edit' });
    expect(await screen.findByRole('heading', { name: 'Stock history' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('stock-history'))).toBe(false);
  });

  it('a draft shows no stock history', async () => {
    mockFetch({ 'GET /api/products/p1': () => ({ body: version(1, { isDraft: true }) }) });
    renderAt(<ProductEditPage />, { path: '/admin/product/:id/edit', at: '/admin/product/p1/edit' });
    expect(await screen.findByText(/Draft: not in the shop/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stock history' })).toBeNull();
  });
});
