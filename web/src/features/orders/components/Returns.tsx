// Returns (issues 28, 38): the customer asks to send back lines of a delivered order within the return window and
// follows the return's state; the admin steps it through requested → approved → received → refunded (or declined):
// approving moves no money (the customer is told to send the parcel), receiving restocks the lines the admin ticks
// (none by default: a faulty item must not go back on sale unseen) and refunds the return's lines, the amount shown
// before it is sent.
import { cartLineId } from '@domain/cart';
import type { Order, OrderReturn } from '@domain';
import { returnRefundCents } from '@domain/refundFigures';
import { returnAskRefusal } from '@domain/returns';
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
import { decideReturn, requestReturn, useOrderMutation, type RestockLine } from '../api/refunds';

type ReturnStatus = OrderReturn['status'];

/** The return's state in the customer's words, and in the shop's. */
export const CUSTOMER_STATE: Record<ReturnStatus, string> = {
  requested: 'Waiting for the shop',
  approved: 'Approved: send the parcel back',
  received: 'Received',
  refunded: 'Refunded',
  declined: 'Declined',
};
const ADMIN_STATE: Record<ReturnStatus, string> = {
  requested: 'Requested: approve or decline',
  approved: 'Approved: waiting for the parcel',
  received: 'Received: refund on its way',
  refunded: 'Refunded',
  declined: 'Declined',
};

/** Delivered within the window: the customer may still ask for a return. */
export function canRequestReturn(order: Order, now = Date.now()): boolean {
  // The server's rule (domain/returns.ts returnAskRefusal): delivered, in the window, not refunded in full, none open.
  return returnAskRefusal(order, order.paymentStatus === 'refunded', now) === null;
}

const lineOf = (order: Order, item: { product: string; variant?: string }) =>
  order.orderItems.find((l) => cartLineId(l) === cartLineId(item));

const lineName = (order: Order, item: { product: string; variant?: string }) => {
  const line = lineOf(order, item);
  return line ? line.name + (line.variantLabel ? ` (${line.variantLabel})` : '') : item.product;
};

function itemsText(order: Order, ret: OrderReturn): string {
  return ret.items.map((i) => `${i.qty} × ${lineName(order, i)}`).join(', ');
}

const PATH: ReturnStatus[] = ['requested', 'approved', 'received', 'refunded'];
const STEP_LABEL: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  received: 'Received',
  refunded: 'Refunded',
  declined: 'Declined',
};

