import type { AdminOrder, DeliverOrderInput, Order, UndeliverOrderInput } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys } from '@/lib/queryKeys';

const orderUrl = (orderId: string, action: string) => `/api/orders/${encodeURIComponent(orderId)}/${action}`;

/** PUT /api/orders/:id/deliver (admin, paid orders only), with the carrier and tracking number when given. */
export function deliverOrder(orderId: string, shipment: DeliverOrderInput = {}): Promise<AdminOrder> {
  return api<AdminOrder>(orderUrl(orderId, 'deliver'), { method: 'PUT', body: shipment });
}

/** PUT /api/orders/:id/undeliver (admin): takes a delivery back; a reason is needed after the window. */
export function undeliverOrder(orderId: string, input: UndeliverOrderInput): Promise<AdminOrder> {
  return api<AdminOrder>(orderUrl(orderId, 'undeliver'), { method: 'PUT', body: input });
}

/** POST /api/orders/:id/notes (admin): an internal note; answers the admin's order with its notes. */
export function addOrderNote(orderId: string, text: string): Promise<AdminOrder> {
  return api<AdminOrder>(orderUrl(orderId, 'notes'), { method: 'POST', body: { text } });
}

/** Each answers the admin's order as it now is: shown at once, and the lists asked again. */
function useOrderChange<V>(orderId: string, change: (input: V) => Promise<AdminOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (order: Order) => {
      client.setQueryData(orderKeys.detail(orderId), order);
      return client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export const useDeliverOrder = (orderId: string) =>
  useOrderChange(orderId, (shipment: DeliverOrderInput) => deliverOrder(orderId, shipment));

export const useUndeliverOrder = (orderId: string) =>
  useOrderChange(orderId, (input: UndeliverOrderInput) => undeliverOrder(orderId, input));

export const useAddOrderNote = (orderId: string) =>
  useOrderChange(orderId, (text: string) => addOrderNote(orderId, text));
