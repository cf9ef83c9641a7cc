import type { OrderPage } from '@domain';
import { customerKey } from '@domain/customers';
import { orderNumber } from '@domain/orders';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@domain/routes';
import { useCombobox } from '@/components/ui/useCombobox';
import { call } from '@/lib/api';
import { customerList, orderList, productList } from '@/lib/endpoints.gen';
import { formatPrice } from '@/lib/format';
import { adminPaths } from '../sections';

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
          to: adminPaths.productEdit.href(p._id),
          label: p.name,
          detail: `${p.brand} · ${formatPrice(p.price)}`,
        })),
      },
      {
        name: 'Customers',
        hits: (customers.data?.customers ?? []).slice(0, PER_GROUP).map((c) => ({
          id: `customer-${customerKey(c)}`,
          to: adminPaths.customer.href(customerKey(c)),
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
  const navigate = useNavigate();
  const box = useCombobox<Hit>({
    minLength: MIN_LENGTH,
    onPick: (hit) => {
      box.close();
      navigate(hit.to);
    },
  });
  const { groups, loading } = useAdminSearch(box.query);
  const hits = groups.flatMap((g) => g.hits);

  let index = -1;
  return (
    <div className="admin-search" {...box.rootProps}>
      <label htmlFor={box.inputId} className="visually-hidden">
        Search orders, products and customers
      </label>
      <input
        {...box.inputProps(hits)}
        type="search"
        className="form-control"
        placeholder="Search orders, products, customers"
        maxLength={100}
      />
      <div {...box.listboxProps} aria-label="Search results" className="admin-search-results">
        {box.showing &&
          groups.map((group) => (
            <div role="group" aria-labelledby={`${box.id}-${group.name}`} key={group.name}>
              <div id={`${box.id}-${group.name}`} className="admin-search-group" role="presentation">
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
                      {...box.optionProps(i, hit)}
                      className={`admin-search-hit${i === box.active ? ' active' : ''}`}
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
