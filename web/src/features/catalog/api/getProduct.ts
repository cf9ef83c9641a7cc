import type { ProductDetail } from '@domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchProduct, takePrefetchedProduct } from './prefetchProduct';
import { productKeys } from '@/lib/queryKeys';
import { shop } from '@/lib/shop';

/** GET /api/products/:id: the product with its reviews (newest first); a fetch a route loader started is reused. */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return takePrefetchedProduct(id) ?? fetchProduct(id, signal);
}

export const productQuery = (id: string) => ({
  queryKey: productKeys.detail(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getProduct(id, signal),
});

/** A product alone, without its reviews (the cart's lines: stock, price and variants; Firebase: 1 read instead of
 *  1 + up to 100). Kept under its own key: a product page's answer is never replaced by one without reviews. A
 *  product page's answer in `client` serves as it is while fresh (the product was just shown: nothing read). */
export const productAloneQuery = (id: string, client?: QueryClient) => ({
  queryKey: productKeys.alone(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => shop.catalog.productAlone(id, signal),
  initialData: () => client?.getQueryData<ProductDetail>(productKeys.detail(id)),
  initialDataUpdatedAt: () => client?.getQueryState(productKeys.detail(id))?.dataUpdatedAt,
});

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
