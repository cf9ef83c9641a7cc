// Issue 40: the product page's parts below the fold, one lazy chunk loaded after the page's first render (its
// image, title, price and Add to Cart): the specification table and the reviews (the rating summary, the list, and
// the review form or why there is none).
import type { ProductDetail, UserInfo } from '@domain';
import { paths } from '@domain/routes';
import { lazy, Suspense, useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/Icon';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Rating } from '@/components/ui/Rating';
import { shortDate } from '@/lib/format';
import { RatingSummary } from './RatingSummary';

export { SpecTable } from './SpecTable';

// Only signed-in customers see the review form: its form and validation code (react-hook-form, zod) is its own
// chunk, so the reviews do not wait for it.
const ReviewForm = lazy(() => import('./ReviewForm').then((m) => ({ default: m.ReviewForm })));

/** The reviews' summary and list, then the review form until the signed-in user has reviewed the product.
 *  `onShown`: told once they are on the page (what comes below them waits for that, ProductPage's WhenNear). */
export function ProductReviews({
  product: p,
  user,
  onShown,
}: {
  product: Pick<ProductDetail, '_id' | 'slug' | 'rating' | 'reviews'>;
  user: UserInfo | null | undefined;
  onShown?: () => void;
}) {
  useEffect(() => onShown?.(), [onShown]);
  const reviewed = !!user && p.reviews.some((r) => r.user === user._id);
  return (
    <Row className="g-4 g-lg-5">
      {p.reviews.length > 0 && (
        <Col md={5} lg={4}>
          <RatingSummary average={p.rating} reviews={p.reviews} />
        </Col>
      )}
      <Col md={p.reviews.length > 0 ? 7 : 12} lg={p.reviews.length > 0 ? 8 : 12}>
        {p.reviews.length === 0 && <Message>No Reviews</Message>}
        <ListGroup variant="flush" as="ul" aria-label="Reviews">
          {p.reviews.map((r) => (
            <ListGroup.Item key={r._id} as="li" className="review">
              <strong>{r.name}</strong>
              {r.verified && (
                <span className="verified-badge ms-2">
                  <Icon name="check" size={14} /> Verified purchase
                </span>
              )}
              <Rating value={r.rating} />
              <p className="text-muted small mb-1">{shortDate(r.createdAt)}</p>
              <p className="mb-0">{r.comment}</p>
            </ListGroup.Item>
          ))}
        </ListGroup>
        <section className="mt-4 review-form-card" aria-labelledby="write-review">
          <h2 id="write-review" className="h5">
            Write a Customer Review
          </h2>
          {reviewed ? (
            <Message variant="success">You reviewed this product</Message>
          ) : user ? (
            <Suspense fallback={<Loader small label="Loading the review form" />}>
              <ReviewForm productId={p._id} />
            </Suspense>
          ) : (
            <Message>
              Please <Link to={paths.login.href(paths.product.href(p.slug))}>sign in</Link> to write a review
            </Message>
          )}
        </section>
      </Col>
    </Row>
  );
}
