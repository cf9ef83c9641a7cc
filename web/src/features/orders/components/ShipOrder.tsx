// The admin's fulfilment (issue 38): two steps, "Ship" (carrier and tracking number, both required) then "Mark as
// delivered"; "Mark as not delivered" takes a delivery back, freely within UNDELIVER_WINDOW_HOURS of the mark, with a
// reason after. Which step shows follows the order's state; the server decides and answers 409 when it refuses.
import type { Order } from '@domain';
import {
  MAX_CARRIER_LENGTH,
  MAX_TRACKING_LENGTH,
  MAX_UNDELIVER_REASON_LENGTH,
  UNDELIVER_WINDOW_HOURS,
} from '@domain/limits';
import { CARRIERS, knownCarrier } from '@domain/tracking';
import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { dateTime } from '@/lib/format';
import { useDeliverOrder, useShipOrder, useUndeliverOrder } from '../api/deliverOrder';
import { ShipmentDetails } from './ShipmentDetails';
import { ConfirmedAction } from './InlineConfirm';

/** Where the order's fulfilment stands for the admin: the step to take, done, or none (and why, when it helps). */
export type Fulfilment = { step: 'ship' | 'deliver' | 'done' } | { step: 'none'; why: string | null };

export function fulfilmentOf(order: Order): Fulfilment {
  // A cancelled or fully refunded order leaves the to-ship queue: say so rather than offer a step the server refuses.
  if (order.status === 'cancelled')
    return {
      step: 'none',
      why: order.isPaid ? 'Cancelled and refunded: nothing to ship.' : 'Cancelled before payment: nothing to ship.',
    };
  if (order.paymentStatus === 'refunded' && !order.isDelivered)
    return { step: 'none', why: 'Refunded in full: nothing to ship.' };
  if (order.isDelivered) return { step: 'done' };
  if (order.isShipped || order.status === 'shipped') return { step: 'deliver' };
  // The server ships nothing while the customer's cancellation request waits (domain/lifecycle.ts): say why.
  if (order.status === 'paid' && order.cancellationRequest?.status === 'pending')
    return {
      step: 'none',
      why: 'The customer asked to cancel this order: approve or decline the request before shipping it.',
    };
  if (order.status === 'paid') return { step: 'ship' };
  if (order.status === 'awaiting_payment') return { step: 'none', why: 'Ships once paid.' };
  return { step: 'none', why: null };
}

const OTHER = 'other';

/** The shipment's two required texts: the carrier's name (an unlisted carrier) and the tracking number. */
const SHIPMENT_TEXTS = {
  carrier: {
    id: 'ship-carrier-other',
    label: 'Carrier name',
    missing: 'Enter the carrier’s name',
    limits: { maxLength: MAX_CARRIER_LENGTH },
  },
  tracking: {
    id: 'ship-tracking',
    label: 'Tracking number',
    missing: 'Enter the tracking number',
    limits: { maxLength: MAX_TRACKING_LENGTH, autoComplete: 'off' },
  },
} as const;

type ShipmentTextName = keyof typeof SHIPMENT_TEXTS;

/** The text's message while it is empty (a shipment needs both). */
const missing = (text: ShipmentTextName, value: string) => (value.trim() ? null : SHIPMENT_TEXTS[text].missing);

/** One of the shipment's texts, marked invalid (with its message) once a send was tried. */
function ShipmentText({
  text,
  value,
  tried,
  onChange,
}: {
  text: ShipmentTextName;
  value: string;
  tried: boolean;
  onChange: (value: string) => void;
}) {
  const { id, label, limits } = SHIPMENT_TEXTS[text];
  const message = missing(text, value);
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        value={value}
        required
        {...limits}
        isInvalid={tried && !!message}
        onChange={(e) => onChange(e.target.value)}
      />
      <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>
    </Form.Group>
  );
}

