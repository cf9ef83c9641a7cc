import type { Order } from '@domain';
import { passwordSchema } from '@domain/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { call, errorMessage } from '@/lib/api';
import { orderClaim } from '@/lib/endpoints.gen';
import { orderKeys } from '@/lib/queryKeys';
import { setUserInfo } from '@/lib/session';
import { shop } from '@/lib/shop';

const accountSchema = z.object({ password: passwordSchema });
type AccountForm = z.infer<typeof accountSchema>;

/**
 * "Create an account" on a paid guest order (issue 30): a password is all it asks (the email is the order's). The
 * account is made through the shop's client (either backend), signed in, and then takes this order with its token
 * (POST /api/orders/claim), so the order is in "My orders" from then on.
 */
export function CreateAccountCard({
  order,
  orderToken,
  onCreated,
}: {
  order: Order;
  orderToken: string;
  onCreated: () => void;
}) {
  const client = useQueryClient();
  const email = order.user.email;
  const create = useMutation({
    mutationFn: async ({ password }: AccountForm) => {
      // The name can be changed in the profile; the email's local part is a start.
      const user = await shop.auth.register({ name: email.split('@')[0] || 'Customer', email, password });
      // Taken with the new account's token before the page signs in, so the card stays until it is done.
      const claimed = await call(orderClaim, { body: { orderToken }, token: user.token });
      return { user, claimed };
    },
    onSuccess: ({ user, claimed }) => {
      client.setQueryData(orderKeys.detail(claimed._id), claimed);
      setUserInfo(user);
      void client.invalidateQueries({ queryKey: orderKeys.mine() });
      onCreated();
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AccountForm>({ resolver: zodResolver(accountSchema), defaultValues: { password: '' } });
  const field = fieldBinding(register, errors);

  return (
    <Card className="mb-3" as="section" aria-labelledby="create-account">
      <Card.Body>
        <h2 id="create-account" className="section-title fs-5">
          Create an account
        </h2>
        <p className="small">Keep this order in your account and check out faster next time.</p>
        {create.isError && <Message variant="danger">{errorMessage(create.error)}</Message>}
        <Form noValidate onSubmit={handleSubmit((v) => create.mutate(v))}>
          <Form.Group className="mb-3" controlId="account-email">
            <Form.Label>Email Address</Form.Label>
            <Form.Control type="email" value={email} readOnly plaintext aria-readonly="true" />
          </Form.Group>
          <Field
            id="account-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            {...field('password')}
          />
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? <Loader small label="Creating account" /> : 'Create account'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** Said once the account took the order; focus moves here so screen readers hear it. */
export function AccountCreatedNotice() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="alert alert-success">
      Your account is ready: this order is now in My orders.
    </div>
  );
}
