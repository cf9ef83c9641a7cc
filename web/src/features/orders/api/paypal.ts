import type { Order } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderTokenQuery } from '@/lib/guestCheckout';

/** POST /api/orders/:id/paypal-order: the server creates the PayPal order for the stored total; answers its id. */
export async function createPayPalOrder(orderId: string): Promise<string> {
  const created = await api<{ id: string }>(
    `/api/orders/${encodeURIComponent(orderId)}/paypal-order${orderTokenQuery(orderId)}`,
    {
      method: 'POST',
    },
  );
  return created.id;
}

/** POST /api/orders/:id/capture after the buyer approved: the server captures with PayPal and marks the order paid. */
export function capturePayPalOrder(orderId: string, paypalOrderId: string): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(orderId)}/capture${orderTokenQuery(orderId)}`, {
    method: 'POST',
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
