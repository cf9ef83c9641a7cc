import type { Product } from '@domain';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/ui/ProductImage';
import { Rating } from '@/components/ui/Rating';
import { paths } from '@domain/routes';
import { formatPrice } from '@/lib/format';
import { LazyCompareToggle } from '../compare/lazyCompare';
import { Heart } from '@/features/wishlist';

export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: Product;
  eager?: boolean;
  priority?: boolean;
}) {
  const href = paths.product.href(product.slug);
  return (
    <article className="card product-card h-100">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.image} alt="" eager={eager} priority={priority} />
      </Link>
      {/* On the picture's corner: the price row keeps room for the heart on a phone's narrow card, and the card
          the skeleton's height (a badge in the row pushed the heart out; under the price, the card grew). */}
      {product.countInStock === 0 && <span className="badge text-bg-secondary product-card-flag">Out of Stock</span>}
      <div className="card-body d-flex flex-column">
        <p className="product-brand mb-1">
          {product.brand} ·{' '}
          <Link to={paths.category.href(product.category)} className="product-category">
            {product.category}
          </Link>
        </p>
        <h2 className="card-title product-title">
          <Link to={href} className="stretched-link-off">
            {product.name}
          </Link>
        </h2>
        <Rating
          value={product.rating}
          text={`${product.numReviews} ${product.numReviews === 1 ? 'review' : 'reviews'}`}
        />
        <div className="d-flex align-items-center justify-content-between mt-auto pt-2">
          <span className="product-price">{formatPrice(product.price)}</span>
          <Heart product={product._id} name={product.name} />
        </div>
        {/* Issue 41: answered only beside a compare-at price, where the settings ask (inline: the home bundle) */}
        {product.lowestPrice30Days !== undefined && (
          <small className="d-block text-muted">
            Lowest price in the last 30 days: {formatPrice(product.lowestPrice30Days)}
          </small>
        )}
        {/* Issue 41: lazy; its slot keeps the card's height while it loads */}
        <div className="compare-slot">
          <Suspense>
            <LazyCompareToggle product={product} />
          </Suspense>
        </div>
      </div>
    </article>
  );
}
