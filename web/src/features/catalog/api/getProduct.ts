import type { ProductDetail } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { fetchProduct, takePrefetchedProduct } from './prefetchProduct';
import { productKeys } from '@/lib/queryKeys';

/** GET /api/products/:id: the product with its reviews (newest first); a fetch a route loader started is reused. */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return takePrefetchedProduct(id) ?? fetchProduct(id, signal);
}

export const productQuery = (id: string) => ({
  queryKey: productKeys.detail(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getProduct(id, signal),
});

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
