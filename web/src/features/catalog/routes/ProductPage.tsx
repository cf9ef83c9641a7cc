import { RETURN_DAYS } from '@domain/limits';
import { quantityChoices } from '@domain/quantity';
import { productPageGallery } from '@domain/productMedia';
import { FREE_SHIPPING_OVER_CENTS } from '@domain/pricing';
import { lazy, useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductDetail } from '@domain';
import { productKeys } from '@/lib/productKeys';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { Icon } from '@/components/ui/Icon';
import { Meta } from '@/components/ui/Meta';
import { OptionalPart } from '@/components/ui/OptionalPart';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { Rating } from '@/components/ui/Rating';
import { paths } from '@domain/routes';
import { useUserInfo } from '@/lib/session';
import { formatPrice } from '@/lib/format';
import { useProduct } from '../api/getProduct';
import { useLiveProduct } from '../api/useLiveProduct';
import { ProductGallery } from '../components/ProductGallery';
import { ProductPageSkeleton } from '../components/Skeletons';
import { stockHint } from '../stock';
import { chosenVariant, VariantPicker } from '../components/VariantPicker';
import { usePublicSettings, useWatchPublicSettings } from '@/lib/shopSettings';
import { LazyCompareToggle } from '../compare/lazyCompare';
import { WhenNear } from '../components/WhenNear';
import { Heart } from '@/features/wishlist';
import { RecentlyViewed, rememberViewed } from '../compare/compareUi';
import { Slice } from '@/lib/firstRender';

// Issue 40: what is below the fold (the specification table, the reviews, related products, works-with) and what
// few see (the stock alert form, the 30-day low) are chunks of their own, rendered after the page's first paint:
// the page's chunk and its first render hold the image, the title, the price and Add to Cart only. The spec table and
// the reviews share one chunk (BelowTheFold.tsx).
const SpecTable = lazy(() => import('../components/BelowTheFold').then((m) => ({ default: m.SpecTable })));
const ProductReviews = lazy(() => import('../components/BelowTheFold').then((m) => ({ default: m.ProductReviews })));
const RelatedProducts = lazy(() =>
  import('../components/RelatedProducts').then((m) => ({ default: m.RelatedProducts })),
);
/** Issue 41: loaded only when the chosen item is sold out. */
const WorksWith = lazy(() => import('../components/WorksWith').then((m) => ({ default: m.WorksWith })));
const NotifyMe = lazy(() => import('../components/NotifyMe').then((m) => ({ default: m.NotifyMe })));
/** Issue 41's 30-day low under the settings' rule, which brings the country list: only for a price that shows one. */
const SettingsLowestPrice = lazy(() =>
  import('../components/SettingsLowestPrice').then((m) => ({ default: m.SettingsLowestPrice })),
);

/**
 * Issue 40: a page opened by the product's id or an old slug moves to its current slug's address in place (the
 * history entry replaced, the variant and anchor kept), the answer put under the new address's key so nothing is
 * asked again.
 */
function useCurrentSlugAddress(key: string, product: ProductDetail | undefined) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { search, hash } = useLocation();
  const slug = product?.slug;
  useEffect(() => {
    if (!product || !slug || slug === key) return;
    client.setQueryData(productKeys.detail(slug), product);
    void navigate({ pathname: paths.product.href(slug), search, hash }, { replace: true });
  }, [key, slug, product, search, hash, client, navigate]);
}

/**
 * Image beside one info column: brand, title, rating, the price, the stock hint, quantity and Add to Cart (on phones
 * a bar fixed at the bottom of the screen, see .buy-bar), delivery and returns, description. Below: the rating
 * summary and the reviews, and the review form until the signed-in user has reviewed the product.
 */
export function ProductPage() {
  // Issue 40: the address holds the product's slug; an id or an old slug (before a rename) finds it too.
  const { id: key = '' } = useParams();
  const product = useProduct(key);
  useLiveProduct(product.data?._id);
  useCurrentSlugAddress(key, product.data);
  // The settings follow the owner's saves live (one watch for the page); the parts that show them read them.
  useWatchPublicSettings();
  // Issue 41: this browser's recently viewed products (the row below reads them before this one is added).
  const viewed = product.data;
  useEffect(() => {
    if (viewed) rememberViewed(viewed);
  }, [viewed]);

  return (
    <div className="product-page">
      {/* Go Back and the breadcrumbs share one row (the breadcrumbs once the product is known): no shift. */}
      <div className="product-topbar">
        <Link className="btn btn-light btn-sm" to={paths.home.href()}>
          Go Back
        </Link>
        {product.data && (
          <Breadcrumbs
            items={[
              { label: 'Home', to: paths.home.href() },
              { label: product.data.category, to: paths.category.href(product.data.category) },
              { label: product.data.name },
            ]}
          />
        )}
      </div>
      <QueryBoundary query={product} pending={<ProductPageSkeleton />}>
        {(product) => <ProductView product={product} />}
      </QueryBoundary>
    </div>
  );
}

