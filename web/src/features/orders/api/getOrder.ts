import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderTokenQuery } from '@/lib/guestCheckout';
import { orderKeys } from '@/lib/queryKeys';

/** GET /api/orders/:id (signed in: the owner or an admin; or a guest with the order's token). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(id)}${orderTokenQuery(id)}`, { signal });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
