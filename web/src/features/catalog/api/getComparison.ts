// Issue 41: GET /api/products/compare?ids=… (the compare page). Its key is the domain's, so the answer the server
// inlined into the page (features/pages) is taken without a request.
import type { ProductComparison } from '@domain/specCompare';
import { catalogKeys } from '@domain/inlineData';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { productCompare } from '@/lib/endpoints.gen';

/** The ids of `?ids=` as the server reads them: trimmed, each once, in order. */
export const compareIdsOf = (param: string | null) => [
  ...new Set(
    (param ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  ),
];

export const getComparison = (ids: readonly string[], signal?: AbortSignal) =>
  call(productCompare, { query: { ids: ids.join(',') }, signal }) as Promise<ProductComparison>;

export function useComparison(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.compare(ids),
    queryFn: ({ signal }) => getComparison(ids, signal),
    enabled,
  });
}
