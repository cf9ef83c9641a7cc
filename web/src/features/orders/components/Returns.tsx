// Returns (issue 28): the customer asks to send back lines of a delivered order within the return window and sees
// what the shop decided; the admin approves (a refund of those lines, restocked unless unticked) or declines.
import { cartLineId } from '@domain/cart';
import type { Order, OrderReturn } from '@domain';
import { returnWindowOpen } from '@domain/returns';
import { orderUnitsRefundCents } from '@domain/unitCharges';
import { isOwner } from '@domain/orders';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { dateTime, formatPrice } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { decideReturn, requestReturn, useOrderMutation } from '../api/refunds';

const STATE = {
  requested: 'Waiting for the shop',
  approved: 'Approved: please send it back',
  received: 'Received',
  refunded: 'Refunded',
  declined: 'Declined',
} as const;

/** Delivered within the window: the customer may still ask for a return. */
export function canRequestReturn(order: Order, now = Date.now()): boolean {
  return (
    order.status === 'delivered' &&
    !!order.deliveredAt &&
    returnWindowOpen(order.deliveredAt, now) &&
    !order.returns.some((r) => r.status === 'requested')
  );
}

function itemsText(order: Order, ret: OrderReturn): string {
  return ret.items
    .map((i) => {
      const line = order.orderItems.find((l) => cartLineId(l) === cartLineId(i));
      return `${i.qty} × ${line ? line.name + (line.variantLabel ? ` (${line.variantLabel})` : '') : i.product}`;
    })
    .join(', ');
}

function AdminDecision({ order, ret }: { order: Order; ret: OrderReturn }) {
  const decide = useOrderMutation(order._id, decideReturn);
  const [restock, setRestock] = useState(true);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  // What the approval pays back, shown before it is sent: the server's figure for these units (domain unitCharges.ts).
  const amount = formatPrice(orderUnitsRefundCents(order, ret.items) / 100);
  return (
    <div className="d-grid gap-2 mt-2">
      {decide.isError && <Message variant="danger">{errorMessage(decide.error)}</Message>}
      {declining ? (
        <Form
          className="d-grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ returnId: ret.id, approve: false, message: message.trim() });
          }}
        >
          <Form.Group controlId={`return-message-${ret.id}`}>
            <Form.Label>Message to the customer</Form.Label>
            <Form.Control maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Form.Group>
          <Button type="submit" variant="dark" disabled={decide.isPending}>
            Decline return
          </Button>
        </Form>
      ) : (
        <>
          <p className="small mb-0">
            Approving refunds <strong>{amount}</strong> to {order.user.name} (what these items cost, discount and tax
            included; shipping is not refunded).
          </p>
          <Form.Check
            id={`return-restock-${ret.id}`}
            label="Put the returned items back in stock"
            checked={restock}
            onChange={(e) => setRestock(e.target.checked)}
          />
          <div className="d-flex gap-2 flex-wrap">
            <Button
              variant="danger"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ returnId: ret.id, approve: true, restock })}
            >
              {decide.isPending ? <Loader small label="Approving the return" /> : `Approve and refund ${amount}`}
            </Button>
            <Button variant="outline-secondary" onClick={() => setDeclining(true)}>
              Decline…
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function RequestReturnForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const ask = useOrderMutation(order._id, requestReturn);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const items = Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => {
      // Keyed by the line's id (its product, and its variant when it has one, issue 29).
      const line = order.orderItems.find((l) => cartLineId(l) === id)!;
      return { product: line.product, ...(line.variant ? { variant: line.variant } : {}), qty: n };
    });
  return (
    <Form
      className="d-grid gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (items.length === 0) return setInvalid('Choose at least one item to return');
        if (!reason.trim()) return setInvalid('Reason is required');
        setInvalid(null);
        ask.mutate({ items, reason: reason.trim() }, { onSuccess: onDone });
      }}
    >
      {order.orderItems.map((line) => (
        <Form.Group
          key={cartLineId(line)}
          className="d-flex align-items-center gap-2"
          controlId={`return-qty-${cartLineId(line)}`}
        >
          <Form.Label className="flex-grow-1 mb-0">
            {line.name}
            {line.variantLabel ? ` (${line.variantLabel})` : ''}
          </Form.Label>
          <Form.Control
            type="number"
            min={0}
            max={line.qty}
            style={{ width: '5rem' }}
            value={qty[cartLineId(line)] ?? 0}
            onChange={(e) =>
              setQty({
                ...qty,
                [cartLineId(line)]: Math.min(line.qty, Math.max(0, Math.floor(Number(e.target.value) || 0))),
              })
            }
          />
        </Form.Group>
      ))}
      <Form.Group controlId="return-reason">
        <Form.Label>Why are you returning it?</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Form.Group>
      {invalid && <Message variant="danger">{invalid}</Message>}
      {ask.isError && <Message variant="danger">{errorMessage(ask.error)}</Message>}
      <Button type="submit" variant="dark" disabled={ask.isPending}>
        {ask.isPending ? <Loader small label="Sending the return request" /> : 'Send return request'}
      </Button>
      <Button variant="outline-secondary" onClick={onDone}>
        Close
      </Button>
    </Form>
  );
}

export function Returns({ order }: { order: Order }) {
  const user = useUserInfo();
  const [open, setOpen] = useState(false);
  const admin = !!user?.isAdmin;
  const owner = isOwner(order, user?._id);
  if (!admin && !owner) return null;
  const mayAsk = owner && canRequestReturn(order);
  if (order.returns.length === 0 && !mayAsk) return null;
  return (
    <ListGroup.Item className="d-grid gap-2">
      {order.returns.length > 0 && (
        <section aria-label="Returns">
          <h2 className="section-title">Returns</h2>
          <ul className="list-unstyled mb-0">
            {order.returns.map((ret) => (
              <li key={ret.id} className="mb-2">
                <strong>{itemsText(order, ret)}</strong>{' '}
                <span className="badge text-bg-light">{STATE[ret.status]}</span>
                <div className="small text-muted">Asked {dateTime(ret.createdAt)}</div>
                <div className="small">{ret.reason}</div>
                {ret.status === 'declined' && ret.message && <div className="small">The shop: {ret.message}</div>}
                {admin && ret.status === 'requested' && <AdminDecision order={order} ret={ret} />}
              </li>
            ))}
          </ul>
        </section>
      )}
      {mayAsk &&
        (open ? (
          <RequestReturnForm order={order} onDone={() => setOpen(false)} />
        ) : (
          <Button variant="outline-dark" onClick={() => setOpen(true)}>
            Request a return
          </Button>
        ))}
    </ListGroup.Item>
  );
}
