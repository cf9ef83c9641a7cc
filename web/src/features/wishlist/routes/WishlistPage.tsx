// Issue 41: /wishlist, the signed-in customer's saved products (lazy route): each with its picture, price and stock
// as they are now; "Move to cart" (the cart page adds it, as the product page's Add to Cart does) and "Remove". A
// product unpublished or deleted since stays listed as no longer available until removed. Another device's change
// shows without a reload (wishlistSync.ts: the live `wishlist` topic).
import type { Wishlist, WishlistEntry } from '@domain/wishlist';
import { paths } from '@domain/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router-dom';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { ProductImage } from '@/components/ui/ProductImage';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { formatPrice } from '@/lib/format';
import { productLink } from '@/lib/productLink';
import { useUserInfo } from '@/lib/session';
import { loadWishlist, removeWish, subscribeWishlist } from '../wishlistSync';
import '../wishlist.css';

const wishlistKey = (uid: string | undefined) => ['wishlist', uid] as const;

export function WishlistPage() {
  const user = useUserInfo();
  const client = useQueryClient();
  const key = wishlistKey(user?._id);
  // Read again when the tab comes back: where no live frame tells of another device's save (the Firebase build).
  const wishlist = useQuery({
    queryKey: key,
    queryFn: loadWishlist,
    enabled: !!user,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  // A save here answers the new list; another device's save says to read again.
  useEffect(
    () =>
      subscribeWishlist((answer) => {
        if (answer) client.setQueryData<Wishlist>(key, answer);
        else void client.invalidateQueries({ queryKey: key });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the user's id
    [client, user?._id],
  );

  const remove = async (entry: WishlistEntry) => {
    setError(null);
    try {
      await removeWish(entry);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The wishlist could not be saved');
      return false;
    }
  };
  const moveToCart = async (entry: WishlistEntry) => {
    if (!(await remove(entry))) return;
    navigate(`${paths.cart.href(entry.product, 1)}${entry.variant ? `&variant=${entry.variant}` : ''}`);
  };

  return (
    <div className="wishlist-page">
      <Meta title="Wishlist" />
      <Breadcrumbs items={[{ label: 'Home', to: paths.home.href() }, { label: 'Wishlist' }]} />
      <h1 className="h3 mb-3">Wishlist</h1>
      {error && <Message variant="danger">{error}</Message>}
      <QueryBoundary query={wishlist}>
        {({ items }) =>
          items.length === 0 ? (
            <Message variant="info">
              Your wishlist is empty: tap the heart on a product to save it for later.{' '}
              <Link to={paths.home.href()}>Browse products</Link>
            </Message>
          ) : (
            <ul className="list-group" data-testid="wishlist-items">
              {items.map((entry) => (
                <WishlistRow
                  key={entry.variant ? `${entry.product}/${entry.variant}` : entry.product}
                  entry={entry}
                  onRemove={() => void remove(entry)}
                  onMoveToCart={() => void moveToCart(entry)}
                />
              ))}
            </ul>
          )
        }
      </QueryBoundary>
    </div>
  );
}

function WishlistRow({
  entry,
  onRemove,
  onMoveToCart,
}: {
  entry: WishlistEntry;
  onRemove: () => void;
  onMoveToCart: () => void;
}) {
  const { summary } = entry;
  const name = summary?.name ?? 'This product';
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-3 wishlist-item" data-testid="wishlist-item">
      {summary ? (
        <>
          <Link to={productLink({ ...entry, slug: summary.slug })} tabIndex={-1} aria-hidden="true">
            <ProductImage src={summary.image} alt="" />
          </Link>
          <div className="flex-grow-1">
            <Link to={productLink({ ...entry, slug: summary.slug })}>{summary.name}</Link>
            {summary.variantLabel && <div className="small text-muted">{summary.variantLabel}</div>}
            <div>
              <span className="fw-semibold">{formatPrice(summary.price)}</span>
              {summary.compareAtPrice !== undefined && summary.compareAtPrice > summary.price && (
                <del className="text-muted ms-2 small">{formatPrice(summary.compareAtPrice)}</del>
              )}
            </div>
            <div className="small">{summary.countInStock > 0 ? 'In stock' : 'Out of stock'}</div>
          </div>
        </>
      ) : (
        <div className="flex-grow-1 text-muted" data-testid="wishlist-unavailable">
          This product is no longer available.
        </div>
      )}
      <div className="d-flex gap-2">
        {summary && summary.countInStock > 0 && (
          <Button size="sm" onClick={onMoveToCart} aria-label={`Move ${name} to cart`}>
            Move to cart
          </Button>
        )}
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={onRemove}
          aria-label={`Remove ${name} from your wishlist`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
