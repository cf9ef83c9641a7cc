// The refund message (issue 28): how much went back, why, and whether the order was cancelled with it.
import { Text } from '@react-email/text';
import { formatPrice, toDollars } from '../../domain/money.js';
import { text } from './Layout.js';
import { mailTime, OrderMail, type OrderSummary } from './OrderMails.js';

export interface OrderRefundedProps {
  order: OrderSummary;
  orderUrl: string;
  shopUrl: string;
  /** The shop's time zone (IANA); absent: UTC. */
  timeZone?: string;
  amountCents: number;
  /** Everything refunded on this order so far, this refund included. */
  refundedCents: number;
  reason: string;
  refundedAt: string;
  /** The shop cancelled the order with this refund. */
  cancelled: boolean;
}

const money = (cents: number) => formatPrice(toDollars(cents));

export function OrderRefunded(props: OrderRefundedProps) {
  const { order, amountCents, refundedCents } = props;
  const title = props.cancelled
    ? `Order ${order.number} was cancelled and refunded`
    : `${money(amountCents)} refunded for order ${order.number}`;
  return (
    <OrderMail preview={title} title={title} order={order} orderUrl={props.orderUrl} shopUrl={props.shopUrl}>
      <Text style={text}>
        We refunded {money(amountCents)} to your original payment method on {mailTime(props.refundedAt, props.timeZone)}
        {props.reason ? ` (${props.reason})` : ''}. It may take a few days to show on your statement.
      </Text>
      {refundedCents !== amountCents && (
        <Text style={text}>
          In all, {money(refundedCents)} of {money(order.totalCents)} has been refunded for this order.
        </Text>
      )}
    </OrderMail>
  );
}
