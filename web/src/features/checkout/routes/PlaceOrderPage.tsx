import { AddressText } from '@/components/ui/AddressText';
import { CART_BLOCKED_MESSAGE, cartIsBlocked } from '@domain/cart';
import { priceSummary } from '@domain/pricing';
import { deliveryDaysText } from '@domain/shippingChoice';
import { pricingRulesFor } from '@domain/settings';
import type { CouponCheck } from '@domain/discounts';
import { toCents } from '@domain/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsKeys } from '@/lib/queryKeys';
import { usePublicSettings } from '@/lib/shopSettings';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { CheckoutSteps } from '@/components/ui/CheckoutSteps';
import { Loader } from '@/components/ui/Loader';
import { LineStockNote } from '@/components/ui/LineStockNote';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { DiscountCodeField } from '@/components/ui/DiscountCodeField';
import { GiftCardField, type AppliedGiftCard } from '../components/GiftCardField';
import { StoreCreditField } from '../components/StoreCreditField';
import { tenderPlan } from '../tenderPlan';
import { clearCartItems, refreshCartLines, useCart } from '@/features/cart';
import { productAloneQuery } from '@/features/catalog';
import { OrderItems, OrderSummary } from '@/features/orders';
import { ApiError, errorMessage } from '@/lib/api';
import { rememberCouponCode } from '@/lib/couponCode';
import { guestEmail } from '@/lib/guestCheckout';
import { useUserInfo } from '@/lib/session';
import { usePaymentsUnavailable } from '@/lib/shopConfig';
import { useStoreCredit } from '@/lib/storeCredit';
import { priceChangeOf, useCreateOrder } from '../api/createOrder';
import { shippingChoice, useRememberedShippingMethod } from '../shippingMethod';

