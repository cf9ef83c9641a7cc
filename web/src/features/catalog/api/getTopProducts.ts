import type { Product } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { firestoreAvailable, isFirebase, loadFirebase } from '@/lib/backend';
import { productKeys } from '@/lib/queryKeys';

/** The best rated products, for the home carousel: GET /api/products/top, or Firestore in the Firebase build. */
export function getTopProducts(signal?: AbortSignal): Promise<Product[]> {
  if (isFirebase && firestoreAvailable) return loadFirebase().then((fb) => fb.fetchTopProducts());
  return api<Product[]>('/api/products/top', { signal });
}

export function useTopProducts() {
  return useQuery({ queryKey: productKeys.top(), queryFn: ({ signal }) => getTopProducts(signal) });
}
