// The catalogue's filter bar (home, category and search pages): category and brand with their counts, a price
// range and the "Sort" select, all kept in the URL (catalogHref), so links and back/forward work. On narrow screens
// the filters move into an offcanvas opened by a "Filters" button; the sort stays in the bar.
import type { CatalogFacets } from '@domain';
import { CATALOG_SORT_VALUES, CATALOG_SORTS, type CatalogSort, type CatalogView } from '@domain/catalogQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { catalogHref } from '../catalogUrl';
import type { FilterProps } from './FilterFields';

// The offcanvas (and react-bootstrap's modal machinery) is only downloaded when a shopper opens it.
const FiltersOffcanvas = lazy(() => import('./FiltersOffcanvas'));
// The fields: a wide screen's bar shows them (loaded at once there), a narrow one only in the offcanvas.
const FilterFields = lazy(() => import('./FilterFields'));

/**
 * The facet counts once they arrive, null meanwhile (and on an error: the fields work without counts). It never
 * suspends: a navigation (a transition) would otherwise keep the previous view's fields on screen until the new
 * counts came, and a second change made meanwhile would undo the first.
 */
function useFacetCounts(facets: CatalogFacets | Promise<CatalogFacets>): CatalogFacets | null {
  const [answer, setAnswer] = useState<{ of: Promise<CatalogFacets>; counts: CatalogFacets | null } | null>(null);
  useEffect(() => {
    if (!(facets instanceof Promise)) return;
    let current = true;
    facets.then(
      (counts) => current && setAnswer({ of: facets, counts }),
      () => current && setAnswer({ of: facets, counts: null }),
    );
    return () => {
      current = false;
    };
  }, [facets]);
  if (!(facets instanceof Promise)) return facets;
  return answer?.of === facets ? answer.counts : null;
}

/** How many filters are set (shown on the "Filters" button). */
const activeFilters = (view: CatalogView) =>
  [view.category, view.brand, view.minPrice ?? view.maxPrice].filter((v) => v !== undefined).length;

export function CatalogFilters({
  keyword,
  view,
  facets,
}: FilterProps & { facets: CatalogFacets | Promise<CatalogFacets> }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const active = activeFilters(view);
  const counts = useFacetCounts(facets);
  // Bootstrap's md breakpoint: below it the fields live in the offcanvas, and the bar is not rendered at all.
  const wide = useMediaQuery('(min-width: 768px)');
  const fields = (idPrefix: string, onChange?: () => void) => (
    <FilterFields keyword={keyword} view={view} facets={counts} idPrefix={idPrefix} onChange={onChange} />
  );
  return (
    <div className="catalog-toolbar d-flex flex-wrap align-items-end gap-2 mb-3" data-testid="catalog-filters">
      <button
        type="button"
        className="btn btn-light btn-sm border d-md-none"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Filters{active ? ` (${active})` : ''}
      </button>
      {wide && (
        <div className="d-none d-md-flex flex-wrap align-items-end gap-3">
          <Suspense fallback={null}>{fields('bar')}</Suspense>
        </div>
      )}
      <div className="catalog-filter catalog-sort ms-auto">
        <label className="form-label small mb-1" htmlFor="catalog-sort">
          Sort
        </label>
        <select
          id="catalog-sort"
          className="form-select form-select-sm"
          value={view.sort}
          onChange={(e) => navigate(catalogHref({ keyword, view: { ...view, sort: e.target.value as CatalogSort } }))}
        >
          {/* "Best match" ranks a search: offered with a keyword only (without one the list is the newest first). */}
          {CATALOG_SORT_VALUES.filter((sort) => sort !== 'relevance' || keyword.trim()).map((sort) => (
            <option key={sort} value={sort}>
              {CATALOG_SORTS[sort]}
            </option>
          ))}
        </select>
      </div>
      {open && (
        <Suspense fallback={null}>
          <FiltersOffcanvas onHide={() => setOpen(false)}>
            <div className="d-flex flex-column gap-3">{fields('panel', () => setOpen(false))}</div>
          </FiltersOffcanvas>
        </Suspense>
      )}
    </div>
  );
}
