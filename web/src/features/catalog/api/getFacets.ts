import type { CatalogFacets } from '@domain';
import { catalogSearchParams } from '@domain/catalogQuery';
import { api } from '@/lib/api';
import type { ProductListParams } from '@/lib/queryKeys';

/** GET /api/products/facets?keyword=(&filters): category and brand counts for the filter bar. */
export function getFacets(
  { keyword = '', view = {} }: Omit<ProductListParams, 'pageNumber'>,
  signal?: AbortSignal,
): Promise<CatalogFacets> {
  const query = new URLSearchParams({ keyword });
  for (const [name, value] of catalogSearchParams(view)) query.append(name, value);
  return api<CatalogFacets>(`/api/products/facets?${query}`, { signal });
}
