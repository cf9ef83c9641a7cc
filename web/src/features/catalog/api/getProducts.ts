import type { ProductPage } from '@domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productKeys, type ProductListParams } from '@/lib/queryKeys';

/** GET /api/products?keyword=&pageNumber=: one page of the catalogue (products, page, pages). */
export function getProducts(
  { keyword = '', pageNumber = 1 }: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const query = new URLSearchParams({ keyword, pageNumber: String(pageNumber) });
  return api<ProductPage>(`/api/products?${query}`, { signal });
}

export function useProducts(params: ProductListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}
