// Issue 40: products picked by name instead of typed ids (a discount code's products, a product's accessories).
// The catalogue's own search (GET /api/products?keyword=, the admin search's products call) offers them; the chosen
// ones show as removable chips with their names (an id nobody named yet is read once with GET /api/products/:id).
import type { Product } from '@domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useCombobox } from '@/components/ui/useCombobox';
import { call } from '@/lib/api';
import { productGet, productList } from '@/lib/endpoints.gen';
import { formatPrice } from '@/lib/format';
import { adminKeys } from '@/lib/queryKeys';

const MIN_LENGTH = 2;
const SHOWN = 8;

/** The names of `ids`: those already known (`known`, e.g. just picked from the results), the others read once each
 *  (GET /api/products/:id, the edit form's query: cached under the same key). `null`: no such product any more. */
export function useProductNames(ids: readonly string[], known: ReadonlyMap<string, string> = new Map()) {
  const unknown = ids.filter((id) => !known.has(id));
  const reads = useQueries({
    queries: unknown.map((id) => ({
      queryKey: adminKeys.product(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(productGet, { params: { id }, signal }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const names = new Map<string, string | null | undefined>();
  for (const id of ids) names.set(id, known.get(id));
  unknown.forEach((id, i) => {
    const read = reads[i];
    names.set(id, read?.isError ? null : read?.data?.name);
  });
  return names;
}

export interface ProductPickerProps {
  /** The field's label ("Only these products", "Works with"). */
  label: string;
  /** The chosen products' ids, in the order chosen. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Most that may be chosen (the input is disabled once reached). */
  max?: number;
  /** Ids never offered (e.g. the product being edited). */
  exclude?: readonly string[];
  /** A hint under the field. */
  help?: string;
}

/**
 * A product picker: a combobox searching the catalogue by name (ARIA 1.2: arrow keys move through the results,
 * Enter picks, Escape closes), the chosen products as chips each with its Remove button (Backspace in the empty box
 * removes the last). It wraps on narrow screens.
 */
export function ProductPicker({ label, value, onChange, max, exclude = [], help }: ProductPickerProps) {
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const full = max != null && value.length >= max;
  const box = useCombobox<Product>({
    minLength: MIN_LENGTH,
    enabled: !full,
    onPick: (product) => {
      setPicked((m) => new Map(m).set(product._id, product.name));
      onChange([...value, product._id]);
      box.inputRef.current?.focus();
    },
  });
  const q = box.query;

  const search = useQuery({
    queryKey: ['admin', 'search', 'products', q],
    queryFn: ({ signal }) => call(productList, { query: { keyword: q }, signal }),
    enabled: q.length >= MIN_LENGTH && !full,
    staleTime: 30_000,
  });
  const skip = new Set([...value, ...exclude]);
  const hits: Product[] = (search.data?.products ?? []).filter((p) => !skip.has(p._id)).slice(0, SHOWN);
  const names = useProductNames(value, picked);

  function remove(id: string) {
    onChange(value.filter((v) => v !== id));
    box.inputRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Never submits the form the picker is in: Enter picks (the active result, else the first) or does nothing.
    if (e.key === 'Enter') e.preventDefault();
    else if (e.key === 'Backspace' && box.text === '' && value.length) onChange(value.slice(0, -1));
  }

  const nameOf = (id: string) => {
    const name = names.get(id);
    return name === null ? `Removed product (${id})` : (name ?? 'Loading…');
  };

  return (
    <div className="product-picker mb-3" {...box.rootProps}>
      <label htmlFor={box.inputId} className="form-label">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="product-picker-chips list-unstyled" aria-label={`${label}: chosen`}>
          {value.map((id) => (
            <li key={id} className="product-picker-chip">
              <span className="text-break">{nameOf(id)}</span>
              <button
                type="button"
                className="btn-close"
                aria-label={`Remove ${nameOf(id)}`}
                onClick={() => remove(id)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="position-relative">
        <input
          {...box.inputProps(hits, onKeyDown)}
          type="search"
          className="form-control"
          placeholder={full ? `At most ${max}` : 'Search products by name'}
          aria-describedby={help ? `${box.id}-help` : undefined}
          disabled={full}
          maxLength={100}
        />
        <div {...box.listboxProps} aria-label={`${label}: results`} className="admin-search-results">
          {box.showing &&
            (hits.length === 0 ? (
              <div className="admin-search-none pt-2" role="presentation">
                {search.isFetching || q !== box.text.trim() ? 'Searching…' : 'No match'}
              </div>
            ) : (
              hits.map((p, i) => (
                <div
                  key={p._id}
                  {...box.optionProps(i, p)}
                  className={`admin-search-hit${i === box.active ? ' active' : ''}`}
                >
                  <span className="fw-semibold">{p.name}</span>
                  <span className="d-block small text-body-secondary text-break">
                    {p.brand} · {p.category} · {formatPrice(p.price)}
                  </span>
                </div>
              ))
            ))}
        </div>
      </div>
      {help && (
        <div id={`${box.id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}
