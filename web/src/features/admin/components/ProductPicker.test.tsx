import { cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { ProductPicker } from './ProductPicker';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const product = (_id: string, name: string) => ({
  _id,
  name,
  brand: 'Volt',
  category: 'Audio',
  price: 19.99,
  image: '/images/sample.svg',
  countInStock: 3,
});
const cable = product('p-cable', 'USB-C Cable');
const charger = product('p-charger', 'USB-C Charger');
const hub = product('p-hub', 'USB-C Hub');

/** The picker as a form holds it, the chosen ids shown for the test to read. */
function Harness({ start = [], max, exclude }: { start?: string[]; max?: number; exclude?: string[] }) {
  const [ids, setIds] = useState<string[]>(start);
  return (
    <>
      <ProductPicker label="Only these products" value={ids} onChange={setIds} max={max} exclude={exclude} />
      <output data-testid="ids">{ids.join(',')}</output>
    </>
  );
}

const ids = () => screen.getByTestId('ids').textContent;

describe('ProductPicker', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
    vi.restoreAllMocks();
  });

  it('searches by name, picks with the keyboard, shows names (not ids) as chips', async () => {
    const calls = mockFetch({
      'GET /api/products': (_b, url) => ({
        body: { products: url.searchParams.get('keyword') === 'usb' ? [cable, charger, hub] : [], page: 1, pages: 1 },
      }),
    });
    const { user } = renderAt(<Harness exclude={['p-hub']} />);
    const box = screen.getByRole('combobox', { name: 'Only these products' });
    await user.type(box, 'usb');
    const results = await screen.findByRole('listbox', { name: 'Only these products: results' });
    // The excluded product is never offered.
    expect((await within(results).findAllByRole('option')).map((o) => o.textContent)).toEqual([
      expect.stringContaining('USB-C Cable'),
      expect.stringContaining('USB-C Charger'),
    ]);
    expect(calls.some((c) => c.url.includes('keyword=usb'))).toBe(true);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', within(results).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(ids()).toBe('p-charger');
    const chips = screen.getByRole('list', { name: 'Only these products: chosen' });
    expect(within(chips).getByText('USB-C Charger')).toBeInTheDocument();
    expect(within(chips).queryByText('p-charger')).toBeNull();
    // The box is emptied and keeps the focus for the next one; a chosen product is not offered again.
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('removes a chip by its button or by Backspace in the empty box; Escape closes the results', async () => {
    mockFetch({
      'GET /api/products/p-cable': () => ({ body: { ...cable, reviews: [] } }),
      'GET /api/products/p-charger': () => ({ body: { ...charger, reviews: [] } }),
      'GET /api/products': () => ({ body: { products: [hub], page: 1, pages: 1 } }),
    });
    const { user } = renderAt(<Harness start={['p-charger', 'p-cable']} />);
    await user.click(await screen.findByRole('button', { name: 'Remove USB-C Charger' }));
    expect(ids()).toBe('p-cable');
    const box = screen.getByRole('combobox', { name: 'Only these products' });
    expect(box).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(ids()).toBe('');
    await user.type(box, 'hub');
    await screen.findByRole('option', { name: /USB-C Hub/ });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('names the products already chosen (read once by id); a gone one says so; at most `max`', async () => {
    mockFetch({
      'GET /api/products/p-cable': () => ({ body: { ...cable, reviews: [] } }),
      'GET /api/products/p-gone': () => ({ status: 404, body: { message: 'Product not found' } }),
    });
    renderAt(<Harness start={['p-cable', 'p-gone']} max={2} />);
    expect(await screen.findByRole('button', { name: 'Remove USB-C Cable' })).toBeInTheDocument();
    expect(await screen.findByText('Removed product (p-gone)')).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Only these products' });
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('placeholder', 'At most 2');
  });

  it('says when nothing matches, and Enter there submits nothing', async () => {
    mockFetch({ 'GET /api/products': () => ({ body: { products: [], page: 1, pages: 1 } }) });
    const submitted = vi.fn((e: SubmitEvent) => e.preventDefault());
    const { user } = renderAt(
      <form onSubmit={(e) => submitted(e.nativeEvent as SubmitEvent)}>
        <Harness />
      </form>,
    );
    await user.type(screen.getByRole('combobox'), 'zzzz');
    expect(await screen.findByText('No match')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(submitted).not.toHaveBeenCalled();
    expect(ids()).toBe('');
  });
});