/** requested → approved → received → refunded, or requested → declined: where this return stands. */
export function ReturnStepper({ status }: { status: ReturnStatus }) {
  const steps: ReturnStatus[] = status === 'declined' ? ['requested', 'declined'] : PATH;
  const at = steps.indexOf(status);
  return (
    <ol className="list-unstyled d-flex flex-wrap align-items-center gap-1 small mb-1" aria-label="Return progress">
      {steps.map((step, i) => {
        const state = i < at ? 'done' : i === at ? 'current' : 'pending';
        const tone =
          state === 'done'
            ? 'bg-success-subtle text-success-emphasis'
            : state === 'current'
              ? step === 'declined'
                ? 'bg-secondary text-white'
                : 'bg-dark text-white'
              : 'bg-body-secondary text-body-secondary';
        return (
          <li
            key={step}
            className="d-flex align-items-center gap-1"
            aria-current={state === 'current' ? 'step' : undefined}
          >
            {i > 0 && (
              <span aria-hidden="true" className="text-body-secondary">
                →
              </span>
            )}
            <span className={`badge rounded-pill fw-semibold ${tone}`}>
              {state === 'done' && <span aria-hidden="true">✓ </span>}
              {STEP_LABEL[step]}
              <span className="visually-hidden">
                {state === 'done' ? ' (done)' : state === 'pending' ? ' (to come)' : ''}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The parcel arrived: which lines go back in stock (none ticked by default), and the refund it sends, shown first. */
function ReceiveForm({ order, ret, onBack }: { order: Order; ret: OrderReturn; onBack: () => void }) {
  const decide = useOrderMutation(order._id, decideReturn);
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  // The server's figure for these units (domain refundFigures.ts: what they cost as charged, capped by what remains).
  const amount = formatPrice(returnRefundCents(order, ret) / 100);
  const restock: RestockLine[] = ret.items
    .filter((i) => ticked[cartLineId(i)])
    .map((i) => ({ product: i.product, ...(i.variant ? { variant: i.variant } : {}), qty: i.qty }));
  return (
    <Form
      className="d-grid gap-2 border rounded p-2"
      aria-label="Receive the return"
      onSubmit={(e) => {
        e.preventDefault();
        decide.mutate({ returnId: ret.id, action: 'receive', restock });
      }}
    >
      <fieldset>
        <legend className="form-label fs-6 mb-1">Put back in stock</legend>
        <p className="small text-muted mb-1">Tick only what can be sold again.</p>
        {ret.items.map((i) => {
          const id = cartLineId(i);
          return (
            <Form.Check
              key={id}
              id={`return-restock-${ret.id}-${id}`}
              label={`${i.qty} × ${lineName(order, i)}`}
              checked={!!ticked[id]}
              onChange={(e) => setTicked({ ...ticked, [id]: e.target.checked })}
            />
          );
        })}
      </fieldset>
      <p className="mb-0" data-testid={`return-refund-${ret.id}`}>
        Refund on receipt: <strong>{amount}</strong> to {order.user.name}
        <span className="d-block small text-muted">
          What these items cost, discount and tax included; shipping is not refunded.
        </span>
      </p>
      {decide.isError && <Message variant="danger">{errorMessage(decide.error)}</Message>}
      <div className="d-flex gap-2 flex-wrap">
        <Button type="submit" variant="danger" disabled={decide.isPending}>
          {decide.isPending ? <Loader small label="Receiving the return" /> : `Received: refund ${amount}`}
        </Button>
        <Button variant="outline-secondary" disabled={decide.isPending} onClick={onBack}>
          Back
        </Button>
      </div>
    </Form>
  );
}

/** What the admin may do with this return in its state: approve or decline a request, receive it once approved (or
 *  straight from a request, when the parcel came without asking first). */
function AdminReturnActions({ order, ret }: { order: Order; ret: OrderReturn }) {
  const decide = useOrderMutation(order._id, decideReturn);
  const [mode, setMode] = useState<'idle' | 'declining' | 'receiving'>('idle');
  const [message, setMessage] = useState('');
  if (ret.status !== 'requested' && ret.status !== 'approved') return null;
  if (mode === 'receiving') return <ReceiveForm order={order} ret={ret} onBack={() => setMode('idle')} />;
  return (
    <div className="d-grid gap-2 mt-1">
      {decide.isError && <Message variant="danger">{errorMessage(decide.error)}</Message>}
      {mode === 'declining' ? (
        <Form
          className="d-grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ returnId: ret.id, action: 'decline', message: message.trim() });
          }}
        >
          <Form.Group controlId={`return-message-${ret.id}`}>
            <Form.Label>Message to the customer</Form.Label>
            <Form.Control maxLength={500} value={message} onChange={(e) => setMessage(e.target.value)} />
          </Form.Group>
          <div className="d-flex gap-2 flex-wrap">
            <Button type="submit" variant="dark" disabled={decide.isPending}>
              Decline return
            </Button>
            <Button variant="outline-secondary" disabled={decide.isPending} onClick={() => setMode('idle')}>
              Back
            </Button>
          </div>
        </Form>
      ) : (
        <div className="d-flex gap-2 flex-wrap">
          {ret.status === 'requested' && (
            <>
              <Button
                variant="dark"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ returnId: ret.id, action: 'approve' })}
              >
                {decide.isPending ? <Loader small label="Approving the return" /> : 'Approve'}
              </Button>
              <Button variant="outline-secondary" onClick={() => setMode('declining')}>
                Decline…
              </Button>
            </>
          )}
          <Button variant={ret.status === 'approved' ? 'dark' : 'outline-dark'} onClick={() => setMode('receiving')}>
            Mark as received…
          </Button>
        </div>
      )}
      {ret.status === 'requested' && (
        <p className="small text-muted mb-0">Approving refunds nothing yet: the customer is told to send it back.</p>
      )}
    </div>
  );
}

/** One return: its lines, state, dates, the customer's reason, the shop's message and what was refunded. */
function ReturnEntry({ order, ret, admin }: { order: Order; ret: OrderReturn; admin: boolean }) {
  const refund = ret.refundId ? order.refunds.find((r) => r.id === ret.refundId) : undefined;
  const state = admin ? ADMIN_STATE[ret.status] : CUSTOMER_STATE[ret.status];
  return (
    <li className="mb-3" aria-label={`Return: ${itemsText(order, ret)}`}>
      <strong>{itemsText(order, ret)}</strong>
      <div className="small fw-semibold" data-testid={`return-state-${ret.id}`}>
        {state}
      </div>
      <ReturnStepper status={ret.status} />
      <div className="small text-muted">
        Asked {dateTime(ret.createdAt)}
        {ret.receivedAt ? ` · received ${dateTime(ret.receivedAt)}` : ''}
      </div>
      <div className="small">{ret.reason}</div>
      {!admin && ret.status === 'approved' && (
        <div className="small">Send the items back to the shop; we refund them once they arrive.</div>
      )}
      {refund && (
        <div className="small">
          {refund.status === 'completed' ? 'Refunded' : 'Refund'} {formatPrice(refund.amount)}
          {refund.status === 'pending' ? ' (on its way)' : refund.status === 'failed' ? ' (failed)' : ''}
        </div>
      )}
      {admin && ret.restocked && ret.restocked.length > 0 && (
        <div className="small">
          Back in stock: {ret.restocked.map((i) => `${i.qty} × ${lineName(order, i)}`).join(', ')}
        </div>
      )}
      {ret.status === 'declined' && ret.message && <div className="small">The shop: {ret.message}</div>}
      {admin && <AdminReturnActions order={order} ret={ret} />}
    </li>
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
              <ReturnEntry key={ret.id} order={order} ret={ret} admin={admin} />
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
