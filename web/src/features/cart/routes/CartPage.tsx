import {
  CART_BLOCKED_MESSAGE,
  cartIsBlocked,
  lineStockProblem,
  stockShortageMessage,
  subtotalLabel,
  cartLineId,
} from '@domain/cart';
import type { ProductDetail } from '@domain';
import { priceSummary } from '@domain/pricing';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { CouponCheck } from '@domain/discounts';
import { toCents } from '@domain/money';
import { useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DiscountCodeField } from '@/components/ui/DiscountCodeField';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { productAloneQuery, productQuery } from '@/features/catalog';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { FreeShippingProgress } from '../components/FreeShippingProgress';
import { CartEstimate } from '../components/CartEstimate';
import { usePublicSettings } from '@/lib/shopSettings';
import { overUnitLimit, quantityChoices } from '@domain/quantity';
import { useCart } from '../store';
import { cartSubtotal } from '../subtotal';
import { LineStockNote } from '@/components/ui/LineStockNote';
import { productLink } from '@/lib/productLink';
import { refreshCartLines, variantLineOf } from '../variantLine';
import { addToCart, cartCount, linkQty, removeFromCart, withLine, useCartItems, type CartItem } from '../store';
import { useCartSyncError } from '../syncStatus';
import { useProceedToCheckout } from '../useProceedToCheckout';
import { useCartLineChange } from '../useCartLineChange';
import { lastCatalogPage } from '../lastCatalogPage';
import { Slice } from '@/lib/firstRender';

/** /cart/:id?qty=n adds that product (replacing its line), then shows the cart at /cart. An out-of-stock product
 *  is not added: the shopper is told why. `preview`: the line about to be added when the product is already at hand
 *  and fresh (the page's HTML carried it, or it was just viewed), shown from the first render: no "Adding" spinner
 *  for the line to replace, so nothing below it moves. */
