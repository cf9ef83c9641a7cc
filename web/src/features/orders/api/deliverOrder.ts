import type { Order } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys } from '@/lib/queryKeys';

/** PUT /api/orders/:id/deliver (admin, paid orders only). */
export function deliverOrder(orderId: string): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(orderId)}/deliver`, { method: 'PUT' });
}

export function useDeliverOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deliverOrder(orderId),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
