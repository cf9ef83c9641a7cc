import type { ProductDetail } from '@domain';
import { catalogKeys } from '@domain/inlineData';
import { useQuery } from '@tanstack/react-query';
import { fetchProduct, takePrefetchedProduct } from './prefetchProduct';

/** GET /api/products/:id: the product with its reviews (newest first); a fetch a route loader started is reused. */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return takePrefetchedProduct(id) ?? fetchProduct(id, signal);
}

export const productKey = catalogKeys.detail;

export const productQuery = (id: string) => ({
  queryKey: productKey(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getProduct(id, signal),
});

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
