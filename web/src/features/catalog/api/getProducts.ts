import type { ProductPage } from '@domain';
import { catalogSearchParams } from '@domain/catalogQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { productKeys, type ProductListParams } from '@/lib/queryKeys';

/** GET /api/products?keyword=&pageNumber=(&filters): one page of the catalogue (products, page, pages). Without
 *  filters the URL is exactly the one the server preloads for the home page (HOME_PRELOADS). */
export function getProducts(
  { keyword = '', pageNumber = 1, view = {} }: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const query = new URLSearchParams({ keyword, pageNumber: String(pageNumber) });
  for (const [name, value] of catalogSearchParams(view)) query.append(name, value);
  return api<ProductPage>(`/api/products?${query}`, { signal });
}

export function useProducts(params: ProductListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}
