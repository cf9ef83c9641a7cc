import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Meta } from '@/components/ui/Meta';
import { ProductImage } from '@/components/ui/ProductImage';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Rating } from '@/components/ui/Rating';
import { paths } from '@/config/paths';
import { useUserInfo } from '@/lib/session';
import { formatPrice, shortDate } from '@/lib/format';
import { useProduct } from '../api/getProduct';
import { useLiveProduct } from '../api/useLiveProduct';

// Only signed-in customers see the review form: its form and validation code (react-hook-form, zod) is its own
// chunk, so the product page does not wait for it.
const ReviewForm = lazy(() => import('../components/ReviewForm').then((m) => ({ default: m.ReviewForm })));

export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  useLiveProduct(id);
  const user = useUserInfo();
  const navigate = useNavigate();
  const [qty, setQty] = useState(1);

  return (
    <>
      <Link className="btn btn-light mb-3" to={paths.home.href()}>
        Go Back
      </Link>
      <QueryBoundary query={product} fill>
        {(p) => (
          <>
            <Meta title={p.name} description={p.description.slice(0, 160)} />
            <Row className="g-4">
              <Col md={6} lg={5}>
                <ProductImage
                  src={p.image}
                  alt={p.name}
                  priority
                  sizes="(min-width: 992px) 42vw, (min-width: 768px) 50vw, 100vw"
                  className="rounded-3 shadow-sm"
                />
              </Col>
              <Col md={6} lg={4}>
                <ListGroup variant="flush" className="product-details">
                  <ListGroup.Item>
                    <p className="product-brand mb-1">{p.brand}</p>
                    <h1 className="h3">{p.name}</h1>
                  </ListGroup.Item>
                  <ListGroup.Item>
                    <Rating value={p.rating} text={`${p.numReviews} ${p.numReviews === 1 ? 'review' : 'reviews'}`} />
                  </ListGroup.Item>
                  <ListGroup.Item>Price: {formatPrice(p.price)}</ListGroup.Item>
                  <ListGroup.Item>
                    <span className="visually-hidden">Description: </span>
                    {p.description}
                  </ListGroup.Item>
                </ListGroup>
              </Col>
              <Col md={12} lg={3}>
                <Card className="buy-box">
                  <ListGroup variant="flush">
                    <ListGroup.Item>
                      <Row>
                        <Col>Price:</Col>
                        <Col>
                          <strong>{formatPrice(p.price)}</strong>
                        </Col>
                      </Row>
                    </ListGroup.Item>
                    <ListGroup.Item>
                      <Row>
                        <Col>Status:</Col>
                        <Col data-testid="stock-status">{p.countInStock > 0 ? 'In Stock' : 'Out of Stock'}</Col>
                      </Row>
                    </ListGroup.Item>
                    {p.countInStock > 0 && (
                      <ListGroup.Item>
                        <Row className="align-items-center">
                          <Col>
                            <Form.Label htmlFor="qty" className="mb-0">
                              Qty
                            </Form.Label>
                          </Col>
                          <Col>
                            <Form.Select
                              id="qty"
                              value={qty}
                              onChange={(e) => setQty(Number(e.target.value))}
                              size="sm"
                            >
                              {Array.from({ length: p.countInStock }, (_, i) => i + 1).map((n) => (
                                <option key={n} value={n}>
                                  {n}
                                </option>
                              ))}
                            </Form.Select>
                          </Col>
                        </Row>
                      </ListGroup.Item>
                    )}
                    <ListGroup.Item className="d-grid">
                      <Button
                        type="button"
                        variant="primary"
                        disabled={p.countInStock === 0}
                        onClick={() => navigate(paths.cart.href(p._id, Math.min(qty, p.countInStock)))}
                      >
                        Add to Cart
                      </Button>
                    </ListGroup.Item>
                  </ListGroup>
                </Card>
              </Col>
            </Row>
            <Row className="mt-5">
              <Col md={8} lg={6}>
                <h2 className="section-title">Reviews</h2>
                {p.reviews.length === 0 && <Message>No Reviews</Message>}
                <ListGroup variant="flush" as="ul" aria-label="Reviews">
                  {p.reviews.map((r) => (
                    <ListGroup.Item key={r._id} as="li" className="review">
                      <strong>{r.name}</strong>
                      <Rating value={r.rating} />
                      <p className="text-muted small mb-1">{shortDate(r.createdAt)}</p>
                      <p className="mb-0">{r.comment}</p>
                    </ListGroup.Item>
                  ))}
                </ListGroup>
                <section className="mt-4" aria-labelledby="write-review">
                  <h2 id="write-review" className="h5">
                    Write a Customer Review
                  </h2>
                  {user ? (
                    <Suspense fallback={<Loader small label="Loading the review form" />}>
                      <ReviewForm productId={p._id} />
                    </Suspense>
                  ) : (
                    <Message>
                      Please <Link to={paths.login.href(paths.product.href(p._id))}>sign in</Link> to write a review
                    </Message>
                  )}
                </section>
              </Col>
            </Row>
          </>
        )}
      </QueryBoundary>
    </>
  );
}