export function PlaceOrderPage() {
  const { cartItems, shippingAddress, paymentMethod } = useCart();
  const navigate = useNavigate();
  // A guest (no account, "Continue as guest" at the sign-in step): the order goes to POST /api/orders/guest.
  const signedIn = !!useUserInfo();
  const guest = signedIn ? null : guestEmail();
  // Issue 39: the account's store credit, spent first unless the shopper turns it off (a guest has none).
  const creditBalance = useStoreCredit(signedIn);
  const [creditOn, setCreditOn] = useState(true);
  const spendCredit = signedIn && creditBalance > 0 && creditOn;
  const place = useCreateOrder(guest);
  // Asked again on opening (and on focus, and live where the server tells of saves): the total shown is the one sent.
  const settings = usePublicSettings({ fresh: true });
  const [coupon, setCoupon] = useState<CouponCheck | null>(null);
  const [giftCard, setGiftCard] = useState<AppliedGiftCard | null>(null);
  const client = useQueryClient();
  // The server's figures after a 409 "the total changed" (issue 38): shown, and sent as the total on the next click,
  // until this page's own pricing (settings, prices and code read again) comes to the same total.
  const changed = priceChangeOf(place.error);
  const [quoted, setQuoted] = useState<typeof changed>(null);
  // The method chosen on the Shipping step (issue 40), or the cheapest for this cart where the country is not
  // offered it: what is priced here and sent.
  const remembered = useRememberedShippingMethod();
  // Production without PayPal (GET /api/config): an order left for the provider to pay could never be paid.
  const paymentsUnavailable = usePaymentsUnavailable();
  const itemsCents = cartItems.reduce((sum, i) => sum + toCents(i.price) * i.qty, 0);
  const method = shippingChoice(settings.data, shippingAddress?.country, itemsCents, remembered).chosen;

  // The server's pricing for this address's country (the spec's until the settings are loaded).
  // With the checked code's discount (the server decides it again when placing).
  const prices = priceSummary(
    cartItems,
    settings.data && shippingAddress ? pricingRulesFor(settings.data, shippingAddress, method) : undefined,
    coupon ? toCents(coupon.discountPrice) : 0,
  );
  // This page's pricing caught up with the server's (settings and prices read again): its own figures again (set
  // while rendering, React's way to adjust state to what was just computed).
  if (quoted && prices.totalPrice === quoted.totalPrice) setQuoted(null);

  // Placed: the order page is opening, and the cart was emptied on the way; until it shows, this page's figures
  // would be an empty cart's (a $100 total for a moment, seen in the e2e), so none.
  if (place.isSuccess) return <Loader />;
  // Nothing to order: back to the cart (never a summary of an empty cart with $100 shipping).
  if (cartItems.length === 0) return <Navigate to={paths.cart.href()} replace />;
  if (!shippingAddress) return <Navigate to={paths.shipping.href()} replace />;
  const lines = cartItems.map((i) => ({
    product: i.product,
    qty: i.qty,
    ...(i.variant ? { variant: i.variant } : {}),
  }));
  const blocked = cartIsBlocked(cartItems);
  const shown = quoted ?? prices;
  const plan = tenderPlan(toCents(shown.totalPrice), {
    creditCents: spendCredit ? toCents(creditBalance) : null,
    cardCents: giftCard ? toCents(giftCard.balance) : null,
  });
  // Placing it would only hold its stock until the pay-by time; store credit or a gift card paying it all still can.
  const unpayable = paymentsUnavailable && plan.restCents > 0;

  function placeOrder() {
    if (blocked || unpayable || !shippingAddress) return;
    place.mutate(
      {
        // What the server uses, no more: it prices the order itself (names, images and prices stay here), and places
        // it only at the total shown here (else 409 with the new figures).
        orderItems: lines,
        shippingAddress,
        paymentMethod,
        ...(coupon ? { couponCode: coupon.code } : {}),
        ...(giftCard ? { giftCardCode: giftCard.code } : {}),
        ...(spendCredit ? { useStoreCredit: true } : {}),
        shippingMethod: method.id,
        expectedTotal: shown.totalPrice,
      },
      {
        onError: (error) => {
          // A 409: the total changed, or stock went (a sale's last units) since the cart read the products.
          if (!(error instanceof ApiError) || error.status !== 409) return;
          const figures = priceChangeOf(error);
          if (figures) {
            setQuoted(figures);
            // Today's settings, so the summary catches up with what the server charges.
            void client.invalidateQueries({ queryKey: settingsKeys.public });
          }
          // Today's prices and stock on the lines: a line now sold out or short is marked, and placing waits for
          // the cart (cartIsBlocked) rather than sending the same order again.
          void Promise.all(cartItems.map((i) => client.fetchQuery({ ...productAloneQuery(i.product), staleTime: 0 })))
            .then(refreshCartLines)
            .catch(() => undefined); // the server's message stays shown; it decides either way
        },
        onSuccess: (order) => {
          // A guest's order page opens with its token in the URL (and kept for this tab: a reload works).
          const link = 'accessToken' in order ? `?token=${encodeURIComponent(order.accessToken)}` : '';
          navigate(paths.order.href(order._id) + link, { state: { placed: true } }); // the order page says thank you
          clearCartItems();
          rememberCouponCode(null); // used by this order
        },
      },
    );
  }

  return (
    <>
      <Meta title="Place Order" />
      <CheckoutSteps step1 step2 step3 step4 current={4} />
      <Row className="g-4">
        <Col lg={8}>
          <h1 className="visually-hidden">Place Order</h1>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2 className="section-title">Shipping</h2>
              {guest && (
                <p className="mb-1">
                  <strong>Email: </strong>
                  {guest}
                </p>
              )}
              <p className="mb-0">
                <strong>Address: </strong>
                <AddressText address={shippingAddress} />
              </p>
              <p className="mb-0 mt-1">
                <strong>Shipping method: </strong>
                <span data-testid="chosen-shipping-method">
                  {method.label} ({deliveryDaysText(method.days)})
                </span>{' '}
                <Link to={paths.shipping.href()} className="small">
                  Change
                </Link>
              </p>
            </ListGroup.Item>
            <ListGroup.Item>
              <h2 className="section-title">Payment Method</h2>
              <strong>Method: </strong>
              {paymentMethod}
              {(spendCredit || giftCard) && plan.restCents === 0 && (
                <p className="small text-muted mb-0 mt-1" data-testid="nothing-to-pay">
                  Nothing left to pay: the order is paid when placed.
                </p>
              )}
              {unpayable && (
                <div className="mt-2" data-testid="payments-unavailable">
                  <Message variant="warning" className="mb-0" role="status">
                    This shop cannot take payments yet: its payment provider is not set up, so this order could not be
                    paid. Store credit or a gift card that covers the whole total can still pay it; otherwise please
                    contact the shop.
                  </Message>
                </div>
              )}
            </ListGroup.Item>
            <ListGroup.Item>
              <h2 className="section-title">Order Items</h2>
              <OrderItems items={cartItems} lineNote={(item) => <LineStockNote item={item} />} />
              {blocked && (
                <Message variant="warning">
                  {CART_BLOCKED_MESSAGE} <Link to={paths.cart.href()}>Review your cart</Link>
                </Message>
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col lg={4}>
          <OrderSummary
            prices={shown}
            couponCode={coupon?.code ?? null}
            planned={[
              { kind: 'storeCredit', cents: plan.creditCents },
              { kind: 'giftCard', cents: plan.cardCents },
            ]}
          >
            {/* A guest too (POST /api/coupons/check is open; the per-customer limit is checked when placing). */}
            <ListGroup.Item>
              <DiscountCodeField
                items={lines}
                applied={coupon}
                onApplied={(check) => {
                  setCoupon(check);
                  setQuoted(null); // the shopper changed the code: this page's figures for it
                }}
              />
            </ListGroup.Item>
            {signedIn && creditBalance > 0 && (
              <ListGroup.Item>
                <StoreCreditField
                  balance={creditBalance}
                  checked={creditOn}
                  onChange={setCreditOn}
                  paysCents={plan.creditCents}
                />
              </ListGroup.Item>
            )}
            <ListGroup.Item>
              <GiftCardField
                dueCents={toCents(shown.totalPrice) - plan.creditCents}
                applied={giftCard}
                onApplied={setGiftCard}
              />
            </ListGroup.Item>
            {changed && (
              <ListGroup.Item>
                {/* The server's message: both totals, and that nothing was placed yet. */}
                <Message variant="warning" className="mb-0">
                  {errorMessage(place.error)}
                </Message>
              </ListGroup.Item>
            )}
            {place.isError && !changed && (
              <ListGroup.Item>
                <Message variant="danger" className="mb-0">
                  {errorMessage(place.error)}
                </Message>
              </ListGroup.Item>
            )}
            <ListGroup.Item className="d-grid">
              <Button
                type="button"
                variant="primary"
                disabled={blocked || unpayable || place.isPending}
                onClick={placeOrder}
              >
                {place.isPending ? <Loader small label="Placing order" /> : 'Place Order'}
              </Button>
            </ListGroup.Item>
          </OrderSummary>
        </Col>
      </Row>
    </>
  );
}
