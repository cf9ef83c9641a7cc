import type { Order } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys } from '@/lib/queryKeys';

/**
 * PUT /api/orders/:id/pay. In PayPal mode the body is PayPal's capture result (the server reads its `id`,
 * the PayPal order id, and asks PayPal itself); in simulated mode it is `{ simulated: true }`.
 */
export function payOrder(orderId: string, payment: unknown): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(orderId)}/pay`, { method: 'PUT', body: payment });
}

export function usePayOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payment: unknown) => payOrder(orderId, payment),
    // Reload the order (and the lists showing it) after success.
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
