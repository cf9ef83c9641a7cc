// What the order page says first, truthfully (issue 30): "Order placed – pay to confirm" while it waits for the
// payment, "Thank you" once paid; when the payment lands while the page is open, a success message that takes the
// keyboard focus (so a screen reader hears it and Tab goes on from there).
import { type Order } from '@domain';
import { orderNumber } from '@domain/orders';
import { useEffect, useRef, useState } from 'react';
import { Message } from '@/components/ui/Message';
import { dateTime } from '@/lib/format';
import { OrderProgress } from './OrderStatus';

/** True once the order turned paid while this page showed it unpaid. */
function usePaidHere(order: Order): boolean {
  const wasUnpaid = useRef(!order.isPaid);
  const [paidHere, setPaidHere] = useState(false);
  useEffect(() => {
    if (order.isPaid && wasUnpaid.current) setPaidHere(true);
    wasUnpaid.current = !order.isPaid;
  }, [order.isPaid]);
  return paidHere;
}

/** `forCustomer`: the viewer placed the order (an admin reading a customer's order is not thanked for it). */
export function OrderHeadline({
  order,
  justPlaced,
  forCustomer = true,
}: {
  order: Order;
  justPlaced: boolean;
  forCustomer?: boolean;
}) {
  const number = `#${orderNumber(order._id)}`;
  const paidHere = usePaidHere(order);
  const success = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (paidHere) success.current?.focus();
  }, [paidHere]);
  const awaiting = !order.isPaid && order.status === 'awaiting_payment' && !order.isCancelled;

  return (
    <div className="order-heading mb-3">
      {paidHere && (
        <div ref={success} tabIndex={-1} data-testid="paid-message">
          <Message variant="success">
            <strong>Payment received — thank you!</strong> Your order {number} is confirmed
            {order.paidAt ? ` (paid ${dateTime(order.paidAt)})` : ''}.
          </Message>
        </div>
      )}
      <h1 className="h3 mb-1">
        {awaiting
          ? `Order placed – pay to confirm ${number}`
          : order.isPaid && !order.isCancelled && forCustomer
            ? `Thank you — order ${number}`
            : `Order ${number}`}
      </h1>
      {awaiting && justPlaced && (
        <p className="mb-1">Your items are held for you until you pay; the order is confirmed once paid.</p>
      )}
      {order.isPaid &&
        justPlaced &&
        (order.isGuest ? (
          // A guest has no profile: the order's emailed link is the way back to it.
          <p className="mb-1">
            We have your order. We emailed a link to this order to {order.user.email}: keep it to come back here.
          </p>
        ) : (
          <p className="mb-1">We have your order. You will find it any time under your profile.</p>
        ))}
      <p className="small text-muted mb-2 text-break">
        Order ID <span className="font-monospace">{order._id}</span>
      </p>
      <OrderProgress order={order} />
    </div>
  );
}
