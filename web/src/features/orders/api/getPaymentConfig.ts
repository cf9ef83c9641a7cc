import type { PublicConfig } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { config } from '@/lib/endpoints.gen';
import { configKeys } from '@/lib/queryKeys';

/** GET /api/config: payment mode ('paypal' or 'simulated') and the PayPal client id. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return call(config, { signal });
}

export function usePaymentConfig() {
  return useQuery({ queryKey: configKeys.all, queryFn: ({ signal }) => getPaymentConfig(signal), staleTime: Infinity });
}
