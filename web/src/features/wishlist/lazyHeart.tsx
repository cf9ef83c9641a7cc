// Issue 41: the heart where it mounts (a product card, the product page): only this lazy declaration is in the first
// bundle; the heart, its store and styles are one chunk loaded after the page rendered, the wishlist's logic another,
// loaded on the first click (HeartButton.tsx).
import { lazy, Suspense } from 'react';
import type { WishlistItem } from '@domain/wishlist';

const LazyHeartButton = lazy(() => import('./HeartButton').then((m) => ({ default: m.HeartButton })));

export function Heart(props: WishlistItem & { name: string }) {
  return (
    <Suspense>
      <LazyHeartButton {...props} />
    </Suspense>
  );
}
