import { render, screen } from '@testing-library/react';
import { DEFAULT_CATALOG_SORT } from '@domain/catalogQuery';
import { MemoryRouter } from 'react-router-dom';
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
  it('from 768 px: the bar with category, brand and price, with their counts', () => {
    screenWidth(1366);
    renderFilters();
    expect(screen.getByLabelText('Category')).toHaveValue('');
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
