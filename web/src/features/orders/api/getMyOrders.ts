import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys } from '@/lib/queryKeys';

/** GET /api/orders/myorders: the signed-in user's orders. */
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return api<Order[]>('/api/orders/myorders', { signal });
}

export function useMyOrders() {
  return useQuery({ queryKey: orderKeys.mine(), queryFn: ({ signal }) => getMyOrders(signal) });
}
