// The admin's refund (issue 28): an amount (prefilled with what remains) or some lines, a reason, restock, then a
// confirmation that names the amount. The server decides what may be refunded; this only asks.
import { accountDeleted } from '@domain/accountDeletion';
import { cartLineId } from '@domain/cart';
import type { Order } from '@domain';
import { orderRefundableCents, orderUnitsLeft } from '@domain/refundFigures';
import { isCreditKind, TENDER_KINDS, tenderLabel, tenderWord } from '@domain/tenders';
import { orderUnitsRefundCents } from '@domain/unitCharges';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { refundOrder, useOrderMutation, type RefundBody, type RefundDestination } from '../api/refunds';

const cents = (dollars: number) => Math.round(dollars * 100);

/** What a refund is of: an amount typed, or some of the order's items. */
const REFUND_MODES = [
  { mode: 'amount', id: 'refund-by-amount', label: 'An amount' },
  { mode: 'lines', id: 'refund-by-lines', label: 'Some items' },
] as const;
type RefundMode = (typeof REFUND_MODES)[number]['mode'];

/** What may still be refunded, in dollars: the server's rule (domain refundFigures.ts orderRefundableCents). */
export const remainingOf = (order: Order): number => orderRefundableCents(order) / 100;

/** What refunding these units pays back, in dollars: what they cost as charged (their share of the order's discount
 *  and tax, shipping apart), capped by what remains; the server's figure (domain unitCharges.ts). */
function linesAmount(order: Order, qty: Record<string, number>): number {
  const items = order.orderItems
    .filter((line) => (qty[cartLineId(line)] ?? 0) > 0)
    .map((line) => ({ product: line.product, variant: line.variant, qty: qty[cartLineId(line)]! }));
  return orderUnitsRefundCents(order, items) / 100;
}

/** Issue 39: where a refund may go, each kind as the domain declares it (domain/tenders.ts TENDER_KINDS): a credit
 *  kind (store credit) needs an account (a guest order has none to credit, a deleted account's credit went with it);
 *  any other kind only when it paid part of the order. The server decides how much each may take and says so when it
 *  refuses. `goes`: what the confirmation says of it. */
function destinationsOf(order: Order): { id: RefundDestination | 'original'; label: string; goes: string }[] {
  const account = !order.isGuest && !accountDeleted(order);
  const paidWith = (kind: string) => (order.tenders ?? []).filter((t) => t.kind === kind);
  return [
    { id: 'original', label: 'Original payment', goes: "The money goes back through the order's payment" },
    ...(Object.keys(TENDER_KINDS) as RefundDestination[]).flatMap((kind) => {
      if (isCreditKind(kind))
        return account
          ? [
              {
                id: kind,
                label: `${tenderLabel(kind)} (${order.user.name}'s account)`,
                goes: `The money goes to their ${tenderWord(kind)}, spendable on their next order,`,
              },
            ]
          : [];
      const tenders = paidWith(kind);
      return tenders.length
        ? [
            {
              id: kind,
              label: `${tenderLabel(kind)} ${tenders.map((t) => `…${t.ref}`).join(', ')}`,
              goes: `The money goes back onto the ${tenderWord(kind)}`,
            },
          ]
        : [];
    }),
  ];
}

