// The filter bar's fields (category and brand with their counts, the price range, "Clear filters"): a chunk of their
// own, loaded by the bar on a wide screen or by the offcanvas when a shopper opens it on a narrow one. Phones never
// show them at the first paint, so they stay out of the home page's first bundle (issue 42).
import type { CatalogFacets, FacetCount } from '@domain';
import type { CatalogView } from '@domain/catalogQuery';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { catalogHref, hasFilters, withoutFilters } from '../catalogUrl';

export interface FilterProps {
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

/** Category, brand and price fields; each change navigates to the view's URL (page 1). */
export default function FilterFields({
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
  /** One end of the price range, as the URL has it (read when the range is applied). */
  const priceInput = (name: 'minPrice' | 'maxPrice', placeholder: string, label: string) => (
    <input
      className="form-control form-control-sm"
      name={name}
      type="number"
      min={0}
      step="0.01"
      inputMode="decimal"
      placeholder={placeholder}
      aria-label={label}
      defaultValue={view[name] ?? ''}
    />
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
            {priceInput('minPrice', 'Min', 'Minimum price')}
            <span aria-hidden="true">–</span>
            {priceInput('maxPrice', 'Max', 'Maximum price')}
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
