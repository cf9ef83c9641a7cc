import type { PublicConfig } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { configKeys } from '@/lib/queryKeys';

/** GET /api/config: payment mode ('paypal' or 'simulated') and the PayPal client id. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('/api/config', { signal });
}

export function usePaymentConfig() {
  return useQuery({ queryKey: configKeys.all, queryFn: ({ signal }) => getPaymentConfig(signal), staleTime: Infinity });
}
