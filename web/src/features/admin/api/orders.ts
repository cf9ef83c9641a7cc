import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/orders (admin): every order, newest first. Delivering one (orders feature) invalidates ['orders']. */
export function getAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return api<Order[]>('/api/orders', { signal });
}

export function useAllOrders() {
  return useQuery({ queryKey: ['orders', 'all'], queryFn: ({ signal }) => getAllOrders(signal) });
}
