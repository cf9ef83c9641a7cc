// Screens' one-line hooks: each watches what the screen shows and writes events into TanStack Query's cache
// (setQueryData), so nothing is refetched for an event that carries the new state. Only a `resync` (something
// may have been missed) or a change whose new figures only the server computes (the dashboard) refetches, once.
import type { AdminOrder, Order, Product } from '@domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKeys, orderKeys, productKeys } from '@/lib/queryKeys';
import { watch } from './index';
import type { LiveProduct } from './types';

/** A product with a live frame's fields; a variant's new stock (`variantStock`, issue 29) goes onto that variant, and
 *  onto the product when it is the default (first) one. */
function withLive<T>(p: T, { variantStock, ...fields }: LiveProduct): T {
  const next = { ...p, ...fields } as T & Partial<Product>;
  if (variantStock && next.variants) {
    next.variants = next.variants.map((v) =>
      v._id in variantStock ? { ...v, countInStock: variantStock[v._id]! } : v,
    );
    next.countInStock = next.variants[0]!.countInStock;
  }
  return next;
}

/** Merges a product's new fields into every cached answer that shows it (detail, catalogue pages, top). */
export function patchProduct(client: QueryClient, product: LiveProduct): void {
  const merge = <T extends { _id: string }>(p: T): T => (p._id === product._id ? withLive(p, product) : p);
  client.setQueriesData({ queryKey: productKeys.all }, (data: unknown) => {
    if (Array.isArray(data)) return (data as Product[]).map(merge);
    if (data && typeof data === 'object') {
      const d = data as { _id?: string; products?: Product[] };
      if (Array.isArray(d.products)) return { ...d, products: d.products.map(merge) };
      if (d._id === product._id) return withLive(d, product);
    }
    return data;
  });
  // An answer already on its way may predate this change (asked before it, landing after it) and would put the old
  // values back: ask those again (TanStack cancels the fetch in flight and starts a new one).
  for (const query of client.getQueryCache().findAll({ queryKey: productKeys.all, fetchStatus: 'fetching' }))
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
}

/** The order topic's frames, and on Firebase the order document (lib/firebase/mapping.ts orderFromDoc), name the shop
 *  as every refund's actor (issue 36, customerView): on the admin's page the refunds it already read from the API keep
 *  who made them. */
function withActors(order: Order, old: Order): Order {
  const known = new Map(old.refunds.map((r) => [r.id, r.by]));
  return {
    ...order,
    refunds: order.refunds.map((r) => (r.by._id === '' && known.has(r.id) ? { ...r, by: known.get(r.id)! } : r)),
  };
}

/** Puts an order's new state in its page's cache and in the cached order lists that hold it (or a new one first). */
export function patchOrder(client: QueryClient, order: Order, { addNew = false } = {}): void {
  // A live order never carries the admin's notes (domain/types.ts AdminOrder): the admin's page keeps those it read.
  client.setQueryData<Order>(orderKeys.detail(order._id), (old) =>
    old ? ('notes' in old ? { ...withActors(order, old), notes: (old as AdminOrder).notes } : order) : old,
  );
  let listed = true;
  client.setQueriesData({ queryKey: orderKeys.all }, (data: unknown) => {
    if (!Array.isArray(data)) return data;
    const list = data as Order[];
    const at = list.findIndex((o) => o._id === order._id);
    if (at >= 0) return list.map((o, i) => (i === at ? order : o));
    return addNew ? [order, ...list] : list;
  });
  // A list shaped otherwise (paginated) is asked again.
  for (const q of client.getQueryCache().findAll({ queryKey: orderKeys.everyone() }))
    if (q.state.data !== undefined && !Array.isArray(q.state.data)) listed = false;
  if (!listed) void client.invalidateQueries({ queryKey: orderKeys.everyone() });
}

export function useLiveProduct(id: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!id) return;
    return watch((live) =>
      live.watchProduct(id, {
        onChange: (p) => patchProduct(client, p),
        // The page's answer is kept under its address (the slug, issue 40) or the id: both asked again.
        onResync: () =>
          void client.invalidateQueries({
            queryKey: productKeys.all,
            predicate: (query) => (query.state.data as { _id?: string } | undefined)?._id === id,
          }),
        onRemoved: () => void client.invalidateQueries({ queryKey: productKeys.all }),
      }),
    );
  }, [id, client]);
}

/** The products of a catalogue page, cards or the admin list: stock, price and rating follow live. */
export function useLiveProducts(products: readonly Pick<Product, '_id'>[] | undefined): void {
  const client = useQueryClient();
  const ids = (products ?? []).map((p) => p._id).join(',');
  useEffect(() => {
    if (!ids) return;
    return watch((live) =>
      live.watchCatalogPage(ids.split(','), {
        onChange: (p) => patchProduct(client, p),
        onResync: () => void client.invalidateQueries({ queryKey: productKeys.all }),
        onRemoved: () => void client.invalidateQueries({ queryKey: productKeys.all }),
      }),
    );
  }, [ids, client]);
}

/** The order page: paid and delivered appear without a reload. */
export function useLiveOrder(id: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!id) return;
    return watch((live) =>
      live.watchOrder(id, {
        onChange: (order) => patchOrder(client, order),
        onResync: () => void client.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      }),
    );
  }, [id, client]);
}

/** A guest's order page (its token, no account): asks for the order again when it changed, where the backend can
 *  tell a guest (Firebase: the order's public status document); nothing elsewhere. */
export function useLiveGuestOrder(id: string | undefined, token: string | null | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!id || !token) return;
    return watch(
      (live) =>
        live.watchGuestOrder?.(id, token, {
          onChange: () => undefined,
          onResync: () => void client.invalidateQueries({ queryKey: orderKeys.detail(id) }),
        }) ?? (() => undefined),
    );
  }, [id, token, client]);
}

/** The admin's order list: a new order appears at the top, changed ones change. */
export function useLiveAdminOrders(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      watch((live) =>
        live.watchAdminOrders({
          onChange: (order) => patchOrder(client, order, { addNew: true }),
          onResync: () => void client.invalidateQueries({ queryKey: orderKeys.everyone() }),
        }),
      ),
    [client],
  );
}

/** How often at most the dashboard's figures are asked again while orders keep coming. */
export const DASHBOARD_REFRESH_MS = 2000;

/** The admin dashboard: its figures are recomputed by the server, at most every DASHBOARD_REFRESH_MS. */
export function useLiveDashboard(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void client.invalidateQueries({ queryKey: adminKeys.stats() });
      }, DASHBOARD_REFRESH_MS);
    };
    const stop = watch((live) => live.watchDashboard({ onChange: refresh, onResync: refresh }));
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [client]);
}