export function RefundDialog({ order, show, onClose }: { order: Order; show: boolean; onClose: () => void }) {
  const remaining = remainingOf(order);
  // Keyed like cartLineId: the line's variant, or its product without variants.
  const left = orderUnitsLeft(order);
  const [mode, setMode] = useState<RefundMode>('amount');
  const [amount, setAmount] = useState(remaining.toFixed(2));
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const destinations = destinationsOf(order);
  const [to, setTo] = useState<RefundDestination | 'original'>('original');
  const refund = useOrderMutation(order._id, refundOrder);

  const asked = mode === 'amount' ? Number(amount) : linesAmount(order, qty);
  const lines = Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => {
      const line = order.orderItems.find((l) => cartLineId(l) === id)!;
      return { product: line.product, ...(line.variant ? { variant: line.variant } : {}), qty: n };
    });

  function close() {
    setConfirming(false);
    setInvalid(null);
    refund.reset();
    onClose();
  }

  function review() {
    if (mode === 'amount' && !/^\d+(\.\d{1,2})?$/.test(amount.trim()))
      return setInvalid('Enter an amount in dollars, e.g. 12.50');
    if (mode === 'lines' && lines.length === 0) return setInvalid('Choose at least one item to refund');
    if (!(asked > 0)) return setInvalid('A refund must be more than $0.00');
    if (cents(asked) > cents(remaining)) return setInvalid(`At most ${formatPrice(remaining)} can still be refunded`);
    setInvalid(null);
    setConfirming(true);
  }

  function submit() {
    const body: RefundBody = { reason: reason.trim() || undefined, ...(to === 'original' ? {} : { to }) };
    if (mode === 'amount') body.amount = Number(amount);
    else {
      body.items = lines;
      body.restock = restock;
    }
    refund.mutate(body, { onSuccess: close });
  }

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="refund-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="refund-dialog-title" as="h2" className="h5">
          Refund order
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-muted">
          Paid {formatPrice(order.totalPrice)}; up to <strong>{formatPrice(remaining)}</strong> can still be refunded.
        </p>
        {confirming ? (
          <p>
            Refund <strong>{formatPrice(asked)}</strong> to {order.user.name}
            {mode === 'lines' && restock ? ' and put the items back in stock' : ''}?{' '}
            {destinations.find((d) => d.id === to)?.goes} and cannot be taken back.
          </p>
        ) : (
          <Form
            id="refund-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              review();
            }}
          >
            <Form.Group className="mb-3">
              {REFUND_MODES.map((m) => (
                <Form.Check
                  key={m.mode}
                  type="radio"
                  id={m.id}
                  name="refund-mode"
                  label={m.label}
                  checked={mode === m.mode}
                  onChange={() => setMode(m.mode)}
                />
              ))}
            </Form.Group>
            {mode === 'amount' ? (
              <Form.Group className="mb-3" controlId="refund-amount">
                <Form.Label>Amount ($)</Form.Label>
                <Form.Control inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
              </Form.Group>
            ) : (
              <fieldset className="mb-3">
                <legend className="form-label fs-6">Items to refund</legend>
                {order.orderItems.map((line) => {
                  const id = cartLineId(line);
                  const max = Math.max(0, left.get(id) ?? 0);
                  return (
                    <Form.Group
                      key={id}
                      className="d-flex align-items-center gap-2 mb-2"
                      controlId={`refund-qty-${id}`}
                    >
                      <Form.Label className="flex-grow-1 mb-0">
                        {line.name}
                        {line.variantLabel ? ` (${line.variantLabel})` : ''}{' '}
                        <span className="text-muted small">
                          ({max} of {line.qty} left)
                        </span>
                      </Form.Label>
                      <Form.Control
                        type="number"
                        min={0}
                        max={max}
                        disabled={max === 0}
                        style={{ width: '5rem' }}
                        value={qty[id] ?? 0}
                        onChange={(e) =>
                          setQty({
                            ...qty,
                            [id]: Math.min(max, Math.max(0, Math.floor(Number(e.target.value) || 0))),
                          })
                        }
                      />
                    </Form.Group>
                  );
                })}
                <p className="small mb-2">
                  Refund: {formatPrice(asked)} (what these items cost, discount and tax included)
                </p>
                <Form.Check
                  id="refund-restock"
                  label="Put these items back in stock"
                  checked={restock}
                  onChange={(e) => setRestock(e.target.checked)}
                />
              </fieldset>
            )}
            {destinations.length > 1 && (
              <fieldset className="mb-3">
                <legend className="form-label fs-6 mb-1">Refund to</legend>
                {destinations.map((d) => (
                  <Form.Check
                    key={d.id}
                    type="radio"
                    id={`refund-to-${d.id}`}
                    name="refund-to"
                    label={d.label}
                    checked={to === d.id}
                    onChange={() => setTo(d.id)}
                  />
                ))}
              </fieldset>
            )}
            <Form.Group controlId="refund-reason">
              <Form.Label>Reason (the customer sees it)</Form.Label>
              <Form.Control maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Form.Group>
          </Form>
        )}
        {invalid && <Message variant="danger">{invalid}</Message>}
        {refund.isError && <Message variant="danger">{errorMessage(refund.error)}</Message>}
      </Modal.Body>
      <Modal.Footer>
        {confirming ? (
          <>
            <Button variant="outline-secondary" disabled={refund.isPending} onClick={() => setConfirming(false)}>
              Back
            </Button>
            <Button variant="danger" disabled={refund.isPending} onClick={submit}>
              {refund.isPending ? <Loader small label="Refunding" /> : `Refund ${formatPrice(asked)}`}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={close}>
              Close
            </Button>
            <Button type="submit" form="refund-form" variant="dark">
              Review refund
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
