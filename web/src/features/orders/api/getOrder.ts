import type { Order } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { orderGet } from '@/lib/endpoints.gen';
import { orderToken } from '@/lib/guestCheckout';
import { orderKeys } from '@/lib/queryKeys';

/** GET /api/orders/:id (signed in: the owner or an admin; or a guest with the order's token). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return call(orderGet, { params: { id }, query: { token: orderToken(id) ?? undefined }, signal });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
