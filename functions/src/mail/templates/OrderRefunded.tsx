// The refund message (issue 28): how much went back, why, and whether the order was cancelled with it.
import { Text } from '@react-email/text';
import { formatPrice, toDollars } from '../../domain/money.js';
import { text } from './Layout.js';
import { mailTime, OrderMail, type OrderSummary } from './OrderMails.js';

/** What the message says about the refund (recorded with it as they are: mail/templates/index.ts MailData). */
export interface RefundFigures {
  amountCents: number;
  /** Everything refunded on this order so far, this refund included. */
  refundedCents: number;
  reason: string;
  refundedAt: string;
  /** The shop cancelled the order with this refund. */
  cancelled: boolean;
  /** Issue 39: where it went when a part went to a gift card or store credit, each with its cents (absent: all of it
   *  to the original payment method, as before). */
  refundedTo?: { to: string; cents: number }[];
}

export interface OrderRefundedProps extends RefundFigures {
  order: OrderSummary;
  orderUrl: string;
  shopUrl: string;
  /** The shop's time zone (IANA); absent: UTC. */
  timeZone?: string;
}

const money = (cents: number) => formatPrice(toDollars(cents));

const PROVIDER = 'your original payment method';

/** "to your gift card", or each part: "($7.00 to your original payment method, $5.00 to your gift card)". */
function destination(refundedTo: NonNullable<OrderRefundedProps['refundedTo']>): string {
  if (refundedTo.length === 1) return `to ${refundedTo[0]!.to}`;
  return `(${refundedTo.map((d) => `${money(d.cents)} to ${d.to}`).join(', ')})`;
}

/** Money went back through the payment provider (a card statement shows it later). */
const toProvider = (refundedTo: NonNullable<OrderRefundedProps['refundedTo']>) =>
  refundedTo.some((d) => d.to === PROVIDER);

/** All of it back through the provider: the message as it was before issue 39. */
function ToOriginalMethod(props: OrderRefundedProps) {
  return (
    <Text style={text}>
      We refunded {money(props.amountCents)} to your original payment method on{' '}
      {mailTime(props.refundedAt, props.timeZone)}
      {props.reason ? ` (${props.reason})` : ''}. It may take a few days to show on your statement.
    </Text>
  );
}

export function OrderRefunded(props: OrderRefundedProps) {
  const { order, amountCents, refundedCents } = props;
  const title = props.cancelled
    ? `Order ${order.number} was cancelled and refunded`
    : `${money(amountCents)} refunded for order ${order.number}`;
  return (
    <OrderMail preview={title} title={title} order={order} orderUrl={props.orderUrl} shopUrl={props.shopUrl}>
      {props.refundedTo?.length ? (
        <Text style={text}>
          {`We refunded ${money(amountCents)} ${destination(props.refundedTo)} on ${mailTime(props.refundedAt, props.timeZone)}`}
          {`${props.reason ? ` (${props.reason})` : ''}.`}
          {toProvider(props.refundedTo) ? ' It may take a few days to show on your statement.' : ''}
        </Text>
      ) : (
        <ToOriginalMethod {...props} />
      )}
      {refundedCents !== amountCents && (
        <Text style={text}>
          In all, {money(refundedCents)} of {money(order.totalCents)} has been refunded for this order.
        </Text>
      )}
    </OrderMail>
  );
}