/** Step 1: the carrier (a known one, or typed) and the tracking number, both required. */
function ShipForm({ order }: { order: Order }) {
  const ship = useShipOrder(order._id);
  const known = knownCarrier(order.carrier);
  const [choice, setChoice] = useState<string>(known ?? (order.carrier ? OTHER : ''));
  const [otherCarrier, setOtherCarrier] = useState(known ? '' : (order.carrier ?? ''));
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  const [tried, setTried] = useState(false);
  const carrier = (choice === OTHER ? otherCarrier : choice).trim();
  const tracking = trackingNumber.trim();
  const carrierError = choice === OTHER ? missing('carrier', otherCarrier) : choice ? null : 'Choose a carrier';
  const trackingError = missing('tracking', trackingNumber);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (carrierError || trackingError) return;
    ship.mutate({ carrier, trackingNumber: tracking });
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Ship this order" className="d-grid gap-2">
      {ship.isError && <Message variant="danger">{errorMessage(ship.error)}</Message>}
      <Form.Group controlId="ship-carrier">
        <Form.Label className="small mb-1">Carrier</Form.Label>
        <Form.Select value={choice} required isInvalid={tried && !choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose…</option>
          {CARRIERS.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
          <option value={OTHER}>Other…</option>
        </Form.Select>
        {!choice && <Form.Control.Feedback type="invalid">{carrierError}</Form.Control.Feedback>}
      </Form.Group>
      {choice === OTHER && (
        <ShipmentText text="carrier" value={otherCarrier} tried={tried} onChange={setOtherCarrier} />
      )}
      <ShipmentText text="tracking" value={trackingNumber} tried={tried} onChange={setTrackingNumber} />
      <p className="small text-muted mb-0">The customer is told by email, with the tracking number.</p>
      <Button type="submit" variant="dark" disabled={ship.isPending}>
        {ship.isPending ? <Loader small label="Shipping" /> : 'Ship order'}
      </Button>
    </Form>
  );
}

/** Step 2: "Mark as delivered", then a confirmation (the carrier and number were given when it shipped). */
function DeliverStep({ order }: { order: Order }) {
  const deliver = useDeliverOrder(order._id);
  return (
    <div className="d-grid gap-2">
      <ConfirmedAction
        action={deliver}
        buttonText="Mark as delivered"
        buttonVariant="dark"
        label="Confirm delivery"
        question="Mark this order as delivered? The customer is told by email."
        confirmText="Confirm delivery"
        pendingText="Marking as delivered"
        backText="Back"
        variant="dark"
        onConfirm={(back) => deliver.mutate({}, { onSuccess: back })}
      />
    </div>
  );
}

type StepState = 'done' | 'current' | 'pending';

function Step({ n, title, state, children }: { n: number; title: string; state: StepState; children?: ReactNode }) {
  const marker =
    state === 'done'
      ? 'bg-success text-white'
      : state === 'current'
        ? 'bg-dark text-white'
        : 'bg-body-secondary text-body-secondary';
  return (
    <li className="d-flex gap-2 mb-3" data-step-state={state} aria-current={state === 'current' ? 'step' : undefined}>
      <span
        className={`rounded-circle d-inline-flex align-items-center justify-content-center flex-shrink-0 small fw-semibold ${marker}`}
        style={{ width: '1.75rem', height: '1.75rem' }}
        aria-hidden="true"
      >
        {state === 'done' ? '✓' : n}
      </span>
      <div className="flex-grow-1 min-w-0">
        <h3 className="h6 mb-1">
          {title}
          <span className="visually-hidden">{state === 'done' ? ' (done)' : state === 'current' ? ' (next)' : ''}</span>
        </h3>
        {children}
      </div>
    </li>
  );
}

/** Ship, then deliver: the two steps with what each needs or what was done; or why there is nothing to do. */
export function FulfilmentSteps({ order }: { order: Order }) {
  const state = fulfilmentOf(order);
  return (
    <ListGroup.Item as="section" aria-labelledby="fulfilment-title">
      <h2 className="section-title" id="fulfilment-title">
        Fulfilment
      </h2>
      {state.step === 'none' ? (
        state.why && <p className="small text-muted mb-0">{state.why}</p>
      ) : (
        <ol className="list-unstyled mb-0">
          <Step n={1} title="Ship" state={state.step === 'ship' ? 'current' : 'done'}>
            {state.step === 'ship' ? (
              <ShipForm order={order} />
            ) : (
              <>
                {order.shippedAt && <p className="small mb-0">Shipped {dateTime(order.shippedAt)}</p>}
                <ShipmentDetails order={order} className="small mb-0" />
              </>
            )}
          </Step>
          <Step
            n={2}
            title="Mark as delivered"
            state={state.step === 'done' ? 'done' : state.step === 'deliver' ? 'current' : 'pending'}
          >
            {state.step === 'deliver' && <DeliverStep order={order} />}
            {state.step === 'ship' && <p className="small text-muted mb-0">Once the order has shipped.</p>}
            {state.step === 'done' && order.deliveredAt && (
              <p className="small mb-0">Delivered {dateTime(order.deliveredAt)}</p>
            )}
          </Step>
        </ol>
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
