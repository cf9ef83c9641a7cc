// The customer's side of a cancellation request (issue 28): "Request cancellation" on a paid order not delivered
// yet, with a reason; then what the shop decided.
import type { Order } from '@domain';
import { isOwner } from '@domain/orders';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { dateTime } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { requestCancellation, useOrderMutation } from '../api/refunds';

export function CancellationRequest({ order }: { order: Order }) {
  const user = useUserInfo();
  const ask = useOrderMutation(order._id, requestCancellation);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  if (!isOwner(order, user?._id)) return null;
  const request = order.cancellationRequest;
  const canAsk = order.status === 'paid' && request?.status !== 'pending';
  return (
    <>
      {request && (
        <ListGroup.Item>
          {request.status === 'pending' && (
            <Message variant="info">
              You asked to cancel this order on {dateTime(request.createdAt)}. The shop will answer soon.
            </Message>
          )}
          {request.status === 'declined' && (
            <Message variant="warning">
              The shop declined your cancellation request{request.message ? `: ${request.message}` : '.'}
            </Message>
          )}
          {request.status === 'approved' && (
            <Message variant="success">The shop cancelled this order at your request and refunded it.</Message>
          )}
        </ListGroup.Item>
      )}
      {canAsk && (
        <ListGroup.Item className="d-grid gap-2">
          {open ? (
            <Form
              className="d-grid gap-2"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!reason.trim()) return setInvalid(true);
                ask.mutate(reason.trim(), { onSuccess: () => setOpen(false) });
              }}
            >
              <Form.Group controlId="cancellation-reason">
                <Form.Label>Why do you want to cancel?</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  maxLength={500}
                  value={reason}
                  isInvalid={invalid}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setInvalid(false);
                  }}
                />
                <Form.Control.Feedback type="invalid">Reason is required</Form.Control.Feedback>
              </Form.Group>
              {ask.isError && <Message variant="danger">{errorMessage(ask.error)}</Message>}
              <Button type="submit" variant="dark" disabled={ask.isPending}>
                {ask.isPending ? <Loader small label="Sending the request" /> : 'Send request'}
              </Button>
              <Button variant="outline-secondary" onClick={() => setOpen(false)}>
                Keep order
              </Button>
            </Form>
          ) : (
            <Button variant="outline-danger" onClick={() => setOpen(true)}>
              Request cancellation
            </Button>
          )}
        </ListGroup.Item>
      )}
    </>
  );
}
