// The admin's delivery controls, in the order summary's list (ListGroup.Items): "Mark As Delivered" asks for
// confirmation with an optional carrier and tracking number; "Mark as not delivered" takes a delivery back, freely
// within UNDELIVER_WINDOW_HOURS of the mark, with a reason after (the server decides; the form says so).
import type { Order } from '@domain';
import {
  MAX_CARRIER_LENGTH,
  MAX_TRACKING_LENGTH,
  MAX_UNDELIVER_REASON_LENGTH,
  UNDELIVER_WINDOW_HOURS,
} from '@domain/limits';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useDeliverOrder, useUndeliverOrder } from '../api/deliverOrder';

/** Paid and not delivered: "Mark As Delivered", then a confirmation with the optional shipment details. */
export function DeliverControl({ order }: { order: Order }) {
  const deliver = useDeliverOrder(order._id);
  const [confirming, setConfirming] = useState(false);
  const [carrier, setCarrier] = useState(order.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  // The server refuses a cancelled or fully refunded order (domain/lifecycle.ts): no button for it.
  if (!order.isPaid || order.isDelivered || order.isCancelled || order.paymentStatus === 'refunded') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    deliver.mutate(
      { carrier: carrier.trim() || undefined, trackingNumber: trackingNumber.trim() || undefined },
      { onSuccess: () => setConfirming(false) },
    );
  };
  return (
    <ListGroup.Item className="d-grid gap-2">
      {deliver.isError && <Message variant="danger">{errorMessage(deliver.error)}</Message>}
      {confirming ? (
        <Form onSubmit={submit} aria-label="Confirm delivery" className="d-grid gap-2">
          <p className="small mb-0">Mark this order as delivered? The customer is told by email.</p>
          <Form.Group controlId="deliver-carrier">
            <Form.Label className="small mb-1">Carrier (optional)</Form.Label>
            <Form.Control
              value={carrier}
              maxLength={MAX_CARRIER_LENGTH}
              onChange={(e) => setCarrier(e.target.value)}
              placeholder="e.g. DHL"
            />
          </Form.Group>
          <Form.Group controlId="deliver-tracking">
            <Form.Label className="small mb-1">Tracking number (optional)</Form.Label>
            <Form.Control
              value={trackingNumber}
              maxLength={MAX_TRACKING_LENGTH}
              onChange={(e) => setTrackingNumber(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" variant="dark" disabled={deliver.isPending}>
            {deliver.isPending ? <Loader small label="Marking as delivered" /> : 'Confirm delivery'}
          </Button>
          <Button
            type="button"
            variant="outline-secondary"
            disabled={deliver.isPending}
            onClick={() => setConfirming(false)}
          >
            Back
          </Button>
        </Form>
      ) : (
        <Button type="button" variant="dark" onClick={() => setConfirming(true)}>
          Mark As Delivered
        </Button>
      )}
    </ListGroup.Item>
  );
}

/** Whether "not delivered" still needs no reason at `now` (the server checks the same rule). */
export function withinUndeliverWindow(order: Pick<Order, 'deliveredAt'>, now: Date): boolean {
  if (!order.deliveredAt) return false;
  return now.getTime() - new Date(order.deliveredAt).getTime() <= UNDELIVER_WINDOW_HOURS * 3_600_000;
}

/** Delivered: "Mark as not delivered", with a reason (required after the window). */
export function UndeliverControl({ order }: { order: Order }) {
  const undeliver = useUndeliverOrder(order._id);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  if (!order.isDelivered) return null;
  const reasonRequired = !withinUndeliverWindow(order, new Date());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    undeliver.mutate(
      { reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          setConfirming(false);
          setReason('');
        },
      },
    );
  };
  return (
    <ListGroup.Item className="d-grid gap-2">
      {undeliver.isError && <Message variant="danger">{errorMessage(undeliver.error)}</Message>}
      {confirming ? (
        <Form onSubmit={submit} aria-label="Confirm not delivered" className="d-grid gap-2">
          <Form.Group controlId="undeliver-reason">
            <Form.Label className="small mb-1">{reasonRequired ? 'Reason (required)' : 'Reason (optional)'}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={reason}
              required={reasonRequired}
              maxLength={MAX_UNDELIVER_REASON_LENGTH}
              onChange={(e) => setReason(e.target.value)}
            />
            <Form.Text>
              {reasonRequired
                ? `Delivered more than ${UNDELIVER_WINDOW_HOURS} hours ago: say why. It shows on the order's history.`
                : 'Marked by mistake? Undo it without a reason.'}
            </Form.Text>
          </Form.Group>
          <Button type="submit" variant="outline-danger" disabled={undeliver.isPending}>
            {undeliver.isPending ? <Loader small label="Marking as not delivered" /> : 'Confirm not delivered'}
          </Button>
          <Button
            type="button"
            variant="outline-secondary"
            disabled={undeliver.isPending}
            onClick={() => setConfirming(false)}
          >
            Back
          </Button>
        </Form>
      ) : (
        <Button type="button" variant="outline-secondary" onClick={() => setConfirming(true)}>
          Mark as not delivered
        </Button>
      )}
    </ListGroup.Item>
  );
}
