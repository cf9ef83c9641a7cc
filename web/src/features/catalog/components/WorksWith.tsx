// Issue 40: the product page's "Works with" row (lazy: its own chunk, loaded after the page). The product answers
// its accessories' ids only; each is read as the cart reads a product (the shop client's productAlone: both
// backends, no reviews). Those not found (removed, or a draft) are left out; nothing while loading or with none.
import type { ProductDetail } from '@domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { productAloneQuery } from '../api/getProduct';
import { ProductCardRow } from './ProductCardRow';

export function WorksWith({ ids }: { ids: readonly string[] }) {
  const client = useQueryClient();
  const reads = useQueries({
    queries: ids.map((id) => ({ ...productAloneQuery(id, client), staleTime: 60_000, retry: false })),
  });
  if (ids.length === 0 || reads.some((read) => read.isPending)) return null;
  const found = reads.map((read) => read.data).filter((p): p is ProductDetail => p !== undefined);
  if (found.length === 0) return null;
  return <ProductCardRow title="Works with" titleId="works-with-title" testId="works-with" products={found} />;
}
