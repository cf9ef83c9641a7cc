// "Notify me" on a sold-out product or variant (issue 41): its own chunk, loaded only when the chosen item is sold
// out. A signed-in customer's email is filled in; a guest (or another address) confirms by mail first.
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useUserInfo } from '@/lib/session';
import { useNotifyMe } from '../api/stockAlerts';

export function NotifyMe({ productId, variantId }: { productId: string; variantId?: string }) {
  const user = useUserInfo();
  const [email, setEmail] = useState(user?.email ?? '');
  const notify = useNotifyMe(productId);
  if (notify.isSuccess)
    return (
      <div className="mt-3" data-testid="notify-me-done">
        <Message variant="success">{notify.data.message}</Message>
      </div>
    );
  return (
    <Form
      className="notify-me mt-3 mb-3"
      aria-label="Notify me when back in stock"
      onSubmit={(e) => {
        e.preventDefault();
        notify.mutate({ email, ...(variantId ? { variant: variantId } : {}) });
      }}
    >
      <Form.Label htmlFor="notify-email" className="small fw-semibold">
        Sold out: get an email when it is back
      </Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id="notify-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="outline-primary" className="text-nowrap" disabled={notify.isPending}>
          Notify me
        </Button>
      </div>
      {notify.isError && (
        <Message variant="danger" className="mt-2">
          {errorMessage(notify.error)}
        </Message>
      )}
    </Form>
  );
}
