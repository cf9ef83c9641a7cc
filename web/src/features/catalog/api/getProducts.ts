import type { ProductPage } from '@domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@domain';
import { api } from '@/lib/api';
import { firestoreAvailable, isFirebase, loadFirebase } from '@/lib/backend';
import { productKeys, type ProductListParams } from '@/lib/queryKeys';

/** One page of the catalogue (products, page, pages): GET /api/products?keyword=&pageNumber=, or in the Firebase
 *  build straight from Firestore (bounded, cursor-paged; the answer may carry notices, see lib/firebase/catalog). */
export function getProducts(
  { keyword = '', pageNumber = 1 }: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  if (isFirebase && firestoreAvailable) {
    return loadFirebase().then((fb) =>
      fb.fetchCatalogPage({ filters: { keyword }, page: pageNumber, pageSize: DEFAULT_PAGE_SIZE }),
    );
  }
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
