import { AddressText } from '@/components/ui/AddressText';
import { type Order } from '@domain';
import { ledgerOfOrder } from '@domain/ledger';
import { providerWord } from '@domain/paymentWords';
import { deliveryDaysText } from '@domain/shippingChoice';
import { isOwner, orderNumber, paymentMethodLabel } from '@domain/orders';
import { useLiveGuestOrder, useLiveOrder } from '@/lib/live/hooks';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { paths } from '@domain/routes';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { GuestGate, orderToken } from '@/lib/guestCheckout';
import { useUserInfo } from '@/lib/session';
import { dateTime } from '@/lib/format';
import { useOrder } from '../api/getOrder';
import { CancellationRequest } from '../components/CancellationRequest';
import { CancelledNotice, CancelOrderButton } from '../components/CancelOrderButton';
import { MoneyBackActions } from '../components/MoneyBackActions';
import { OrderItems } from '../components/OrderItems';
import { OrderHeadline } from '../components/OrderHeadline';
import { OrderNoteForm } from '../components/OrderNotes';
import { DeliveryStatusBadge, PaymentStatusBadge } from '../components/OrderStatus';
import { OrderTimeline } from '../components/OrderTimeline';
import { FulfilmentSteps, UndeliverControl } from '../components/ShipOrder';
import { ShipmentDetails } from '../components/ShipmentDetails';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentArea } from '../components/PaymentArea';
import { refundSummary, RefundList } from '../components/RefundList';
import { Returns } from '../components/Returns';

// Guest orders (issue 30): "Create an account" after paying, in its own chunk.
const guestAccount = () => import('../components/CreateAccountCard');
const CreateAccountCard = lazy(async () => ({ default: (await guestAccount()).CreateAccountCard }));
const AccountCreatedNotice = lazy(async () => ({ default: (await guestAccount()).AccountCreatedNotice }));

/** The customer of this order: its signed-in owner, or (signed out) the guest holding its token in this tab. */
function useIsCustomer(order: Order): boolean {
  const viewer = useUserInfo();
  return isOwner(order, viewer?._id) || (!viewer && order.isGuest && !!orderToken(order._id));
}

/** Whether an account was made on this page, and the way to say it was: kept by the page itself, above the order's
 *  query, which signing in clears and loads again (lib/queryClient.ts clearUserData). */
interface AccountMade {
  created: boolean;
  setCreated: (created: boolean) => void;
}

/** A guest's order, paid: offer an account that keeps it; once made, say so. */
function GuestAccount({ order, account }: { order: Order; account: AccountMade }) {
  const user = useUserInfo();
  const { created, setCreated } = account;
  const token = orderToken(order._id);
  if (created)
    return (
      <Suspense fallback={null}>
        <AccountCreatedNotice />
      </Suspense>
    );
  if (user || !order.isGuest || !order.isPaid || !token) return null;
  return (
    <Suspense fallback={null}>
      <CreateAccountCard order={order} orderToken={token} onCreated={() => setCreated(true)} />
    </Suspense>
  );
}

function HoldNotice({ order }: { order: Order }) {
  if (order.status === 'expired') {
    return (
      <Message variant="warning" role="none">
        <strong>This order has expired</strong>
        {order.expiresAt ? ` (it was not paid by ${dateTime(order.expiresAt)})` : ''}: its items were returned to stock
        and it can no longer be paid. Please place a new order.
      </Message>
    );
  }
  if (!order.isPaid && order.expiresAt) {
    return (
      <Message variant="info">
        Pay by <strong>{dateTime(order.expiresAt)}</strong> or the items go back on sale.
      </Message>
    );
  }
  return null;
}

/** The headline (components/OrderHeadline.tsx), told whether the shopper arrived from Place Order and whether the
 *  viewer is the customer (an admin is not thanked). */
function OrderHeading({ order }: { order: Order }) {
  const justPlaced = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  return <OrderHeadline order={order} justPlaced={justPlaced} forCustomer={useIsCustomer(order)} />;
}

