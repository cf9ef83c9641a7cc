// The product edit page's two histories (stock, price) share one panel (HistoryPanel): closed and unread at first,
// read when opened, a Variant column for a product with variants, older pages on demand, an empty history said so.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { PriceHistory } from './PriceHistory';
import { StockHistory } from './StockHistory';

const product = {
  options: [{ name: 'Storage', values: ['256 GB', '512 GB'] }],
  variants: [
    { _id: 'v1', sku: 'PH-256', options: { Storage: '256 GB' }, price: 500, countInStock: 3 },
    { _id: 'v2', sku: 'PH-512', options: { Storage: '512 GB' }, price: 600, countInStock: 1 },
  ],
} as never;

describe('product histories (HistoryPanel)', () => {
  beforeEach(() => setUserInfo({ _id: 'a1', name: 'Ada', email: 'admin@voltshop.test', isAdmin: true, token: 't' }));
  afterEach(() => signOut());

  it('the stock history is read only once opened, names the variant, and loads older pages on demand', async () => {
    const calls = mockFetch({
      'GET /api/products/p1/stock-history': () => ({
        body: {
          entries: [
            { at: '2026-11-20T10:00:00.000Z', delta: -1, after: 2, cause: 'order', orderId: 'o1', variant: 'v1' },
          ],
          nextBefore: 'c1',
        },
      }),
      'GET /api/products/p1/stock-history?before=c1': () => ({
        body: {
          entries: [
            { at: '2026-11-19T10:00:00.000Z', delta: 3, after: 3, cause: 'admin-edit', by: 'a1', variant: 'v1' },
          ],
          nextBefore: null,
        },
      }),
    });
    const { user } = renderAt(<StockHistory productId="p1" product={product} />);
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show stock history' }));
    const table = await screen.findByRole('region', { name: 'Stock changes' });
    expect(within(table).getByRole('columnheader', { name: 'Variant' })).toBeInTheDocument();
    expect(within(table).getByText('256 GB (PH-256)')).toBeInTheDocument();
    expect(within(table).getByText('Order placed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older changes' }));
    expect(await within(table).findByText('You (a1)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older changes' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/products/p1/stock-history',
      '/api/products/p1/stock-history?before=c1',
    ]);
  });

  it('an empty price history says so; a product without variants has no Variant column', async () => {
    mockFetch({ 'GET /api/products/p2/price-history': () => ({ body: { entries: [], nextBefore: null } }) });
    const { user } = renderAt(<PriceHistory productId="p2" />);
    await user.click(screen.getByRole('button', { name: 'Show price history' }));
    expect(await screen.findByText('No price changes yet.')).toBeInTheDocument();
  });

  it('a price change reads from → to, by whom; the Hide button closes the panel', async () => {
    mockFetch({
      'GET /api/products/p3/price-history': () => ({
        body: {
          entries: [{ at: '2026-11-20T10:00:00.000Z', by: 'u9', fromCents: 1999, toCents: 1499 }],
          nextBefore: null,
        },
      }),
    });
    const { user } = renderAt(<PriceHistory productId="p3" />);
    await user.click(screen.getByRole('button', { name: 'Show price history' }));
    const table = await screen.findByRole('region', { name: 'Price changes' });
    expect(within(table).queryByRole('columnheader', { name: 'Variant' })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'u9' })).toBeInTheDocument();
    expect(table.textContent).toContain('$19.99 → $14.99');
    await user.click(screen.getByRole('button', { name: 'Hide price history' }));
    expect(screen.queryByRole('region', { name: 'Price changes' })).not.toBeInTheDocument();
  });
});
