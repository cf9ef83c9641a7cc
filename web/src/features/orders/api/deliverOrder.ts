import type { AdminOrder, DeliverOrderInput, Order, UndeliverOrderInput } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { orderDeliver, orderNoteAdd, orderShip, orderUndeliver } from '@/lib/endpoints.gen';
import { orderKeys } from '@/lib/queryKeys';

/** What shipping an order takes (issue 38): both required. */
export interface ShipmentInput {
  carrier: string;
  trackingNumber: string;
}

/** PUT /api/orders/:id/ship (admin): a paid order handed to the carrier; 409 with a message when refused (cancelled,
 *  refunded in full, not paid). */
export function shipOrder(orderId: string, shipment: ShipmentInput): Promise<AdminOrder> {
  return call(orderShip, { params: { id: orderId }, body: shipment });
}

/** PUT /api/orders/:id/deliver (admin): a shipped order delivered (from paid it ships and delivers at once), with the
 *  carrier and tracking number when given. */
export function deliverOrder(orderId: string, shipment: DeliverOrderInput = {}): Promise<AdminOrder> {
  return call(orderDeliver, { params: { id: orderId }, body: shipment });
}

/** PUT /api/orders/:id/undeliver (admin): takes a delivery back; a reason is needed after the window. */
export function undeliverOrder(orderId: string, input: UndeliverOrderInput): Promise<AdminOrder> {
  return call(orderUndeliver, { params: { id: orderId }, body: input });
}

/** POST /api/orders/:id/notes (admin): an internal note; answers the admin's order with its notes. */
export function addOrderNote(orderId: string, text: string): Promise<AdminOrder> {
  return call(orderNoteAdd, { params: { id: orderId }, body: { text } });
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

export const useShipOrder = (orderId: string) =>
  useOrderChange(orderId, (shipment: ShipmentInput) => shipOrder(orderId, shipment));

export const useDeliverOrder = (orderId: string) =>
  useOrderChange(orderId, (shipment: DeliverOrderInput) => deliverOrder(orderId, shipment));

export const useUndeliverOrder = (orderId: string) =>
  useOrderChange(orderId, (input: UndeliverOrderInput) => undeliverOrder(orderId, input));

export const useAddOrderNote = (orderId: string) =>
  useOrderChange(orderId, (text: string) => addOrderNote(orderId, text));
