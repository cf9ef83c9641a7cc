import type { ProductDetail } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/products/:id: the product with its reviews (newest first). */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal });
}

export const productKey = (id: string) => ['products', 'detail', id] as const;

export const productQuery = (id: string) => ({
  queryKey: productKey(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getProduct(id, signal),
});

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
