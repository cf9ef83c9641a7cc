import type { Product, ProductPage } from '@domain';
import type { CatalogView } from '@domain/catalogQuery';
import { useEffect, useState } from 'react';
import { firestoreAvailable, isFirebase, loadFirebase, type FirebaseModule } from '@/lib/backend';
import { firestorePageRequest } from './getProducts';

/** What a catalogue page may carry in the Firebase build: notices about a narrowed query (lib/firebase/catalog). */
export type CatalogPageView = ProductPage & { notices?: string[] };

/**
 * Firebase build: `initial` (the loader's answer), then every change Firestore reports for the same query (the
 * listener the loader's read started, so nothing is read twice). Elsewhere: `initial` as it is.
 */
function useLive<T>(
  initial: T,
  key: string,
  watch: (fb: FirebaseModule, onChange: (value: T) => void) => () => void,
): T {
  const [live, setLive] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (!isFirebase || !firestoreAvailable) return;
    let stop: () => void = () => undefined;
    let cancelled = false;
    void loadFirebase().then((fb) => {
      if (!cancelled) stop = watch(fb, (value) => setLive({ key, value }));
    });
    return () => {
      cancelled = true;
      stop();
    };
    // `watch` is rebuilt each render; the key names what it watches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return live && live.key === key ? live.value : initial;
}

/** A catalogue page (home, /page/N, search) that follows stock, price and rating changes live. */
export function useLiveCatalogPage(
  initial: CatalogPageView,
  keyword: string,
  view: Partial<CatalogView>,
): CatalogPageView {
  const request = firestorePageRequest(keyword, view, initial.page);
  return useLive(initial, JSON.stringify(request), (fb, onChange) => fb.watchCatalogPage(request, onChange));
}

/** The top-rated carousel, live. */
export function useLiveTopProducts(initial: Product[]): Product[] {
  return useLive(initial, 'top', (fb, onChange) => fb.watchTopProducts(onChange));
}
