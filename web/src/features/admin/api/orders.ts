import type { Order, OrderPage, OrderSort, OrderStatusFilter } from '@domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { orderList, orderRequestsSummary } from '@/lib/endpoints.gen';
import { orderKeys } from '@/lib/queryKeys';
import { adminPaths } from '../sections';

export interface OrderPageParams {
  pageNumber: number;
  status?: OrderStatusFilter;
  search?: string;
  sort?: OrderSort;
  /** 'waiting': only orders with a cancellation or return request waiting for the shop (issue 38). */
  requests?: 'waiting';
}

/** How many requests wait for the shop (GET /api/orders/requests/summary). */
export interface RequestsSummary {
  cancellations: number;
  returns: number;
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
  return call(orderList, { query: params, signal }) as Promise<OrderPage>;
}

export function useOrderPage(params: OrderPageParams) {
  return useQuery({
    queryKey: [...orderKeys.everyone(), params],
    queryFn: ({ signal }) => getOrderPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The admin order list showing only orders with a request waiting (the dashboard links here). */
export const requestsHref = `${adminPaths.orders.href()}?requests=waiting`;

/** Under orderKeys.all: any order change (a decision on a request included) asks for it again. */
const requestsSummaryKey = () => [...orderKeys.all, 'requests', 'summary'] as const;

/** GET /api/orders/requests/summary (admin): the cancellation and return requests waiting for a decision. */
export function getRequestsSummary(signal?: AbortSignal): Promise<RequestsSummary> {
  return call(orderRequestsSummary, { signal });
}

export function useRequestsSummary() {
  return useQuery({ queryKey: requestsSummaryKey(), queryFn: ({ signal }) => getRequestsSummary(signal) });
}

export type { Order };
