import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys } from '@/lib/queryKeys';

/** GET /api/orders (admin): every order, newest first. Delivering one (orders feature) invalidates orderKeys.all. */
export function getAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return api<Order[]>('/api/orders', { signal });
}

export function useAllOrders() {
  return useQuery({ queryKey: orderKeys.everyone(), queryFn: ({ signal }) => getAllOrders(signal) });
}
