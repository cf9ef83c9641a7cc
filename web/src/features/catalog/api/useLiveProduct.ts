import type { ProductDetail } from '@domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { firestoreAvailable, isFirebase, loadFirebase } from '@/lib/backend';
import { productKeys } from '@/lib/queryKeys';

/** Firebase mode: the product on screen follows Firestore live (stock, price, rating and its newest reviews;
 *  no-op otherwise). A deleted product keeps its last answer on screen. */
export function useLiveProduct(id: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!isFirebase || !firestoreAvailable) return;
    let stop: () => void = () => undefined;
    let cancelled = false;
    void loadFirebase().then((fb) => {
      if (cancelled) return;
      stop = fb.watchProductDetail(id, (detail) => {
        if (detail) client.setQueryData<ProductDetail>(productKeys.detail(id), detail);
      });
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [id, client]);
}
