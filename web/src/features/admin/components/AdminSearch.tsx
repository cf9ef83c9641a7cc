import type { OrderPage } from '@domain';
import { customerKey } from '@domain/customers';
import { orderNumber } from '@domain/orders';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@domain/routes';
import { call } from '@/lib/api';
import { customerList, orderList, productList } from '@/lib/endpoints.gen';
import { formatPrice } from '@/lib/format';

/** Results shown per group. */
const PER_GROUP = 5;
const MIN_LENGTH = 2;

interface Hit {
  id: string;
  to: string;
  label: string;
  detail: string;
}

interface Group {
  name: string;
  hits: Hit[];
}

/** The typed text once it has rested 200 ms (no request per keystroke). */
function useSettled(text: string, ms = 200): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * The three lists' own searches, asked in parallel (issue 40: no endpoint of its own): orders by number or customer
 * (GET /api/orders?search=), products by name and the catalogue's words (GET /api/products?keyword=), customers by
 * name or email (GET /api/customers?keyword=).
 */
function useAdminSearch(q: string): { groups: Group[]; loading: boolean } {
  const enabled = q.length >= MIN_LENGTH;
  const opts = { enabled, staleTime: 30_000 } as const;
  const orders = useQuery({
    ...opts,
    queryKey: ['admin', 'search', 'orders', q],
    queryFn: ({ signal }) => call(orderList, { query: { pageNumber: 1, search: q }, signal }) as Promise<OrderPage>,
  });
  const products = useQuery({
    ...opts,
    queryKey: ['admin', 'search', 'products', q],
    queryFn: ({ signal }) => call(productList, { query: { keyword: q }, signal }),
  });
  const customers = useQuery({
    ...opts,
    queryKey: ['admin', 'search', 'customers', q],
    queryFn: ({ signal }) => call(customerList, { query: { page: 1, keyword: q }, signal }),
  });
  const groups = useMemo<Group[]>(
    () => [
      {
        name: 'Orders',
        hits: (orders.data?.orders ?? []).slice(0, PER_GROUP).map((o) => ({
          id: `order-${o._id}`,
          to: paths.order.href(o._id),
          label: `#${orderNumber(o._id)}`,
          detail: `${o.user.name} · ${o.user.email} · ${formatPrice(o.totalPrice)}`,
        })),
      },
      {
        name: 'Products',
        hits: (products.data?.products ?? []).slice(0, PER_GROUP).map((p) => ({
          id: `product-${p._id}`,
          to: paths.admin.productEdit.href(p._id),
          label: p.name,
          detail: `${p.brand} · ${formatPrice(p.price)}`,
        })),
      },
      {
        name: 'Customers',
        hits: (customers.data?.customers ?? []).slice(0, PER_GROUP).map((c) => ({
          id: `customer-${customerKey(c)}`,
          to: paths.admin.customer.href(customerKey(c)),
          label: c.name,
          detail: `${c.email}${c.guest ? ' · guest' : ''} · ${c.orders} ${c.orders === 1 ? 'order' : 'orders'}`,
        })),
      },
    ],
    [orders.data, products.data, customers.data],
  );
  return { groups, loading: enabled && (orders.isFetching || products.isFetching || customers.isFetching) };
}

/**
 * The top bar's search over orders, products and customers: an ARIA 1.2 combobox whose popup lists the results
 * grouped; arrow keys move through them, Enter opens one, Escape closes.
 */
export function AdminSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useSettled(text.trim());
  const { groups, loading } = useAdminSearch(q);
  const navigate = useNavigate();
  const base = useId();
  const listId = `${base}-results`;
  const box = useRef<HTMLDivElement>(null);
  const hits = groups.flatMap((g) => g.hits);
  const optionId = (i: number) => `${base}-option-${i}`;
  const showing = open && q.length >= MIN_LENGTH;

  function go(hit: Hit) {
    setOpen(false);
    setText('');
    navigate(hit.to);
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
      const hit = hits[active >= 0 ? active : 0];
      if (hit && showing) {
        e.preventDefault();
        go(hit);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  }

  let index = -1;
  return (
    <div
      className="admin-search"
      ref={box}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${base}-input`} className="visually-hidden">
        Search orders, products and customers
      </label>
      <input
        id={`${base}-input`}
        type="search"
        className="form-control"
        placeholder="Search orders, products, customers"
        autoComplete="off"
        role="combobox"
        aria-expanded={showing}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1); // new text, new results: none active yet
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label="Search results" className="admin-search-results" hidden={!showing}>
        {showing &&
          groups.map((group) => (
            <div role="group" aria-labelledby={`${base}-${group.name}`} key={group.name}>
              <div id={`${base}-${group.name}`} className="admin-search-group" role="presentation">
                {group.name}
              </div>
              {group.hits.length === 0 ? (
                <div className="admin-search-none" role="presentation">
                  {loading ? 'Searching…' : 'No match'}
                </div>
              ) : (
                group.hits.map((hit) => {
                  index += 1;
                  const i = index;
                  return (
                    <div
                      key={hit.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className={`admin-search-hit${i === active ? ' active' : ''}`}
                      // mousedown: chosen before the input's blur closes the list.
                      onMouseDown={(e) => {
                        e.preventDefault();
                        go(hit);
                      }}
                      onMouseEnter={() => setActive(i)}
                    >
                      <span className="fw-semibold">{hit.label}</span>
                      <span className="d-block small text-body-secondary text-break">{hit.detail}</span>
                    </div>
                  );
                })
              )}
            </div>
          ))}
      </div>
    </div>
  );
}