/** The order's print-ready papers: the invoice, and for admins the packing slip. */
function PrintLinks({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  return (
    <nav aria-label="Print" className="d-flex gap-2 mb-3">
      <Link to={paths.invoice.href(order._id)} className="btn btn-outline-dark btn-sm">
        Invoice
      </Link>
      {isAdmin && (
        <Link to={paths.packingSlip.href(order._id)} className="btn btn-outline-dark btn-sm">
          Packing slip
        </Link>
      )}
    </nav>
  );
}

function OrderDetails({ order, account }: { order: Order; account: AccountMade }) {
  const user = useUserInfo();
  const isCustomer = useIsCustomer(order);
  const { shippingAddress: a } = order;
  const payable = order.status === 'awaiting_payment';
  return (
    <>
      <Meta title={`Order #${orderNumber(order._id)}`} />
      {user?.isAdmin && (
        <Link to={paths.admin.orders.href()} className="btn btn-light btn-sm mb-3">
          ← Back to orders
        </Link>
      )}
      <OrderHeading order={order} />
      <GuestAccount order={order} account={account} />
      <PrintLinks order={order} isAdmin={!!user?.isAdmin} />
      {order.isCancelled ? <CancelledNotice order={order} /> : <HoldNotice order={order} />}
      <Row className="g-4">
        <Col lg={8}>
          <ListGroup variant="flush">
            <ListGroup.Item>
              <h2 className="section-title">Shipping</h2>
              <p className="mb-1">
                <strong>Name: </strong> {order.user.name}
              </p>
              <p className="mb-1">
                <strong>Email: </strong> <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
              </p>
              <p className="mb-2">
                <strong>Address: </strong>
                <AddressText address={a} />
              </p>
              {order.shippingMethod && (
                <p className="mb-2">
                  <strong>Shipping method: </strong>
                  <span data-testid="shipping-method">
                    {order.shippingMethod.label} ({deliveryDaysText(order.shippingMethod.days)})
                  </span>
                </p>
              )}
              <DeliveryStatusBadge order={order} />
              {/* An admin reads the carrier and number in the fulfilment steps just below. */}
              {!user?.isAdmin && <ShipmentDetails order={order} />}
            </ListGroup.Item>
            {user?.isAdmin && <FulfilmentSteps order={order} />}
            <ListGroup.Item>
              <h2 className="section-title">Payment Method</h2>
              <p className="mb-2">
                <strong>Method: </strong>
                <span data-testid="payment-method">{paymentMethodLabel(order)}</span>
              </p>
              <PaymentStatusBadge order={order} />
              {refundSummary(order) && <p className="small mt-2 mb-0">{refundSummary(order)}</p>}
            </ListGroup.Item>
            <RefundList order={order} admin={!!user?.isAdmin} />
            <ListGroup.Item>
              <h2 className="section-title">Order Items</h2>
              {order.orderItems.length === 0 ? (
                <Message>Order is empty</Message>
              ) : (
                <OrderItems items={order.orderItems} />
              )}
            </ListGroup.Item>
            <Returns order={order} />
            <ListGroup.Item>
              <h2 className="section-title">History</h2>
              <OrderTimeline order={order} />
              {user?.isAdmin && (
                <div className="mt-3">
                  <OrderNoteForm order={order} />
                </div>
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        {/* Unpaid: on phones the summary with the pay button comes first, above the fold. */}
        <Col lg={4} className={payable ? 'order-first order-lg-last' : undefined}>
          <OrderSummary
            ledger={ledgerOfOrder(order)}
            couponCode={order.couponCode}
            paid={order.isPaid}
            provider={providerWord(order)}
          >
            {payable &&
              (isCustomer ? (
                <ListGroup.Item>
                  <PaymentArea order={order} />
                </ListGroup.Item>
              ) : (
                <ListGroup.Item className="small text-muted">
                  Only the customer who placed this order can pay it.
                </ListGroup.Item>
              ))}
            <CancelOrderButton order={order} />
            <CancellationRequest order={order} />
            {user?.isAdmin && (
              <>
                <UndeliverControl order={order} />
                <MoneyBackActions order={order} />
              </>
            )}
          </OrderSummary>
        </Col>
      </Row>
    </>
  );
}

/** The order page's content (the route is OrderPage, below). */
export function OrderView() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  // Live updates follow a signed-in viewer's orders, and a guest's by its token where the backend can (Firebase).
  const signedIn = !!useUserInfo();
  useLiveOrder(signedIn ? id : undefined);
  useLiveGuestOrder(signedIn ? undefined : id, orderToken(id));
  const [created, setCreated] = useState(false);
  const account = { created, setCreated };
  return <QueryBoundary query={order}>{(o) => <OrderDetails order={o} account={account} />}</QueryBoundary>;
}

/** The order page as routed: its owner or an admin signed in, or a guest with the order's token (issue 30). */
export const OrderPage = () => (
  <GuestGate>
    <OrderView />
  </GuestGate>
);
