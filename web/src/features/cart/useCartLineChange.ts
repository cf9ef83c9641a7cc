// A cart line whose product changed since it was added (price, or stock now short): said on the line, live.
import { useEffect, useState } from 'react';
import { formatPrice } from '@/lib/format';
import { watch, type LiveProduct } from '@/lib/live';
import type { CartItem } from './store';

/** What changed about the line's product since it was added, in words, or null. */
export function cartLineChange(item: CartItem, now: LiveProduct | undefined): string | null {
  if (!now) return null;
  if (now.countInStock !== undefined && now.countInStock <= 0) return 'Out of stock now';
  if (now.countInStock !== undefined && now.countInStock < item.qty) return `Only ${now.countInStock} left now`;
  if (now.price !== undefined && now.price !== item.price)
    return `Price changed since you added it: now ${formatPrice(now.price)}`;
  return null;
}

export function useCartLineChange(item: CartItem): string | null {
  const [now, setNow] = useState<{ of: string; product: LiveProduct } | undefined>();
  useEffect(
    () =>
      watch((live) =>
        // The light watcher (stock, price, rating: no reviews).
        live.watchCatalogPage([item.product], {
          onChange: (p) =>
            setNow((old) => ({ of: p._id, product: { ...(old?.of === p._id ? old.product : {}), ...p } })),
        }),
      ),
    [item.product],
  );
  return cartLineChange(item, now?.of === item.product ? now.product : undefined);
}
