// Placeholders shaped like the content they stand for (same classes, so the same sizes): the page does not move
// when the answer arrives. Hidden from screen readers, which hear the one status label instead.
import { PRODUCT_IMAGE_SIZES } from '@domain/images';
import { DEFAULT_PAGE_SIZE } from '@domain/limits';
import { ProductImage } from '@/components/ui/ProductImage';
import { PRODUCT_GRID_CLASS } from './productGrid';

const bar = (width: string) => <span className={`placeholder rounded-1 ${width}`} />;

function ProductCardSkeleton() {
  return (
    <div className="card product-card h-100">
      <div className="product-image placeholder-glow">
        <span className="placeholder w-100 h-100 d-block" />
      </div>
      <div className="card-body d-flex flex-column placeholder-glow">
        <p className="product-brand mb-1">{bar('col-4')}</p>
        <p className="card-title product-title">{bar('col-10')}</p>
        <div className="rating">
          <span className="rating-text">
            <span className="placeholder rounded-1 skeleton-rating" />
          </span>
        </div>
        <div className="mt-auto pt-2">
          <span className="product-price d-block">{bar('col-4')}</span>
        </div>
        <div className="compare-slot" />
      </div>
    </div>
  );
}

/** A page of product cards while the catalogue loads. */
export function ProductGridSkeleton({ label = 'Loading products' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} data-testid="products-skeleton">
      <ul className={PRODUCT_GRID_CLASS} aria-hidden="true">
        {Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => (
          <li key={i} className="col">
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The product page's image, title, price and buy box while the product loads. `withTopbar`: also the Go Back row
 * (while the page's own code loads, before the page draws that row itself). `image`: the gallery's first picture,
 * shown in its place (the same box, file and sizes as the gallery's) instead of a placeholder.
 */
export function ProductPageSkeleton({ withTopbar = false, image }: { withTopbar?: boolean; image?: string }) {
  return (
    <div role="status" aria-label="Loading product" data-testid="product-skeleton" className="placeholder-glow">
      <div aria-hidden="true">
        {withTopbar && (
          <div className="product-topbar">
            <span className="btn btn-light btn-sm disabled placeholder">Go Back</span>
          </div>
        )}
        <div className="row g-4 g-lg-5">
          <div className="col-md-6">
            <div className="product-media">
              {image ? (
                <ProductImage src={image} alt="" priority sizes={PRODUCT_IMAGE_SIZES} />
              ) : (
                <div className="product-image">
                  <span className="placeholder w-100 h-100 d-block" />
                </div>
              )}
            </div>
          </div>
          <div className="col-md-6 product-info">
            <p className="product-brand mb-1">{bar('col-3')}</p>
            <p className="product-page-title">{bar('col-10')}</p>
            <p className="mb-2">{bar('col-4')}</p>
            <p className="product-page-price">{bar('col-3')}</p>
            <p className="stock-hint">{bar('col-2')}</p>
            <p className="mb-0">{bar('col-12 placeholder-lg')}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
