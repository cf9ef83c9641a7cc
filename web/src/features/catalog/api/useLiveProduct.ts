import type { ProductDetail } from '@domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { firestoreAvailable, isFirebase, loadFirebase } from '@/lib/backend';
import { productKeys } from '@/lib/queryKeys';

/** Firebase mode: stock, price and rating of the product on screen follow Firestore live (no-op otherwise). */
export function useLiveProduct(id: string) {
  const client = useQueryClient();
  useEffect(() => {
    if (!isFirebase || !firestoreAvailable) return;
    let stop: () => void = () => undefined;
    let cancelled = false;
    void loadFirebase().then((fb) => {
      if (cancelled) return;
      stop = fb.watchProduct(id, (fields) =>
        client.setQueryData<ProductDetail>(productKeys.detail(id), (old) => (old ? { ...old, ...fields } : old)),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [id, client]);
}
