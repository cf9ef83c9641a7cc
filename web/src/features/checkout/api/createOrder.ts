import type { Order, PlaceOrderBody } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderKeys, productKeys } from '@/lib/queryKeys';

/**
 * POST /api/orders with product ids and quantities, shipping and payment method: the server prices the order from
 * its database and holds the stock until the order's expiresAt; 409 with a message naming the product when stock
 * is short.
 */
export function createOrder(input: PlaceOrderBody): Promise<Order> {
  return api<Order>('/api/orders', { method: 'POST', body: input });
}

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order._id), order);
      void client.invalidateQueries({ queryKey: orderKeys.mine() });
      void client.invalidateQueries({ queryKey: productKeys.all }); // stock changed
    },
  });
}