/**
 * The product shown. Each part reads what it shows (the settings, the signed-in user, whether the reviews are in),
 * so what arrives after the first paint renders that part again, not the whole page with its gallery and variant
 * picker (issue 40: those re-renders were the product page's blocking time on phones).
 */
function ProductView({ product }: { product: ProductDetail }) {
  // The chosen variant is kept in the address (?variant=), so a link or a reload shows the same one.
  const [search, setSearch] = useSearchParams();
  // A product with variants shows, prices and sells the chosen one (issue 29).
  const chosen = chosenVariant(product.variants, search.get('variant'));
  const p: ProductDetail = chosen
    ? {
        ...product,
        price: chosen.price,
        compareAtPrice: chosen.compareAtPrice,
        lowestPrice30Days: chosen.lowestPrice30Days,
        countInStock: chosen.countInStock,
        image: chosen.image || product.image,
      }
    : product;
  // The server's HTML shows its first picture in the same place before this renders (domain/firstPaint.ts).
  const gallery = productPageGallery(product, chosen?._id ?? null);
  const stock = stockHint(p.countInStock);
  const reviewCount = `${p.numReviews} ${p.numReviews === 1 ? 'review' : 'reviews'}`;
  return (
    <>
      <Meta title={p.name} description={p.description.slice(0, 160)} />
      <Row className="g-4 g-lg-5">
        <Col md={6}>
          {/* The chosen variant's own picture first (issue 29); a new first picture starts the gallery
              anew, at it. */}
          <Slice>
            <ProductGallery key={gallery[0]?.url} images={gallery} productName={p.name} />
          </Slice>
        </Col>
        <Col md={6} className="product-info">
          <p className="product-brand mb-1">{p.brand}</p>
          <h1 className="product-page-title">{p.name}</h1>
          <a href="#reviews" className="rating-link">
            <Rating value={p.rating} text={reviewCount} />
          </a>
          <PriceLine p={p} />
          {chosen && product.options && (
            <VariantPicker
              options={product.options}
              variants={product.variants!}
              chosen={chosen}
              onChoose={(v) => setSearch({ variant: v._id }, { replace: true, preventScrollReset: true })}
            />
          )}
          <p className={`stock-hint stock-${stock.level}`}>
            <span className="stock-dot" aria-hidden="true" />
            <span data-testid="stock-status">{stock.text}</span>
          </p>
          <Slice>
            <BuyBox p={p} variantId={chosen?._id} productId={product._id} />
          </Slice>
          {/* The heart is a chunk of its own: its height is kept while it loads, so the parts below stay put. */}
          <div className="heart-slot">
            <Heart product={product._id} variant={chosen?._id} name={product.name} />
          </div>
          <div className="compare-slot">
            <OptionalPart>
              <LazyCompareToggle product={product} />
            </OptionalPart>
          </div>
          <Perks />
          <section className="product-description" aria-labelledby="description-title">
            <h2 id="description-title" className="h6">
              Description
            </h2>
            <p className="mb-0">{p.description}</p>
          </section>
        </Col>
      </Row>
      <Slice>
        <BelowTheFoldParts p={p} />
      </Slice>
    </>
  );
}

/** The price, the compare-at price and, issue 41, the 30-day low (the settings decide too: a Firestore read or an
 *  inlined page carries the figure). */
function PriceLine({ p }: { p: ProductDetail }) {
  const settings = usePublicSettings({ watch: false });
  return (
    <p className="product-page-price" data-testid="product-price">
      {formatPrice(p.price)}
      {p.compareAtPrice !== undefined && p.compareAtPrice > p.price && (
        <>
          {' '}
          <s className="product-compare-at text-muted fs-6" data-testid="compare-at-price">
            <span className="visually-hidden">Was </span>
            {formatPrice(p.compareAtPrice)}
          </s>{' '}
          <span className="badge text-bg-danger fs-6 align-middle">Sale</span>
        </>
      )}
      {settings.data &&
        p.lowestPrice30Days !== undefined &&
        p.compareAtPrice !== undefined &&
        p.compareAtPrice > p.price && (
          <OptionalPart>
            <SettingsLowestPrice
              settings={settings.data}
              price={p.price}
              compareAtPrice={p.compareAtPrice}
              lowest={p.lowestPrice30Days}
            />
          </OptionalPart>
        )}
    </p>
  );
}

