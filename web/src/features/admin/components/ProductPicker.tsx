// Issue 40: products picked by name instead of typed ids (a discount code's products, a product's accessories).
// The catalogue's own search (GET /api/products?keyword=, the admin search's products call) offers them; the chosen
// ones show as removable chips with their names (an id nobody named yet is read once with GET /api/products/:id).
import type { Product } from '@domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { call } from '@/lib/api';
import { productGet, productList } from '@/lib/endpoints.gen';
import { formatPrice } from '@/lib/format';
import { adminKeys } from '@/lib/queryKeys';

const MIN_LENGTH = 2;
const SHOWN = 8;

/** The typed text once it has rested 200 ms (no request per keystroke). */
function useSettled(text: string, ms = 200): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

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
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const q = useSettled(text.trim());
  const base = useId();
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${base}-results`;
  const optionId = (i: number) => `${base}-option-${i}`;
  const full = max != null && value.length >= max;

  const search = useQuery({
    queryKey: ['admin', 'search', 'products', q],
    queryFn: ({ signal }) => call(productList, { query: { keyword: q }, signal }),
    enabled: q.length >= MIN_LENGTH && !full,
    staleTime: 30_000,
  });
  const skip = new Set([...value, ...exclude]);
  const hits: Product[] = (search.data?.products ?? []).filter((p) => !skip.has(p._id)).slice(0, SHOWN);
  const showing = open && q.length >= MIN_LENGTH && !full;
  const names = useProductNames(value, picked);

  function pick(product: Product) {
    setPicked((m) => new Map(m).set(product._id, product.name));
    onChange([...value, product._id]);
    setText('');
    setActive(-1);
    input.current?.focus();
  }

  function remove(id: string) {
    onChange(value.filter((v) => v !== id));
    input.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && hits.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % hits.length);
    } else if (e.key === 'ArrowUp' && hits.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? hits.length - 1 : i - 1));
    } else if (e.key === 'Enter') {
      // Never submits the form the picker is in: Enter picks (the active result, else the first).
      e.preventDefault();
      const hit = hits[active >= 0 ? active : 0];
      if (hit && showing) pick(hit);
    } else if (e.key === 'Escape') {
      if (showing) e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  const nameOf = (id: string) => {
    const name = names.get(id);
    return name === null ? `Removed product (${id})` : (name ?? 'Loading…');
  };

  return (
    <div
      className="product-picker mb-3"
      ref={box}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${base}-input`} className="form-label">
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
          id={`${base}-input`}
          ref={input}
          type="search"
          className="form-control"
          placeholder={full ? `At most ${max}` : 'Search products by name'}
          autoComplete="off"
          role="combobox"
          aria-expanded={showing}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={help ? `${base}-help` : undefined}
          aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
          disabled={full}
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={`${label}: results`}
          className="admin-search-results"
          hidden={!showing}
        >
          {showing &&
            (hits.length === 0 ? (
              <div className="admin-search-none pt-2" role="presentation">
                {search.isFetching || q !== text.trim() ? 'Searching…' : 'No match'}
              </div>
            ) : (
              hits.map((p, i) => (
                <div
                  key={p._id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={`admin-search-hit${i === active ? ' active' : ''}`}
                  // mousedown: picked before the input's blur closes the list.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(p);
                  }}
                  onMouseEnter={() => setActive(i)}
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
        <div id={`${base}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}
