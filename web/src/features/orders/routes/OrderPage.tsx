import { type Order } from '@domain';
import { isOwner, orderNumber, paymentMethodLabel } from '@domain/orders';
import { useLiveOrder } from '@/lib/live/hooks';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useLocation, useParams } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { useUserInfo } from '@/lib/session';
import { errorMessage } from '@/lib/api';
import { dateTime } from '@/lib/format';
import { useDeliverOrder } from '../api/deliverOrder';
import { useOrder } from '../api/getOrder';
import { CancelledNotice, CancelOrderButton } from '../components/CancelOrderButton';
import { OrderItems } from '../components/OrderItems';
import { OrderHeadline } from '../components/OrderHeadline';
import { DeliveryStatusBadge, PaymentStatusBadge } from '../components/OrderStatus';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentArea } from '../components/PaymentArea';

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

function DeliverButton({ order }: { order: Order }) {
  const deliver = useDeliverOrder(order._id);
  return (
    <ListGroup.Item className="d-grid">
      {deliver.isError && <Message variant="danger">{errorMessage(deliver.error)}</Message>}
      <Button
        type="button"
        variant="dark"
        disabled={deliver.isPending}
        onClick={() => deliver.mutate(undefined, { onSuccess: () => deliver.reset() })}
      >
        {deliver.isPending ? <Loader small label="Marking as delivered" /> : 'Mark As Delivered'}
      </Button>
    </ListGroup.Item>
  );
}

/** The headline (components/OrderHeadline.tsx), told whether the shopper arrived from Place Order. */
function OrderHeading({ order }: { order: Order }) {
  const justPlaced = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  return <OrderHeadline order={order} justPlaced={justPlaced} />;
}

function OrderDetails({ order }: { order: Order }) {
  const user = useUserInfo();
  const { shippingAddress: a } = order;
  const payable = !order.isPaid && order.status !== 'expired';
  return (
    <>
      <Meta title={`Order #${orderNumber(order._id)}`} />
      <OrderHeading order={order} />
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
                {a.address}, {a.city} {a.postalCode}, {a.country}
              </p>
              <DeliveryStatusBadge order={order} />
            </ListGroup.Item>
            <ListGroup.Item>
              <h2 className="section-title">Payment Method</h2>
              <p className="mb-2">
                <strong>Method: </strong>
                <span data-testid="payment-method">{paymentMethodLabel(order)}</span>
              </p>
              <PaymentStatusBadge order={order} />
            </ListGroup.Item>
            <ListGroup.Item>
              <h2 className="section-title">Order Items</h2>
              {order.orderItems.length === 0 ? (
                <Message>Order is empty</Message>
              ) : (
                <OrderItems items={order.orderItems} />
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        {/* Unpaid: on phones the summary with the pay button comes first, above the fold. */}
        <Col lg={4} className={payable ? 'order-first order-lg-last' : undefined}>
          <OrderSummary prices={order}>
            {payable &&
              (isOwner(order, user?._id) ? (
                <ListGroup.Item>
                  <PaymentArea order={order} />
                </ListGroup.Item>
              ) : (
                <ListGroup.Item className="small text-muted">
                  Only the customer who placed this order can pay it.
                </ListGroup.Item>
              ))}
            <CancelOrderButton order={order} />
            {user?.isAdmin && order.isPaid && !order.isDelivered && <DeliverButton order={order} />}
          </OrderSummary>
        </Col>
      </Row>
    </>
  );
}

export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  useLiveOrder(id);
  return <QueryBoundary query={order}>{(o) => <OrderDetails order={o} />}</QueryBoundary>;
}
