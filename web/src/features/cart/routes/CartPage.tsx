import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@/config/paths';
import { useUserInfo } from '@/lib/session';
import { productQuery } from '@/features/catalog';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { addToCart, cartCount, cartSubtotal, removeFromCart, useCartItems, type CartItem } from '../store';
import { useCartSyncError } from '../syncStatus';
import { useCartLineChange } from '../useCartLineChange';

/** /cart/:id?qty=n adds that product (replacing its line), then shows the cart at /cart. */
function useAddFromUrl() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const qty = Number(search.get('qty') ?? 1) || 1;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!id || started.current === `${id}:${qty}`) return;
    started.current = `${id}:${qty}`;
    client
      .fetchQuery(productQuery(id))
      .then((p) => {
        addToCart({ product: p._id, name: p.name, image: p.image, price: p.price, countInStock: p.countInStock, qty });
        navigate(paths.cart.href(), { replace: true });
      })
      .catch((e: unknown) => setError(errorMessage(e)));
  }, [id, qty, client, navigate]);

  return { adding: !!id && !error, error };
}

function CartLine({ item }: { item: CartItem }) {
  const change = useCartLineChange(item);
  return (
    <ListGroup.Item as="li" className="cart-line">
      <Row className="align-items-center gy-2">
        <Col xs={3} md={2}>
          <img src={item.image} alt={item.name} className="img-fluid rounded cart-thumb" width={640} height={510} />
        </Col>
        <Col xs={9} md={4}>
          <Link to={paths.product.href(item.product)}>{item.name}</Link>
          {change && (
            <div className="small text-danger" role="status">
              {change}
            </div>
          )}
        </Col>
        <Col xs={4} md={2} className="fw-semibold">
          {formatPrice(item.price)}
        </Col>
        <Col xs={5} md={2}>
          <Form.Label htmlFor={`qty-${item.product}`} visuallyHidden>
            Quantity of {item.name}
          </Form.Label>
          <Form.Select
            id={`qty-${item.product}`}
            size="sm"
            value={item.qty}
            onChange={(e) => addToCart({ ...item, qty: Number(e.target.value) })}
          >
            {Array.from({ length: Math.max(item.countInStock, item.qty, 1) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={3} md={2} className="text-end">
          <Button
            type="button"
            variant="light"
            onClick={() => removeFromCart(item.product)}
            aria-label={`Remove ${item.name} from cart`}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
            </svg>
          </Button>
        </Col>
      </Row>
    </ListGroup.Item>
  );
}

export function CartPage() {
  const items = useCartItems();
  const user = useUserInfo();
  const navigate = useNavigate();
  const { adding, error } = useAddFromUrl();
  const syncError = useCartSyncError();
  const count = cartCount(items);

  function checkout() {
    navigate(user ? paths.shipping.href() : paths.login.href(paths.shipping.href()));
  }

  return (
    <>
      <Meta title="Shopping Cart" />
      <Row className="g-4">
        <Col lg={8}>
          <h1 className="section-title">Shopping Cart</h1>
          {error && <Message variant="danger">{error}</Message>}
          {syncError && <Message variant="warning">{syncError}</Message>}
          {adding ? (
            <Loader label="Adding to cart" />
          ) : items.length === 0 ? (
            <Message>
              Your Cart is Empty <Link to={paths.home.href()}>Go Back</Link>
            </Message>
          ) : (
            <ListGroup variant="flush" as="ul" aria-label="Cart items">
              {items.map((item) => (
                <CartLine key={item.product} item={item} />
              ))}
            </ListGroup>
          )}
        </Col>
        <Col lg={4}>
          <Card className="summary-card">
            <ListGroup variant="flush">
              <ListGroup.Item>
                <h2 className="h4" data-testid="cart-subtotal-title">
                  Subtotal ({count}) items
                </h2>
                <span className="fs-5 fw-semibold" data-testid="cart-subtotal">
                  {formatPrice(cartSubtotal(items))}
                </span>
              </ListGroup.Item>
              <ListGroup.Item className="d-grid">
                <Button type="button" variant="primary" disabled={items.length === 0} onClick={checkout}>
                  Proceed To Checkout
                </Button>
              </ListGroup.Item>
            </ListGroup>
          </Card>
        </Col>
      </Row>
    </>
  );
}
