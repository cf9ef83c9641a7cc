// The admin's money-back actions on a paid order (issue 28): "Refund" (the dialog) and, before delivery, "Cancel
// order and refund" with a confirmation naming the amount; the customer's cancellation request, to approve or
// decline with a message.
import type { Order } from '@domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { dateTime, formatPrice } from '@/lib/format';
import { cancelPaidOrder, decideCancellation, useOrderMutation } from '../api/refunds';
import { RefundDialog, remainingOf } from './RefundDialog';
import { InlineConfirm } from './InlineConfirm';

/** Paid (not cancelled) and not delivered: the shop may still cancel it. */
export const cancellableByShop = (order: Order) => order.status === 'paid';

function CancelPaidOrder({ order }: { order: Order }) {
  const cancel = useOrderMutation(order._id, (id, reason: string | undefined) => cancelPaidOrder(id, reason));
  const [confirming, setConfirming] = useState(false);
  const remaining = remainingOf(order);
  if (!confirming)
    return (
      <Button type="button" variant="outline-danger" onClick={() => setConfirming(true)}>
        Cancel order and refund
      </Button>
    );
  return (
    <InlineConfirm
      label="Confirm cancelling and refunding this order"
      question={`Cancel this order, refund ${formatPrice(remaining)} to ${order.user.name} and put every item back in stock?`}
      confirmText={`Yes, cancel and refund ${formatPrice(remaining)}`}
      pendingText="Cancelling the order"
      backText="Keep order"
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate(undefined)}
      onBack={() => setConfirming(false)}
    >
      {cancel.isError && <Message variant="danger">{errorMessage(cancel.error)}</Message>}
    </InlineConfirm>
  );
}

function RequestDecision({ order }: { order: Order }) {
  const decide = useOrderMutation(order._id, decideCancellation);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const request = order.cancellationRequest;
  if (!request || request.status !== 'pending') return null;
  return (
    <div className="border rounded p-2 d-grid gap-2" role="region" aria-label="Cancellation request">
      <p className="mb-0">
        <strong>The customer asks to cancel</strong> ({dateTime(request.createdAt)}): {request.reason}
      </p>
      {decide.isError && <Message variant="danger">{errorMessage(decide.error)}</Message>}
      {declining ? (
        <Form
          className="d-grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ approve: false, message: message.trim() });
          }}
        >
          <Form.Group controlId="decline-message">
            <Form.Label>Message to the customer</Form.Label>
            <Form.Control maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Form.Group>
          <Button type="submit" variant="dark" disabled={decide.isPending}>
            Decline request
          </Button>
        </Form>
      ) : (
        <div className="d-flex gap-2 flex-wrap">
          <Button variant="danger" disabled={decide.isPending} onClick={() => decide.mutate({ approve: true })}>
            {decide.isPending ? (
              <Loader small label="Approving" />
            ) : (
              `Approve: cancel and refund ${formatPrice(remainingOf(order))}`
            )}
          </Button>
          <Button variant="outline-secondary" onClick={() => setDeclining(true)}>
            Decline…
          </Button>
        </div>
      )}
    </div>
  );
}

export function MoneyBackActions({ order }: { order: Order }) {
  const [refunding, setRefunding] = useState(false);
  if (!order.isPaid || order.paymentStatus === 'unpaid') return null;
  const canRefund = remainingOf(order) > 0 && !order.refunds.some((r) => r.status === 'pending');
  if (!canRefund && !cancellableByShop(order)) return null;
  return (
    <ListGroup.Item className="d-grid gap-2">
      <RequestDecision order={order} />
      {canRefund && (
        <Button type="button" variant="outline-dark" onClick={() => setRefunding(true)}>
          Refund
        </Button>
      )}
      {cancellableByShop(order) && <CancelPaidOrder order={order} />}
      {refunding && <RefundDialog order={order} show={refunding} onClose={() => setRefunding(false)} />}
    </ListGroup.Item>
  );
}
