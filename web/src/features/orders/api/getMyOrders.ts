import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/orders/myorders: the signed-in user's orders. */
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return api<Order[]>('/api/orders/myorders', { signal });
}

export function useMyOrders() {
  return useQuery({ queryKey: ['orders', 'mine'], queryFn: ({ signal }) => getMyOrders(signal) });
}
