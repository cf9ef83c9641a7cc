import { fireEvent, render, screen } from '@testing-library/react';
import { catalogViewFromSearch, DEFAULT_CATALOG_SORT } from '@domain/catalogQuery';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogFilters } from './CatalogFilters';

const facets = { categories: [{ value: 'Audio', count: 3 }], brands: [{ value: 'Voltra', count: 2 }] };

/** A window `width` px wide for matchMedia's min-width queries. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const renderFilters = () =>
  render(
    <MemoryRouter>
      <CatalogFilters keyword="" view={{ sort: DEFAULT_CATALOG_SORT }} facets={facets} />
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('CatalogFilters by screen width', () => {
  it('from 768 px: the bar with category, brand and price, with their counts (its fields: a lazy chunk)', async () => {
    screenWidth(1366);
    renderFilters();
    expect(await screen.findByLabelText('Category')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Audio (3)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum price')).toBeInTheDocument();
  });

  it('below 768 px: no bar rendered (the fields open in the offcanvas), the Filters button and the sort stay', () => {
    screenWidth(390);
    renderFilters();
    expect(screen.queryByLabelText('Category')).toBeNull();
    expect(screen.queryByLabelText('Minimum price')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort')).toBeInTheDocument();
  });
});

/** The current URL, for the navigation a choice makes. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** The bar as the catalogue page renders it for `url`'s query (the loader's reading) on a search for `keyword`. */
const renderFor = (keyword: string, query = '') =>
  render(
    <MemoryRouter>
      <CatalogFilters
        keyword={keyword}
        view={catalogViewFromSearch(new URLSearchParams(query), undefined, keyword)}
        facets={facets}
      />
      <Location />
    </MemoryRouter>,
  );

describe('the Sort select on a search and on the list', () => {
  const selected = () => (screen.getByLabelText('Sort') as HTMLSelectElement).selectedOptions[0]?.textContent;

  it('on a search with no sort asked for: "Best match" (the answer is ranked); choosing Newest asks for it', () => {
    screenWidth(1366);
    renderFor('laptop');
    expect(selected()).toBe('Best match');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'newest' } });
    expect(screen.getByTestId('location').textContent).toMatch(/laptop\?sort=newest$/);
  });

  it('on a search sorted newest: "Newest"; back to Best match leaves the sort out of the URL', () => {
    screenWidth(1366);
    renderFor('laptop', 'sort=newest');
    expect(selected()).toBe('Newest');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'relevance' } });
    expect(screen.getByTestId('location').textContent).not.toContain('sort=');
  });

  it('without a keyword: "Newest", and no "Best match" to choose (nothing to rank), even if the URL asks for it', () => {
    screenWidth(1366);
    for (const query of ['', 'sort=relevance']) {
      const { unmount } = renderFor('', query);
      expect(selected()).toBe('Newest');
      expect(screen.queryByRole('option', { name: 'Best match' })).toBeNull();
      unmount();
    }
  });
});
