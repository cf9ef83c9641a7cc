import type { PublicConfig } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { config } from '@/lib/endpoints.gen';
import { configKeys } from '@/lib/queryKeys';

/** GET /api/config: the payment mode and PayPal client id, the currency, the backend, whether the development mailbox
 *  answers this browser. */
export function getShopConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return call(config, { signal });
}

/** The server's public configuration: asked once per visit, by whichever page needs it first (payment, admin). */
export function useShopConfig() {
  return useQuery({ queryKey: configKeys.all, queryFn: ({ signal }) => getShopConfig(signal), staleTime: Infinity });
}

/** Whether the server can take no payment (production without PayPal credentials: paymentMode 'unavailable'), so
 *  checkout and the admin say so; false until the config is read. */
export function usePaymentsUnavailable(): boolean {
  return useShopConfig().data?.paymentMode === 'unavailable';
}