function useAddFromUrl() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const qty = linkQty(search);
  const variant = search.get('variant');
  const key = `${id}:${qty}:${variant}`;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  /** The `id:qty` added: the cart shows at once, while the address becomes /cart. */
  const [added, setAdded] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const [cached] = useState(() => {
    if (!id) return null;
    const query = client.getQueryCache().find<ProductDetail>({ queryKey: productQuery(id).queryKey });
    const staleTime = client.getDefaultOptions().queries?.staleTime;
    return query && !query.isStaleByTime(typeof staleTime === 'number' ? staleTime : 0) ? query.state.data! : null;
  });

  useEffect(() => {
    if (!id || started.current === key) return;
    started.current = key;
    const add = (p: ProductDetail) => {
      const line = variantLineOf(p, qty, variant);
      if (addToCart(line)) setAdded(key);
      else
        setError(
          stockShortageMessage(line.variantLabel ? `${p.name} (${line.variantLabel})` : p.name, line.countInStock, qty),
        );
    };
    if (cached?._id === id) add(cached);
    else
      client
        .fetchQuery(productQuery(id))
        .then(add)
        .catch((e: unknown) => setError(errorMessage(e)));
  }, [id, qty, variant, key, client, cached]);

  // Added: the same page under its own address, once it has been painted. The router reads the scroll position
  // before it navigates, which right after the cart's first render would lay the page out inside this task
  // (~60 ms on a phone); after the paint it costs nothing. No scroll to the top either: it is the same page.
  useEffect(() => {
    if (added !== key) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void navigate(paths.cart.href(), { replace: true, preventScrollReset: true }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [added, key, navigate]);

  const pending = !!id && !error && added !== key;
  const line = pending && cached?._id === id ? variantLineOf(cached, qty, variant) : null;
  const preview = line && withLine([], line) ? line : null;
  return { adding: pending && !preview, preview, error };
}

/** Re-reads the cart's products so stock and prices are today's (a line may have sold out since it was added). */
function useFreshStock(items: readonly CartItem[]) {
  const client = useQueryClient();
  const products = useQueries({
    // Stock and prices only: the product alone (no reviews; on Firebase 1 read per line instead of 1 + 100).
    queries: items.map((i) => productAloneQuery(i.product, client)),
    combine: (results) => results.flatMap((r) => (r.data ? [r.data] : [])),
  });
  useEffect(() => {
    if (products.length > 0) refreshCartLines(products);
  }, [products]);
}

function CartLine({
  item,
  otherUnits,
  maxUnitsPerProduct,
}: {
  item: CartItem;
  /** Units of the same product in the cart's other lines (its other variants): the limit counts them too. */
  otherUnits: number;
  maxUnitsPerProduct: number;
}) {
  const problem = lineStockProblem(item);
  // Two variants of one product are two lines: ids and removal by the line's id.
  const lineId = cartLineId(item);
  const noteId = `stock-${lineId}`;
  const limitId = `limit-${lineId}`;
  // Issue 40: the menu offers what Place Order accepts (the domain's rule), and says why it stops there.
  const choices = quantityChoices(item.countInStock, { maxUnitsPerProduct }, otherUnits);
  const overLimit = overUnitLimit(item.qty + otherUnits, { maxUnitsPerProduct });
  const describedBy = [problem ? noteId : '', choices.reason ? limitId : ''].filter(Boolean).join(' ');
  const change = useCartLineChange(item);
  return (
    <ListGroup.Item as="li" className={`cart-line${problem ? ' cart-line-problem' : ''}`}>
      <Row className="align-items-center gy-2">
        <Col xs={3} md={2}>
          <img src={item.image} alt={item.name} className="img-fluid rounded cart-thumb" width={640} height={510} />
        </Col>
        <Col xs={9} md={4}>
          <Link to={productLink(item)}>{item.name}</Link>
          {item.variantLabel && (
            <div className="small" data-testid="cart-line-variant">
              {item.variantLabel}
            </div>
          )}
          <div className="small text-muted">{formatPrice(item.price)} each</div>
          <LineStockNote item={item} id={noteId} />
          {change && !problem && (
            <div className="small text-danger" role="status">
              {change}
            </div>
          )}
        </Col>
        <Col xs={4} md={2}>
          {problem === 'out_of_stock' ? (
            <span className="small text-muted">Qty {item.qty}</span>
          ) : (
            <>
              <Form.Label htmlFor={`qty-${lineId}`} visuallyHidden>
                Quantity of {item.name}
              </Form.Label>
              <Form.Select
                id={`qty-${lineId}`}
                size="sm"
                value={item.qty}
                isInvalid={problem === 'over_stock' || overLimit}
                aria-describedby={describedBy || undefined}
                onChange={(e) => addToCart({ ...item, qty: Number(e.target.value) })}
              >
                {/* A line already over (added before the limit was known) keeps its quantity visible. */}
                {Array.from({ length: Math.max(choices.max, item.qty) }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n} disabled={n > choices.max}>
                    {n}
                  </option>
                ))}
              </Form.Select>
              {choices.reason && (
                <div
                  id={limitId}
                  className={`small ${overLimit ? 'text-danger' : 'text-muted'}`}
                  data-testid="qty-limit"
                >
                  {choices.reason}
                </div>
              )}
            </>
          )}
        </Col>
        <Col xs={5} md={2} className="fw-semibold text-end" data-testid="cart-line-total">
          {formatPrice(priceSummary([item]).itemsPrice)}
        </Col>
        <Col xs={3} md={2} className="text-end">
          <Button
            type="button"
            variant="light"
            onClick={() => removeFromCart(lineId)}
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
  const stored = useCartItems();
  const { adding, preview, error } = useAddFromUrl();
  const items = (preview && withLine(stored, preview)) || stored;
  const syncError = useCartSyncError();
  const proceed = useProceedToCheckout();
  useFreshStock(items);
  const count = cartCount(items);
  const subtotal = cartSubtotal(items);
  const blocked = cartIsBlocked(items);
  const settings = usePublicSettings();
  const savedCountry = useCart().shippingAddress?.country;
  const [coupon, setCoupon] = useState<CouponCheck | null>(null);
  // Each line as its variant (issue 29): the check prices it so.
  const lines = useMemo(
    () => items.map((i) => ({ product: i.product, qty: i.qty, ...(i.variant ? { variant: i.variant } : {}) })),
    [items],
  );
  // Read once: where the shopper came from does not change while the cart is open.
  const [continueTo] = useState(lastCatalogPage);

  return (
    <>
      <Meta title="Shopping Cart" />
      <Row className="g-4">
        <Col lg={8}>
          <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
            <h1 className="section-title">Shopping Cart</h1>
            <Link to={continueTo} className="continue-shopping" data-testid="continue-shopping">
              <span aria-hidden="true">← </span>Continue shopping
            </Link>
          </div>
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
                <Slice key={cartLineId(item)}>
                  <CartLine
                    item={item}
                    otherUnits={items
                      .filter((o) => o.product === item.product && cartLineId(o) !== cartLineId(item))
                      .reduce((sum, o) => sum + o.qty, 0)}
                    maxUnitsPerProduct={settings.data?.limits.maxUnitsPerProduct ?? Infinity}
                  />
                </Slice>
              ))}
            </ListGroup>
          )}
        </Col>
        <Col lg={4}>
          <Slice>
            <Card className="summary-card">
              <ListGroup variant="flush">
                <ListGroup.Item>
                  <h2 className="h4" data-testid="cart-subtotal-title">
                    {subtotalLabel(count)}
                  </h2>
                  <span className="fs-5 fw-semibold" data-testid="cart-subtotal">
                    {formatPrice(subtotal)}
                  </span>
                  {items.length > 0 ? (
                    <div className="mt-2">
                      {settings.data ? (
                        <CartEstimate
                          itemsPrice={subtotal}
                          settings={settings.data}
                          savedCountry={savedCountry}
                          discount={coupon ? { code: coupon.code, cents: toCents(coupon.discountPrice) } : null}
                        />
                      ) : (
                        <FreeShippingProgress itemsPrice={subtotal} />
                      )}
                    </div>
                  ) : (
                    adding && (
                      // Its room while the product from the link is being added: the button below does not move.
                      <div className="mt-2 invisible" aria-hidden="true">
                        <FreeShippingProgress itemsPrice={0} />
                      </div>
                    )
                  )}
                </ListGroup.Item>
                {items.length > 0 && (
                  <ListGroup.Item data-testid="cart-discount">
                    {/* The same field as Place Order's, signed in or not (a guest checks a code too): the applied
                      code is remembered for the checkout. */}
                    <Slice>
                      <DiscountCodeField items={lines} applied={coupon} onApplied={setCoupon} />
                    </Slice>
                  </ListGroup.Item>
                )}
                {blocked && (
                  <ListGroup.Item>
                    <p className="small text-danger mb-0" id="cart-blocked" role="status">
                      {CART_BLOCKED_MESSAGE}
                    </p>
                  </ListGroup.Item>
                )}
                <ListGroup.Item className="d-grid">
                  <Button
                    type="button"
                    variant="primary"
                    disabled={items.length === 0 || blocked}
                    aria-describedby={blocked ? 'cart-blocked' : undefined}
                    onClick={proceed}
                  >
                    Proceed To Checkout
                  </Button>
                </ListGroup.Item>
              </ListGroup>
            </Card>
          </Slice>
        </Col>
      </Row>
    </>
  );
}
