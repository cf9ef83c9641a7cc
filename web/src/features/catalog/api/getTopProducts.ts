import type { Product } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productKeys } from '@/lib/queryKeys';

/** GET /api/products/top: the best rated products, for the home carousel. */
export function getTopProducts(signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>('/api/products/top', { signal });
}

export function useTopProducts() {
  return useQuery({ queryKey: productKeys.top(), queryFn: ({ signal }) => getTopProducts(signal) });
}
