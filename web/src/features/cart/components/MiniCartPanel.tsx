import { cartIsBlocked, cartLineId, CART_BLOCKED_MESSAGE, subtotalLabel } from '@domain/cart';
import { FREE_SHIPPING_OVER_CENTS, priceSummary } from '@domain/pricing';
import { toCents } from '@domain/money';

import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@domain/routes';
import { call } from '@/lib/api';
import { settingsPublic } from '@/lib/endpoints.gen';
import { formatPrice } from '@/lib/format';
import { closeMiniCart, useMiniCartOpen } from '../miniCart';
import { cartCount, useCartItems } from '../store';
import { cartSubtotal } from '../subtotal';
import { productLink } from '@/lib/productLink';
import { useProceedToCheckout } from '../useProceedToCheckout';
import { FreeShippingProgress } from './FreeShippingProgress';
import { LineStockNote } from '@/components/ui/LineStockNote';

/** The owner's free-shipping threshold in cents (GET /api/settings/public; null: never free); undefined until it
 *  answers. Read here directly: the panel lives outside the pages' query provider, and lib/shopSettings.ts would
 *  bring the country list. A failed read falls back to the spec's threshold (the server prices either way). */
function useFreeShippingOverCents(): number | null | undefined {
  const [cents, setCents] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    call(settingsPublic)
      .then((s) => live && setCents(s.shipping.freeOver === null ? null : toCents(s.shipping.freeOver)))
      .catch(() => live && setCents(FREE_SHIPPING_OVER_CENTS));
    return () => {
      live = false;
    };
  }, []);
  return cents;
}

/** A glance at the cart from any page (opened by the header's Cart link): lines, subtotal, View cart and Checkout. */
export default function MiniCartPanel() {
  const show = useMiniCartOpen();
  const items = useCartItems();
  const proceed = useProceedToCheckout();
  const { pathname } = useLocation();
  const subtotal = cartSubtotal(items);
  const blocked = cartIsBlocked(items);
  const freeOverCents = useFreeShippingOverCents();

  // Any navigation (a link inside, back/forward) closes it; not the first render, which follows the opening click.
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) closeMiniCart();
    openedAt.current = pathname;
  }, [pathname]);

  return (
    <Offcanvas
      show={show}
      onHide={closeMiniCart}
      placement="end"
      aria-labelledby="mini-cart-title"
      className="mini-cart"
    >
      <Offcanvas.Header closeButton closeLabel="Close cart">
        <Offcanvas.Title as="h2" id="mini-cart-title" className="h5 mb-0">
          Your cart
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column gap-3">
        {items.length === 0 ? (
          <p className="mb-0">Your Cart is Empty</p>
        ) : (
          <>
            <ul className="list-unstyled mb-0 mini-cart-lines" aria-label="Cart items">
              {items.map((item) => (
                <li key={cartLineId(item)} className="d-flex gap-2 align-items-start py-2 border-bottom">
                  <img src={item.image} alt="" className="rounded mini-cart-thumb" width={640} height={510} />
                  <div className="flex-grow-1 min-w-0">
                    <Link to={productLink(item)} className="d-block text-truncate">
                      {item.name}
                    </Link>
                    {item.variantLabel && <span className="d-block small">{item.variantLabel}</span>}
                    <span className="small text-muted">
                      {item.qty} x {formatPrice(item.price)}
                    </span>
                    <LineStockNote item={item} />
                  </div>
                  <span className="fw-semibold text-nowrap">{formatPrice(priceSummary([item]).itemsPrice)}</span>
                </li>
              ))}
            </ul>
            <p className="d-flex justify-content-between mb-0 fw-semibold" data-testid="mini-cart-subtotal">
              <span>{subtotalLabel(cartCount(items))}</span>
              <span>{formatPrice(subtotal)}</span>
            </p>
            {freeOverCents !== undefined && (
              <FreeShippingProgress itemsPrice={subtotal} freeOverCents={freeOverCents} />
            )}
            {blocked && <p className="small text-danger mb-0">{CART_BLOCKED_MESSAGE}</p>}
          </>
        )}
        <div className="d-grid gap-2 mt-auto">
          <Button type="button" variant="primary" disabled={items.length === 0 || blocked} onClick={proceed}>
            Checkout
          </Button>
          <Link to={paths.cart.href()} className="btn btn-outline-secondary">
            View cart
          </Link>
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
