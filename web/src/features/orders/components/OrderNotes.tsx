// The admin's internal notes on an order: a form to add one (they show in the order's history, OrderTimeline).
// Only rendered for admins; the API answers notes only to admins anyway.
import type { Order } from '@domain';
import { MAX_ORDER_NOTE_LENGTH } from '@domain/limits';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useAddOrderNote } from '../api/deliverOrder';

export function OrderNoteForm({ order }: { order: Order }) {
  const add = useAddOrderNote(order._id);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <Form onSubmit={submit} aria-label="Order notes" className="d-grid gap-2">
      {add.isError && <Message variant="danger">{errorMessage(add.error)}</Message>}
      <Form.Group controlId="order-note">
        <Form.Label className="mb-1">Internal note</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={text}
          maxLength={MAX_ORDER_NOTE_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text>Only admins see notes; the customer never does.</Form.Text>
      </Form.Group>
      <div>
        <Button type="submit" variant="outline-dark" size="sm" disabled={add.isPending || !text.trim()}>
          {add.isPending ? <Loader small label="Adding the note" /> : 'Add note'}
        </Button>
      </div>
    </Form>
  );
}
