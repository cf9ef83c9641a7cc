import type { Order, PriceChangedDetails } from '@domain';
import type { PlaceOrderBody } from '@api/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api';
import { orderPlace, orderPlaceGuest } from '@/lib/endpoints.gen';
import { rememberOrderToken } from '@/lib/guestCheckout';
import { orderKeys, productKeys, userKeys } from '@/lib/queryKeys';

/**
 * POST /api/orders with product ids and quantities, shipping and payment method, and the total the page showed: the
 * server prices the order from its database and holds the stock until the order's expiresAt; 409 with a message
 * naming the product when stock is short, or with the new figures when the total is not the one shown
 * (priceChangeOf).
 */
export function createOrder(input: PlaceOrderBody): Promise<Order> {
  return call(orderPlace, { body: input });
}

/** The guest's order (POST /api/orders/guest, issue 30): answered with the order's access token, kept for this tab. */
export type GuestOrder = Order & { accessToken: string };

export async function createGuestOrder(input: PlaceOrderBody & { email: string }): Promise<GuestOrder> {
  const order: GuestOrder = await call(orderPlaceGuest, { body: input });
  rememberOrderToken(order._id, order.accessToken);
  return order;
}

/** Places the order as the signed-in shopper, or as the guest of `guestEmail` when given. */
export function useCreateOrder(guestEmail?: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrderBody): Promise<Order | GuestOrder> =>
      guestEmail ? createGuestOrder({ ...input, email: guestEmail }) : createOrder(input),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order._id), order);
      void client.invalidateQueries({ queryKey: orderKeys.mine() });
      void client.invalidateQueries({ queryKey: productKeys.all }); // stock changed
      void client.invalidateQueries({ queryKey: userKeys.storeCredit() }); // spent, if the order used it
    },
    // A refusal may be the credit spent meanwhile (another tab's order): its balance is read again.
    onError: () => client.invalidateQueries({ queryKey: userKeys.storeCredit() }),
  });
}

/** The figures of a 409 "the total changed" (issue 38: prices, a code or the shipping changed since the page was
 *  shown; nothing was placed), or null for any other error. */
export function priceChangeOf(error: unknown): PriceChangedDetails | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const d = error.details;
  return d && typeof d.totalPrice === 'number' ? (d as unknown as PriceChangedDetails) : null;
}
