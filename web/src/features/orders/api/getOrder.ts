import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/orders/:id (signed in; the owner or an admin). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal });
}

export const orderKey = (id: string) => ['orders', 'detail', id] as const;

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKey(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
