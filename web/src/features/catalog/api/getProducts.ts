import type { ProductPage } from '@domain';
import { catalogSearchParams, type CatalogView } from '@domain/catalogQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@domain/limits';
import { api } from '@/lib/api';
import { firestoreAvailable, isFirebase, loadFirebase } from '@/lib/backend';
import { productKeys, type ProductListParams } from '@/lib/queryKeys';

/** The Firebase build's request for a page: the same object for the loader's read and the live hook, so both
 *  share one listener (lib/firebase/catalog). */
export function firestorePageRequest(keyword: string, view: Partial<CatalogView>, page: number) {
  const { sort, category, brand, minPrice, maxPrice } = view;
  return { filters: { keyword, category, brand, minPrice, maxPrice }, sort, page, pageSize: DEFAULT_PAGE_SIZE };
}

/** One page of the catalogue (products, page, pages): GET /api/products?keyword=&pageNumber=(&filters), or in the
 *  Firebase build straight from Firestore (bounded, cursor-paged; the answer may carry notices, see
 *  lib/firebase/catalog). Without filters the URL is exactly the one the server preloads (HOME_PRELOADS). */
export function getProducts(
  { keyword = '', pageNumber = 1, view = {} }: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  if (isFirebase && firestoreAvailable) {
    return loadFirebase().then((fb) => fb.fetchCatalogPage(firestorePageRequest(keyword, view, pageNumber)));
  }
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
