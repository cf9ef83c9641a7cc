import type { Order } from '@domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { orderCancel } from '@/lib/endpoints.gen';
import { orderKeys, productKeys } from '@/lib/queryKeys';

/** PUT /api/orders/:id/cancel (the owner or an admin, unpaid orders within their hold): the stock goes back on sale. */
export function cancelOrder(orderId: string): Promise<Order> {
  return call(orderCancel, { params: { id: orderId } });
}

export function useCancelOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order._id), order);
      // The order lists and the products' stock changed too.
      return Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: productKeys.all }),
      ]);
    },
  });
}
