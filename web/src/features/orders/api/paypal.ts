import type { Order } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { orderCapture, orderPaypalOrder } from '@/lib/endpoints.gen';
import { orderToken } from '@/lib/guestCheckout';

/** POST /api/orders/:id/paypal-order: the server creates the PayPal order for the stored total; answers its id. */
export async function createPayPalOrder(orderId: string): Promise<string> {
  const created = await call(orderPaypalOrder, {
    params: { id: orderId },
    query: { token: orderToken(orderId) ?? undefined },
  });
  return created.id;
}

/** POST /api/orders/:id/capture after the buyer approved: the server captures with PayPal and marks the order paid. */
export function capturePayPalOrder(orderId: string, paypalOrderId: string): Promise<Order> {
  return call(orderCapture, {
    params: { id: orderId },
    query: { token: orderToken(orderId) ?? undefined },
    body: { paypalOrderId },
  });
}

export function useCapturePayPalOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paypalOrderId: string) => capturePayPalOrder(orderId, paypalOrderId),
    // Reload the order (and the lists showing it) after success, and after a refusal too: a refund may have
    // followed an expired hold, which the page must now show.
    onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
