// The order's refunds (issue 28), for the customer and the admin: each with its amount, when, why and its state;
// the admin also sees who made it and may retry one the payment provider did not confirm.
import type { Order } from '@domain';
import { toCents, toDollars } from '@domain/money';
import { providerWord, refundDestinations } from '@domain/paymentWords';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { dateTime, formatPrice } from '@/lib/format';
import { retryRefund, useOrderMutation } from '../api/refunds';

/** "Refunded $12.00 on …", "Partially refunded: $5.00 of $20.00", or null when nothing was refunded. */
export function refundSummary(order: Order): string | null {
  const done = order.refunds.filter((r) => r.status === 'completed');
  if (order.paymentStatus === 'refunded') {
    const last = done.at(-1);
    return `Refunded ${formatPrice(order.refundedTotal)}${last?.completedAt ? ` on ${dateTime(last.completedAt)}` : ''}`;
  }
  if (order.paymentStatus === 'partially_refunded')
    return `Partially refunded: ${formatPrice(order.refundedTotal)} of ${formatPrice(order.totalPrice)}`;
  return null;
}

/** Issue 39: where a refund's money went, in domain/paymentWords.ts's words (the invoice and the mails say the same):
 *  "to PayPal", "to store credit", or each destination with its amount when it was split. */
export function refundDestination(order: Order, refund: Order['refunds'][number]): string {
  return refundDestinations(
    {
      amountCents: toCents(refund.amount),
      parts: (refund.parts ?? []).map((p) => ({ ...p, amountCents: toCents(p.amount) })),
    },
    providerWord(order),
    (cents) => formatPrice(toDollars(cents)),
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const STATE = { pending: 'Pending', completed: 'Refunded', failed: 'Failed' } as const;

export function RefundList({ order, admin = false }: { order: Order; admin?: boolean }) {
  const retry = useOrderMutation(order._id, retryRefund);
  const shown = admin ? order.refunds : order.refunds.filter((r) => r.status !== 'failed');
  if (shown.length === 0) return null;
  return (
    <ListGroup.Item>
      <h2 className="section-title">Refunds</h2>
      {retry.isError && <Message variant="danger">{errorMessage(retry.error)}</Message>}
      <ul className="list-unstyled mb-0" aria-label="Refunds">
        {shown.map((r) => (
          <li key={r.id} className="mb-2">
            <strong>{formatPrice(r.amount)}</strong> <span className="badge text-bg-light">{STATE[r.status]}</span>
            {r.cancelsOrder && <span className="badge text-bg-light ms-1">Order cancelled</span>}
            <div className="small text-muted">
              {dateTime(r.completedAt ?? r.createdAt)}
              {admin ? ` by ${r.by.name}` : ''}
              {r.restock ? ', items restocked' : ''}
            </div>
            <div className="small" data-testid="refund-destination">
              {capitalize(refundDestination(order, r))}
            </div>
            {r.reason && <div className="small">{r.reason}</div>}
            {admin && r.status === 'pending' && (
              <Button
                size="sm"
                variant="outline-dark"
                className="mt-1"
                disabled={retry.isPending}
                onClick={() => retry.mutate(r.id)}
              >
                {retry.isPending ? <Loader small label="Retrying the refund" /> : 'Retry refund'}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </ListGroup.Item>
  );
}
