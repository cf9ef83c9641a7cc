// Sits in the order summary's list (a ListGroup.Item). The owner's way out of an unpaid order (the page's notice
// shows the hold's deadline): a cancel, with a confirm, that puts the items back on sale at once. Unpaid orders, for
// their owner or an admin (the shop need not wait out a hold of up to a week; the customer is mailed that it did).
import { type Order } from '@domain';
import { isOwner } from '@domain/orders';
import ListGroup from 'react-bootstrap/ListGroup';
import { Message } from '@/components/ui/Message';
import { dateTime } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { useCancelOrder } from '../api/cancelOrder';
import { ConfirmedAction } from './InlineConfirm';

/** Unpaid, still held, and the viewer placed it or is an admin. */
export function canCancel(order: Order, viewer: { _id: string; isAdmin: boolean } | null | undefined): boolean {
  return (
    !order.isPaid && order.status === 'awaiting_payment' && (isOwner(order, viewer?._id) || viewer?.isAdmin === true)
  );
}

export function CancelOrderButton({ order }: { order: Order }) {
  const user = useUserInfo();
  const cancel = useCancelOrder(order._id);
  if (!canCancel(order, user)) return null;
  const forCustomer = !isOwner(order, user?._id);
  return (
    <ListGroup.Item className="d-grid gap-2">
      <ConfirmedAction
        action={cancel}
        buttonText="Cancel order"
        buttonVariant="outline-danger"
        label="Confirm cancelling this order"
        question={
          forCustomer
            ? 'Cancel this unpaid order? Its items go back on sale, it can no longer be paid, and the customer is emailed that the shop cancelled it.'
            : 'Cancel this order? Its items go back on sale and it can no longer be paid.'
        }
        confirmText="Yes, cancel order"
        pendingText="Cancelling the order"
        backText="Keep order"
        onConfirm={() => cancel.mutate()}
      />
    </ListGroup.Item>
  );
}

/** Replaces the expiry notice for a cancelled order: by its owner before paying, or by the shop with a refund. */
export function CancelledNotice({ order }: { order: Order }) {
  if (order.isPaid)
    return (
      <Message variant="secondary" role="none">
        <strong>This order was cancelled</strong>
        {order.cancelledAt ? ` on ${dateTime(order.cancelledAt)}` : ''} and refunded: its items went back on sale.
      </Message>
    );
  return (
    <Message variant="secondary" role="none">
      <strong>This order was cancelled</strong>
      {order.cancelledAt ? ` on ${dateTime(order.cancelledAt)}` : ''}: its items went back on sale and it can no longer
      be paid.
    </Message>
  );
}
