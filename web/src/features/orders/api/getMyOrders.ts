import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { myOrders } from '@/lib/endpoints.gen';
import { orderKeys } from '@/lib/queryKeys';

/** GET /api/orders/myorders: the signed-in user's orders. */
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return call(myOrders, { signal }) as Promise<Order[]>;
}

export function useMyOrders() {
  return useQuery({ queryKey: orderKeys.mine(), queryFn: ({ signal }) => getMyOrders(signal) });
}
