import type { Product } from '@domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt, renderRoutes, LocationProbe } from '@/testing/render';
import { ProductListPage } from './ProductListPage';

const product = (n: number, over: Partial<Product> = {}): Product => ({
  _id: `p${n}`,
  slug: `product-${n}`,
  name: `Product ${n}`,
  price: n * 10,
  image: '/images/x.svg',
  brand: n % 2 ? 'Kestrel' : 'Lumen',
  category: 'Audio',
  description: 'd',
  countInStock: n,
  specs: [],
  images: [{ url: '/images/x.svg', alt: '' }],
  accessories: [],
  rating: 0,
  numReviews: 0,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('ProductListPage', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it('shows ID, NAME, PRICE, CATEGORY, BRAND, Count of the page and admin pagination links', async () => {
    const calls = mockFetch({
      'GET /api/products': (_b, url) => ({
        body: {
          products: [product(1), product(2, { countInStock: 0 })],
          page: Number(url.searchParams.get('pageNumber')),
          pages: 3,
        },
      }),
    });
    renderAt(<ProductListPage />, { path: '/admin/productlist/:pageNumber', at: '/admin/productlist/2' });
    const table = await screen.findByRole('table', { name: 'Products, page 2 of 3' });
    expect(calls[0].url).toBe('/api/products?keyword=&pageNumber=2');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[↕▲▼]/g, '')),
    ).toEqual(['ID', 'NAME', 'PRICE', 'CATEGORY', 'BRAND', 'Count', 'Actions']);
    const row = within(table).getByRole('row', { name: /Product 1/ });
    expect(within(row).getByText('$10.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Product 1' })).toHaveAttribute('href', '/admin/product/p1/edit');
    expect(screen.getByTestId('row-count')).toHaveTextContent('2 products on page 2 of 3');
    const pages = within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('link');
    expect(pages.map((a) => a.getAttribute('href'))).toEqual([
      '/admin/productlist',
      '/admin/productlist/2',
      '/admin/productlist/3',
    ]);
  });

  it('shows a variant product’s stock honestly: its variants’ sum, not the default’s (issue 40)', async () => {
    const variant = (id: string, countInStock: number) => ({ _id: id, sku: id, options: {}, price: 10, countInStock });
    mockFetch({
      'GET /api/products': () => ({
        body: {
          products: [product(1, { countInStock: 50, variants: [variant('a', 50), variant('b', 0), variant('c', 10)] })],
          page: 1,
          pages: 1,
        },
      }),
    });
    renderAt(<ProductListPage />, { path: '/admin/productlist', at: '/admin/productlist' });
    const row = await screen.findByRole('row', { name: /Product 1/ });
    expect(within(row).getByText('60')).toBeInTheDocument();
    expect(within(row).getByText('across 3 variants')).toBeInTheDocument();
    expect(within(row).queryByText('50')).toBeNull();
  });

  it('lists the drafts apart, marked Draft, with Edit and Delete', async () => {
    mockFetch({
      'GET /api/products/drafts': () => ({
        body: [product(7, { name: 'Sample name', isDraft: true, createdAt: '2026-03-01T10:00:00.000Z' })],
      }),
      'GET /api/products': () => ({ body: { products: [product(1)], page: 1, pages: 1 } }),
    });
    renderAt(<ProductListPage />, { path: '/admin/productlist', at: '/admin/productlist' });
    const drafts = await screen.findByRole('table', { name: 'Drafts' });
    const row = within(drafts).getByRole('row', { name: /Sample name/ });
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Sample name' })).toHaveAttribute(
      'href',
      '/admin/product/p7/edit',
    );
    expect(within(row).getByRole('button', { name: 'Delete Sample name' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Products, page 1 of 1' })).toBeInTheDocument();
  });

  it('Create Product posts an empty body and opens the new product for editing', async () => {
    const calls = mockFetch({
      'GET /api/products': () => ({ body: { products: [product(1)], page: 1, pages: 1 } }),
      'POST /api/products': () => ({ status: 201, body: product(99, { name: 'Sample name' }) }),
    });
    const { user } = renderRoutes(
      [
        { path: '/admin/productlist', element: <ProductListPage /> },
        { path: '*', element: <LocationProbe /> },
      ],
      { at: '/admin/productlist' },
    );
    await user.click(await screen.findByRole('button', { name: 'Create Product' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/product/p99/edit');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toBeUndefined();
  });

  it('deletes after confirmation and reloads the page', async () => {
    let products = [product(1), product(2)];
    const calls = mockFetch({
      'GET /api/products': () => ({ body: { products, page: 1, pages: 1 } }),
      'DELETE /api/products/p2': () => {
        products = products.filter((p) => p._id !== 'p2');
        return { body: { message: 'Product removed' } };
      },
    });
    const { user } = renderAt(<ProductListPage />, { path: '/admin/productlist' });
    await user.click(await screen.findByRole('button', { name: 'Delete Product 2' }));
    // The dialog names the product, asks the spec's question, and starts on Cancel.
    const dialog = await screen.findByRole('dialog', { name: 'Delete product “Product 2”?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product Product 2 deleted.')).toBeInTheDocument();
    expect(await screen.findByTestId('row-count')).toHaveTextContent('1 product');
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('searches the whole catalogue on the server, keeps the search in the URL and the pager, says when none match', async () => {
    const catalogue = [
      product(1, { name: 'Orbis Portable SSD 1TB' }),
      product(2),
      product(3, { name: 'Voltra NVMe SSD' }),
    ];
    const calls = mockFetch({
      'GET /api/products': (_b, url) => {
        const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
        const found = catalogue.filter((p) => p.name.toLowerCase().includes(keyword));
        const page = Number(url.searchParams.get('pageNumber'));
        // One product a page, so the pager shows.
        return { body: { products: found.slice(page - 1, page), page, pages: found.length } };
      },
    });
    const { user } = renderRoutes(
      [
        {
          path: '/admin/productlist/:pageNumber?',
          element: (
            <>
              <ProductListPage />
              <LocationProbe />
            </>
          ),
        },
      ],
      { at: '/admin/productlist/2' },
    );
    expect(await screen.findByRole('table', { name: 'Products, page 2 of 3' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search products by name'), 'SSD');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // A new search starts at page 1 of the matches, from the server.
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/productlist?search=SSD');
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/products?keyword=SSD&pageNumber=1'));
    expect(await screen.findByRole('row', { name: /Orbis Portable SSD 1TB/ })).toBeInTheDocument();
    expect(screen.getByTestId('row-count')).toHaveTextContent('1 product matching “SSD” on page 1 of 2');
    const pages = within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('link');
    expect(pages.map((a) => a.getAttribute('href'))).toEqual([
      '/admin/productlist?search=SSD',
      '/admin/productlist/2?search=SSD',
    ]);
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('row', { name: /Voltra NVMe SSD/ })).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/api/products?keyword=SSD&pageNumber=2');

    await user.clear(screen.getByLabelText('Search products by name'));
    await user.type(screen.getByLabelText('Search products by name'), 'Nothing here');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No products match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search products by name')).toHaveValue('Nothing here');
  });
});