/** Quantity and Add to Cart (on phones a bar fixed at the bottom of the screen, see .buy-bar), the stock alert when
 *  sold out, and why the quantity stops where it does. */
function BuyBox({ p, variantId, productId }: { p: ProductDetail; variantId: string | undefined; productId: string }) {
  const navigate = useNavigate();
  const [qty, setQty] = useState(1);
  // The per-customer limit (the owner's settings): the select offers no more, and says why.
  const settings = usePublicSettings({ watch: false });
  const perCustomerLimit = settings.data?.limits.maxUnitsPerProduct ?? Infinity;
  // The cart's rule (issue 40): the limit and the stock, with the reason when the limit caps it.
  const { max: maxQty, reason: limitReason } = quantityChoices(p.countInStock, {
    maxUnitsPerProduct: perCustomerLimit,
  });
  return (
    <>
      <div className="buy-bar" data-testid="buy-bar">
        {p.countInStock > 0 && (
          <div className="buy-qty">
            <Form.Label htmlFor="qty" className="mb-0 small fw-semibold">
              Qty
            </Form.Label>
            <Form.Select
              id="qty"
              value={Math.min(qty, maxQty)}
              onChange={(e) => setQty(Number(e.target.value))}
              aria-describedby={limitReason ? 'qty-limit' : undefined}
            >
              {Array.from({ length: maxQty }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Form.Select>
          </div>
        )}
        <Button
          type="button"
          variant="primary"
          size="lg"
          className="buy-button"
          disabled={p.countInStock === 0}
          onClick={() =>
            navigate(`${paths.cart.href(p._id, Math.min(qty, maxQty))}${variantId ? `&variant=${variantId}` : ''}`)
          }
        >
          <Icon name="cart" /> Add to Cart
        </Button>
      </div>
      {p.countInStock === 0 && (
        <OptionalPart>
          <NotifyMe key={variantId ?? p._id} productId={productId} variantId={variantId} />
        </OptionalPart>
      )}
      {p.countInStock > 0 && limitReason && (
        <p id="qty-limit" className="small text-muted mt-2 mb-0" data-testid="qty-limit">
          {limitReason}
        </p>
      )}
    </>
  );
}

/** Delivery and returns: the owner's free-shipping threshold (null: never free), the spec's until the settings are
 *  loaded. */
function Perks() {
  const settings = usePublicSettings({ watch: false });
  const freeOver = settings.data ? settings.data.shipping.freeOver : FREE_SHIPPING_OVER_CENTS / 100;
  return (
    <ul className="product-perks list-unstyled">
      {freeOver !== null && (
        <li>
          <Icon name="truck" /> Free delivery on orders over {formatPrice(freeOver)}
        </li>
      )}
      <li>
        <Icon name="returns" /> <Link to={paths.policy.href('returns')}>{RETURN_DAYS}-day returns</Link>
      </li>
    </ul>
  );
}

/** Below the fold: the specification table, the reviews (and the review form for the signed-in user), works-with,
 *  then the related products once the reviews are in place, and the recently viewed row. */
function BelowTheFoldParts({ p }: { p: ProductDetail }) {
  const user = useUserInfo();
  // The reviews (a lazy chunk) are on the page: the related products below them may look whether they are near.
  const [reviewsShown, setReviewsShown] = useState(false);
  const showReviews = useCallback(() => setReviewsShown(true), []);
  return (
    <>
      {p.specs?.length > 0 && (
        <OptionalPart>
          <SpecTable specs={p.specs} />
        </OptionalPart>
      )}
      <section className="product-reviews" aria-labelledby="reviews">
        <h2 id="reviews" className="section-title">
          Reviews
        </h2>
        <OptionalPart>
          <ProductReviews product={p} user={user} onShown={showReviews} />
        </OptionalPart>
      </section>
      {p.accessories?.length ? (
        <OptionalPart>
          <WorksWith key={p._id} ids={p.accessories} />
        </OptionalPart>
      ) : null}
      {/* Far below the fold: its chunk, its two catalogue reads and its cards wait until the reviews are in place
        and it nears the screen. */}
      <WhenNear key={p._id} ready={reviewsShown}>
        <OptionalPart>
          <RelatedProducts product={p} />
        </OptionalPart>
      </WhenNear>
      <RecentlyViewed key={p._id} without={p._id} />
    </>
  );
}
