// Issue 41: the heart on a product card and on the product page: toggles the product (or the chosen variant) in the
// wishlist; aria-pressed says whether it is kept. Its state is the local store (wishlistStore.ts); what a click
// does, for a guest (localStorage) or an account (PUT /api/wishlist, then the other devices hear it), is
// wishlistSync.ts, loaded on the first click.
import { wishlistItemId, type WishlistItem } from '@domain/wishlist';
import { useState } from 'react';
import { useStore } from '@/lib/store';
import { wishlistStore } from './wishlistStore';
import './followSession';
import './wishlist.css';

export function HeartButton({ product, variant, name }: WishlistItem & { name: string }) {
  const id = wishlistItemId({ product, variant });
  const pressed = useStore(wishlistStore, (w) => w.items.some((i) => wishlistItemId(i) === id));
  const [error, setError] = useState<string | null>(null);
  const toggle = () => {
    setError(null);
    void import('./wishlistSync')
      .then((m) => m.toggleWish(variant ? { product, variant } : { product }))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'The wishlist could not be saved'));
  };
  return (
    <span className="wishlist-heart-wrap">
      <button
        type="button"
        className="wishlist-heart"
        aria-pressed={pressed}
        aria-label={`${pressed ? 'Remove' : 'Save'} ${name} ${pressed ? 'from' : 'to'} your wishlist`}
        title={pressed ? 'In your wishlist' : 'Save to wishlist'}
        onClick={toggle}
        data-testid="wishlist-heart"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      {error && (
        <span role="alert" className="wishlist-error small text-danger">
          {error}
        </span>
      )}
    </span>
  );
}
