import type { ProductPage } from '@domain';
import { catalogKeys } from '@domain/inlineData';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface ProductListParams {
  keyword?: string;
  pageNumber?: number;
}

/** GET /api/products?keyword=&pageNumber=: one page of the catalogue (products, page, pages). */
export function getProducts({ keyword = '', pageNumber = 1 }: ProductListParams, signal?: AbortSignal): Promise<ProductPage> {
  const query = new URLSearchParams({ keyword, pageNumber: String(pageNumber) });
  return api<ProductPage>(`/api/products?${query}`, { signal });
}

export const productListKey = (p: ProductListParams) => catalogKeys.list(p.keyword ?? '', p.pageNumber ?? 1);

export function useProducts(params: ProductListParams) {
  return useQuery({
    queryKey: productListKey(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}
