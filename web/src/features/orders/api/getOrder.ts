import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys } from '@/lib/queryKeys';

/** GET /api/orders/:id (signed in; the owner or an admin). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
