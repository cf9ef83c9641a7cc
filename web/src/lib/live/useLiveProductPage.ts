// The catalogue page's live hook, apart from the other screens' (hooks.ts): the home page's first bundle holds the
// modules it needs whole, with every export any screen uses, so this one alone keeps the others' code (orders,
// admin, product page) in their lazy chunks.
import type { ProductPage } from '@domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { watch } from './index';
import type { LiveProduct } from './types';

/**
 * A catalogue page that came from the router's loader (not the query cache): answers it with every live change of
 * its products merged in, so the cards follow stock, price and rating.
 */
export function useLiveProductPage<P extends ProductPage>(page: P, { off = false } = {}): P {
  // The changes heard for THIS page object: a page loaded afresh starts without older ones.
  const [heard, setHeard] = useState<{ of: P; changes: Record<string, LiveProduct> }>({
    of: page,
    changes: {},
  });
  // Something may have been missed: the router loads the page again (it came from the loader).
  const revalidator = useRevalidator();
  const reload = useRef(revalidator.revalidate);
  useEffect(() => {
    reload.current = revalidator.revalidate;
  });
  useEffect(() => {
    if (off || page.products.length === 0) return;
    return watch((live) =>
      live.watchCatalogPage(
        page.products.map((p) => p._id),
        {
          onChange: (p) =>
            setHeard((h) => {
              const changes = h.of === page ? h.changes : {};
              return { of: page, changes: { ...changes, [p._id]: { ...changes[p._id], ...p } } };
            }),
          onResync: () => void reload.current(),
        },
      ),
    );
  }, [page, off]);
  return useMemo(() => {
    const changes = heard.of === page ? heard.changes : {};
    if (Object.keys(changes).length === 0) return page;
    return { ...page, products: page.products.map((p) => (changes[p._id] ? { ...p, ...changes[p._id] } : p)) };
  }, [page, heard]);
}
