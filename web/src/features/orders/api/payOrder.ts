import type { Order } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderTokenQuery } from '@/lib/guestCheckout';
import { orderKeys } from '@/lib/queryKeys';

/**
 * PUT /api/orders/:id/pay. The web sends it only in test-payment mode, with the shop's own TEST_PAYMENT body;
 * in PayPal mode the web uses the server-side capture (./paypal.ts). The original clients still send PayPal's
 * capture result here, which the server verifies with PayPal.
 */
export function payOrder(orderId: string, payment: unknown): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(orderId)}/pay${orderTokenQuery(orderId)}`, {
    method: 'PUT',
    body: payment,
  });
}

export function usePayOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payment: unknown) => payOrder(orderId, payment),
    // Reload the order (and the lists showing it) after success.
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
