import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { SearchBox } from './SearchBox';

const suggestions = {
  products: [
    {
      _id: 'a'.repeat(24),
      name: 'Voltra Airbook 14 Laptop',
      image: '/images/airbook.svg',
      slug: 'voltra-airbook-14-laptop',
    },
    {
      _id: 'b'.repeat(24),
      name: 'Arcwave Blade 16 Gaming Laptop',
      image: '/images/blade.svg',
      slug: 'arcwave-blade-16-gaming-laptop',
    },
  ],
  categories: ['Laptops'],
  brands: ['Voltra'],
};

function setup() {
  const calls = mockFetch({ 'GET /api/products/suggest': () => ({ body: suggestions }) });
  const page = (
    <>
      <SearchBox />
      <LocationProbe />
    </>
  );
  const rendered = renderRoutes([
    { path: '/', element: page },
    { path: '*', element: page },
  ]);
  return { ...rendered, calls };
}

const box = () => screen.getByRole('searchbox', { name: 'Search products' });
const combobox = () => screen.getByRole('combobox', { name: 'Search products' });
const suggestCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/products/suggest'));

describe('SearchBox suggestions (combobox)', () => {
  it('becomes a combobox on focus, asks from 2 characters once typing pauses, and lists the options', async () => {
    const { user, calls } = setup();
    await user.click(box());
    // The suggestions' chunk loads on the first focus.
    await waitFor(() => expect(combobox()).toHaveAttribute('aria-expanded', 'false'), { timeout: 5000 });
    expect(combobox()).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(combobox(), 'v');
    await new Promise((r) => setTimeout(r, 250));
    expect(suggestCalls(calls)).toHaveLength(0); // one character: nothing asked
    await user.type(combobox(), 'oltra lap');
    await screen.findAllByRole('option');
    const list = screen.getByRole('listbox', { name: 'Search suggestions' });
    // Debounced: typing "oltra lap" quickly asked once, for the whole text.
    expect(suggestCalls(calls).map((c) => c.url)).toEqual(['/api/products/suggest?q=voltra+lap']);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Voltra Airbook 14 Laptop',
      'Arcwave Blade 16 Gaming Laptop',
      'Category:Laptops',
      'Brand:Voltra',
    ]);
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(combobox()).toHaveAttribute('aria-controls', list.id);
    expect(screen.getByRole('status')).toHaveTextContent('4 suggestions');
  });

  it('moves through the options with the arrow keys (wrapping) and opens the highlighted one with Enter', async () => {
    const { user } = setup();
    await user.click(box());
    await user.type(await waitFor(() => combobox(), { timeout: 5000 }), 'voltra lap');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    const options = () => screen.getAllByRole('option');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(combobox()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('{ArrowUp}'); // wraps to the last
    expect(options()[3]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}'); // wraps to the first, then the second
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/product/arcwave-blade-16-gaming-laptop'),
    );
    expect(screen.queryByRole('option')).toBeNull();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the list and Enter then searches what is typed; a category and a brand go to their pages', async () => {
    const { user } = setup();
    await user.click(box());
    await user.type(await waitFor(() => combobox(), { timeout: 5000 }), 'voltra lap');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search/voltra%20lap'));

    await user.clear(combobox());
    await user.type(combobox(), 'voltra');
    await screen.findByRole('option', { name: /Laptops/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/category/Laptops'));

    await user.type(combobox(), 'x');
    await user.click(await screen.findByRole('option', { name: /Brand/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?brand=Voltra'));
  });

  it('offers the correction of a misspelt word first ("hedphones"), its products after; choosing it searches it', async () => {
    mockFetch({
      'GET /api/products/suggest': () => ({
        body: {
          products: [
            {
              _id: 'c'.repeat(24),
              name: 'Sonic Pro Headphones',
              image: '/images/sonic.svg',
              slug: 'sonic-pro-headphones',
            },
          ],
          categories: [],
          brands: [],
          didYouMean: 'headphones',
        },
      }),
    });
    const page = (
      <>
        <SearchBox />
        <LocationProbe />
      </>
    );
    const { user } = renderRoutes([
      { path: '/', element: page },
      { path: '*', element: page },
    ]);
    await user.click(box());
    await user.type(await waitFor(() => combobox(), { timeout: 5000 }), 'hedphones');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Did you meanheadphones?', 'Sonic Pro Headphones']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/search/headphones'));
  });
});
