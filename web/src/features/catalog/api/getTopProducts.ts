import type { Product } from '@domain';
import { catalogKeys } from '@domain/inlineData';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/products/top: the best rated products, for the home carousel. */
export function getTopProducts(signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>('/api/products/top', { signal });
}

export function useTopProducts() {
  return useQuery({ queryKey: catalogKeys.top(), queryFn: ({ signal }) => getTopProducts(signal) });
}
