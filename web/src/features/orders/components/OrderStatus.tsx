import type { Order } from '@domain';
import { dateTime, shortDate } from '@/lib/format';
import { orderState, type OrderStateTone } from '../orderState';

// Small status badges (not alert boxes: an unpaid or undelivered order is a normal state), with the spec's texts.
const BADGE = 'badge rounded-pill fw-semibold status-badge';
const TONE = {
  done: 'bg-success-subtle text-success-emphasis',
  waiting: 'bg-warning-subtle text-warning-emphasis',
  idle: 'bg-secondary-subtle text-secondary-emphasis',
} as const;

/** "Paid on 2030-01-01" (with "Refunded" or "Partially refunded" beside it), "Not Paid", "Expired" or "Cancelled". */
export function PaymentStatusBadge({ order }: { order: Order }) {
  if (order.isPaid)
    return (
      <>
        <span className={`${BADGE} ${TONE.done}`}>Paid on {shortDate(order.paidAt)}</span>
        {order.paymentStatus === 'refunded' && <span className={`${BADGE} ${TONE.idle} ms-1`}>Refunded</span>}
        {order.paymentStatus === 'partially_refunded' && (
          <span className={`${BADGE} ${TONE.waiting} ms-1`}>Partially refunded</span>
        )}
      </>
    );
  if (order.status === 'cancelled') return <span className={`${BADGE} ${TONE.idle}`}>Cancelled</span>;
  if (order.status === 'expired') return <span className={`${BADGE} ${TONE.idle}`}>Expired</span>;
  return <span className={`${BADGE} ${TONE.waiting}`}>Not Paid</span>;
}

/** "Delivered on 2030-01-03", "Shipped on 2030-01-02", "Not Delivered" or "Cancelled". */
export function DeliveryStatusBadge({ order }: { order: Order }) {
  if (order.isDelivered)
    return <span className={`${BADGE} ${TONE.done}`}>Delivered on {shortDate(order.deliveredAt)}</span>;
  if (order.isShipped)
    return (
      <span className={`${BADGE} ${TONE.waiting}`}>
        Shipped{order.shippedAt ? ` on ${shortDate(order.shippedAt)}` : ''}
      </span>
    );
  if (order.status === 'cancelled') return <span className={`${BADGE} ${TONE.idle}`}>Cancelled</span>;
  return <span className={`${BADGE} ${TONE.idle}`}>Not Delivered</span>;
}

interface Step {
  label: string;
  at: string | null;
  /** What the step says while it has not happened. */
  pending: string;
}

/** Placed → Paid → Shipped → Delivered with the date each happened; an expired order ends at Expired. */
export function OrderProgress({ order }: { order: Order }) {
  const steps: Step[] =
    order.status === 'cancelled'
      ? [
          { label: 'Placed', at: order.createdAt, pending: '' },
          ...(order.isPaid ? [{ label: 'Paid', at: order.paidAt, pending: '' }] : []),
          ...(order.isShipped ? [{ label: 'Shipped', at: order.shippedAt, pending: '' }] : []),
          { label: 'Cancelled', at: order.cancelledAt, pending: '' },
        ]
      : order.status === 'expired'
        ? [
            { label: 'Placed', at: order.createdAt, pending: '' },
            { label: 'Expired unpaid', at: order.expiresAt, pending: '' },
          ]
        : [
            { label: 'Placed', at: order.createdAt, pending: '' },
            { label: 'Paid', at: order.isPaid ? order.paidAt : null, pending: 'Awaiting payment' },
            // Delivered before shipping was its own step: no shipping date, the step is done all the same.
            {
              label: 'Shipped',
              at: order.isShipped || order.isDelivered ? (order.shippedAt ?? order.deliveredAt) : null,
              pending: 'Awaiting shipping',
            },
            { label: 'Delivered', at: order.isDelivered ? order.deliveredAt : null, pending: 'Awaiting delivery' },
          ];
  return (
    <ol className="order-timeline" aria-label="Order progress">
      {steps.map((s) => (
        <li key={s.label} className={s.at ? 'done' : 'pending'}>
          <span className="order-timeline-marker" aria-hidden="true" />
          <span className="order-timeline-label">{s.label}</span>
          {s.at ? (
            <time dateTime={s.at} className="order-timeline-date">
              {dateTime(s.at)}
            </time>
          ) : (
            <span className="order-timeline-date">{s.pending}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

const STATE_TONE: Record<OrderStateTone, string> = { done: TONE.done, waiting: TONE.waiting, ended: TONE.idle };

/** The order's state in words (orderState.ts): "Awaiting payment – pay by 14:05", "Paid", "Delivered on …",
 *  "Cancelled", "Expired". */
export function OrderStateBadge({ order, now }: { order: Order; now?: Date }) {
  const state = orderState(order, now);
  return (
    <span className={`${BADGE} ${STATE_TONE[state.tone]}`} data-state={state.key}>
      {state.text}
    </span>
  );
}
