import type { Order } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { orderPay } from '@/lib/endpoints.gen';
import { orderToken } from '@/lib/guestCheckout';
import { orderKeys } from '@/lib/queryKeys';

/**
 * PUT /api/orders/:id/pay. The web sends it only in test-payment mode, with the shop's own TEST_PAYMENT body;
 * in PayPal mode the web uses the server-side capture (./paypal.ts). The original clients still send PayPal's
 * capture result here, which the server verifies with PayPal.
 */
export function payOrder(orderId: string, payment: unknown): Promise<Order> {
  return call(orderPay, {
    params: { id: orderId },
    query: { token: orderToken(orderId) ?? undefined },
    body: payment as Record<string, unknown>,
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
