import type { Order, OrderPage, OrderSort, OrderStatusFilter } from '@domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys } from '@/lib/queryKeys';

export interface OrderPageParams {
  pageNumber: number;
  status?: OrderStatusFilter;
  search?: string;
  sort?: OrderSort;
}

/** The query string of a server-side list: only the parameters that are set. */
export function listQueryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}

/** GET /api/orders?pageNumber=… (admin): one page of 50, filtered, searched and sorted by the server. Delivering an
 *  order (orders feature) invalidates orderKeys.all, this list included. */
export function getOrderPage(params: OrderPageParams, signal?: AbortSignal): Promise<OrderPage> {
  return api<OrderPage>(`/api/orders?${listQueryString({ ...params })}`, { signal });
}

export function useOrderPage(params: OrderPageParams) {
  return useQuery({
    queryKey: [...orderKeys.everyone(), params],
    queryFn: ({ signal }) => getOrderPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

export type { Order };
