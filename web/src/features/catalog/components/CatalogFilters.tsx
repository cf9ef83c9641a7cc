// The catalogue's filter bar (home, category and search pages): category and brand with their counts, a price
// range and the "Sort" select, all kept in the URL (catalogHref), so links and back/forward work. On narrow screens
// the filters move into an offcanvas opened by a "Filters" button; the sort stays in the bar.
import type { CatalogFacets, FacetCount } from '@domain';
import { CATALOG_SORT_VALUES, CATALOG_SORTS, type CatalogSort, type CatalogView } from '@domain/catalogQuery';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { catalogHref, hasFilters, withoutFilters } from '../catalogUrl';

// The offcanvas (and react-bootstrap's modal machinery) is only downloaded when a shopper opens it.
const FiltersOffcanvas = lazy(() => import('./FiltersOffcanvas'));

interface FilterProps {
  keyword: string;
  view: CatalogView;
}

/** The choices of a facet, with the current value kept even when the counts do not list it (yet). */
function choices(counts: FacetCount[] | undefined, current: string | undefined): FacetCount[] {
  const list = counts ?? [];
  return current === undefined || list.some((c) => c.value === current)
    ? list
    : [{ value: current, count: 0 }, ...list];
}

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

/** Category, brand and price fields; each change navigates to the view's URL (page 1). */
export function FilterFields({
  keyword,
  view,
  facets,
  idPrefix,
  onChange,
}: FilterProps & { facets: CatalogFacets | null; idPrefix: string; onChange?: () => void }) {
  const navigate = useNavigate();
  const go = (next: Partial<CatalogView>) => {
    navigate(catalogHref({ keyword, view: { ...view, ...next } }));
    onChange?.();
  };
  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => {
      const text = String(form.get(name) ?? '').trim();
      const value = Number(text);
      return text === '' || !Number.isFinite(value) || value < 0 ? undefined : Math.round(value * 100) / 100;
    };
    let [minPrice, maxPrice] = [read('minPrice'), read('maxPrice')];
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
      [minPrice, maxPrice] = [maxPrice, minPrice];
    go({ minPrice, maxPrice });
  };
  const facetSelect = (name: 'category' | 'brand', label: string, all: string, counts: FacetCount[] | undefined) => (
    <div className="catalog-filter">
      <label className="form-label small mb-1" htmlFor={`${idPrefix}-${name}`}>
        {label}
      </label>
      <select
        id={`${idPrefix}-${name}`}
        className="form-select form-select-sm"
        value={view[name] ?? ''}
        onChange={(e) => go({ [name]: e.target.value || undefined })}
      >
        <option value="">{all}</option>
        {choices(counts, view[name]).map((c) => (
          <option key={c.value} value={c.value}>
            {c.value} ({c.count})
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {facetSelect('category', 'Category', 'All categories', facets?.categories)}
      {facetSelect('brand', 'Brand', 'All brands', facets?.brands)}
      <form
        className="catalog-filter catalog-price"
        onSubmit={applyPrice}
        aria-label="Price range"
        // Re-created with the URL's values whenever they change (back/forward, a cleared filter).
        key={`${view.minPrice ?? ''}-${view.maxPrice ?? ''}`}
      >
        <fieldset>
          <legend className="form-label small mb-1">Price ($)</legend>
          <div className="d-flex align-items-center gap-1">
            <input
              className="form-control form-control-sm"
              name="minPrice"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              placeholder="Min"
              aria-label="Minimum price"
              defaultValue={view.minPrice ?? ''}
            />
            <span aria-hidden="true">–</span>
            <input
              className="form-control form-control-sm"
              name="maxPrice"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              placeholder="Max"
              aria-label="Maximum price"
              defaultValue={view.maxPrice ?? ''}
            />
            <button type="submit" className="btn btn-sm btn-primary">
              Apply
            </button>
          </div>
        </fieldset>
      </form>
      {hasFilters(keyword, view) && (
        <Link
          className="catalog-clear small align-self-end pb-1"
          to={catalogHref({ keyword, view: withoutFilters(keyword, view) })}
          onClick={onChange}
        >
          Clear filters
        </Link>
      )}
    </>
  );
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
      {wide && <div className="d-none d-md-flex flex-wrap align-items-end gap-3">{fields('bar')}</div>}
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
