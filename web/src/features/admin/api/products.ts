import type { EditedFrom, Product, ProductDetail, ProductUpdateInput } from '@domain';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Only the plain functions of the catalogue's API: its hooks would pull TanStack Query into the home chunk,
// which imports that module for its route loader.
import { getProducts } from '@/features/catalog';
import { call } from '@/lib/api';
import {
  productCreate,
  productDelete,
  productDrafts,
  productGet,
  productPriceHistory,
  productStockHistory,
  productUpdate,
} from '@/lib/endpoints.gen';
import { adminKeys, productKeys } from '@/lib/queryKeys';

/** Every query showing products (catalogue pages, product details, top rated) and the dashboard's low stock. */
function invalidateProducts(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: productKeys.all }),
    client.invalidateQueries({ queryKey: adminKeys.all }),
  ]);
}

/** POST /api/products (admin, empty body): creates the sample product the admin then edits. */
export function createProduct(): Promise<Product> {
  return call(productCreate);
}

/** PUT /api/products/:id (admin): every editable field, price and countInStock as numbers, and the product as the
 *  form loaded it (editedFrom): a save from an outdated form is a 409, the stock changes by what the admin changed. */
export function updateProduct(id: string, input: ProductUpdateInput, editedFrom?: EditedFrom): Promise<Product> {
  return call(productUpdate, { params: { id }, body: { _id: id, ...input, editedFrom } });
}

/** DELETE /api/products/:id (admin). */
export function deleteProduct(id: string): Promise<{ message: string }> {
  return call(productDelete, { params: { id } });
}

/** GET /api/products/:id from the API in either build (the Firebase build's catalogue reads Firestore, where a
 *  draft is not): the edit form's product or draft. */
export function useAdminProduct(id: string) {
  return useQuery({
    queryKey: adminKeys.product(id),
    queryFn: ({ signal }): Promise<ProductDetail> => call(productGet, { params: { id }, signal }),
  });
}

/** GET /api/products/:id/stock-history (admin): the product's stock changes, newest first, a page at a time (the
 *  next page is asked for with the last one's `nextBefore`). Loaded only once `enabled` (the admin opens it). */
export function useStockHistory(id: string, enabled: boolean) {
  return useInfiniteQuery({
    // Under the product's admin key (kept out of lib/queryKeys, which the home page's bundle carries).
    queryKey: [...adminKeys.product(id), 'stockHistory'],
    queryFn: ({ pageParam, signal }) =>
      call(productStockHistory, { params: { id }, query: { before: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
  });
}

/** GET /api/products/:id/price-history (admin, issue 41): the product's price changes, newest first, a page at a
 *  time, loaded only once the admin opens the panel (`enabled`). */
export function usePriceHistory(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.product(id), 'priceHistory'],
    queryFn: ({ pageParam, signal }) =>
      call(productPriceHistory, { params: { id }, query: { before: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
  });
}

/** GET /api/products/drafts (admin): the products created and never saved, newest first. */
export function useDrafts() {
  return useQuery({
    queryKey: adminKeys.drafts(),
    queryFn: ({ signal }) => call(productDrafts, { signal }),
  });
}

/** One page of the catalogue, or of its search by name (`keyword`, the whole catalogue, on either backend): the
 *  admin list shows the same pages as the shop, in the admin URL form. */
export function useProductPage(pageNumber: number, keyword = '') {
  return useQuery({
    queryKey: productKeys.list({ pageNumber, keyword }),
    queryFn: ({ signal }) => getProducts({ pageNumber, keyword }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateProducts(client) });
}

export function useUpdateProduct(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, editedFrom }: { input: ProductUpdateInput; editedFrom: EditedFrom }) =>
      updateProduct(id, input, editedFrom),
    onSuccess: () => invalidateProducts(client),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => deleteProduct(id), onSuccess: () => invalidateProducts(client) });
}
