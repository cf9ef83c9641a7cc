import { type AdminUserUpdateInput, type UserSummary } from '@domain';
import { paths } from '@domain/routes';
import { adminUserUpdateSchema } from '@domain/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { FormContainer } from '@/components/ui/FormContainer';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { errorMessage } from '@/lib/api';
import { useUserInfo } from '@/lib/session';
import { useSendPasswordResetLink, useUpdateUser, useUser } from '../api/users';
import { adminPaths } from '../sections';

type UserFormValues = z.input<typeof adminUserUpdateSchema>;

/** Name, Email Address, Is Admin, Update: checked with the API's adminUserUpdateSchema. */
export function UserForm({
  user,
  onSubmit,
  submitting = false,
  self = false,
}: {
  user: UserSummary;
  onSubmit: (values: AdminUserUpdateInput) => void;
  submitting?: boolean;
  /** The signed-in admin's own account: its email changes on the profile, which asks for the current password. */
  self?: boolean;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UserFormValues, unknown, AdminUserUpdateInput>({
    resolver: zodResolver(adminUserUpdateSchema),
    defaultValues: { name: user.name, email: user.email, isAdmin: user.isAdmin },
  });
  const field = fieldBinding(register, errors);
  return (
    <Form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Edit user">
      <Field label="Name" type="text" placeholder="Enter name" {...field('name')} />
      <Field
        label="Email Address"
        type="email"
        placeholder="Enter email"
        readOnly={self}
        groupClassName={self ? 'mb-1' : 'mb-3'}
        {...field('email')}
      />
      {self && (
        <p className="small text-muted mb-3">
          Your own email changes on <Link to={paths.profile.href()}>your profile</Link>, which asks for your current
          password.
        </p>
      )}
      <Form.Group className="mb-3" controlId="isadmin">
        <Form.Check type="checkbox" label="Is Admin" {...register('isAdmin')} />
      </Form.Group>
      <Button type="submit" variant="primary" disabled={submitting}>
        {submitting ? <Loader small label="Updating user" /> : 'Update'}
      </Button>
    </Form>
  );
}

/** Emails the user a password reset link (POST /api/users/:id/password-reset): the admin never sees or sets it. */
function SendResetLink({ userId }: { userId: string }) {
  const send = useSendPasswordResetLink(userId);
  return (
    <section className="mt-4 pt-3 border-top" aria-label="Password">
      <h2 className="h5">Password</h2>
      <p className="small text-muted">The user gets an email with a link to choose a new password (valid 1 hour).</p>
      {send.isSuccess && <Message variant="success">{send.data.message}</Message>}
      {send.isError && <Message variant="danger">{errorMessage(send.error)}</Message>}
      <Button variant="outline-primary" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? <Loader small label="Sending" /> : 'Send password reset link'}
      </Button>
    </section>
  );
}

export function UserEditPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const update = useUpdateUser(id);
  const navigate = useNavigate();
  const me = useUserInfo();

  return (
    <>
      <Meta title="Edit User" />
      <Link to={adminPaths.users.href()} className="btn btn-light mb-3">
        Go Back
      </Link>
      <FormContainer>
        <h1 className="h3 mb-3">Edit User</h1>
        {update.isError && <Message variant="danger">{errorMessage(update.error)}</Message>}
        <QueryBoundary query={user}>
          {(u) => (
            <>
              <UserForm
                user={u}
                self={u._id === me?._id}
                submitting={update.isPending}
                onSubmit={(values) =>
                  update.mutate(values, {
                    onSuccess: () => {
                      update.reset();
                      navigate(adminPaths.users.href());
                    },
                  })
                }
              />
              {/* Both backends: the function emails the shop's reset message (on Firebase with an Auth action code). */}
              <SendResetLink userId={u._id} />
            </>
          )}
        </QueryBoundary>
      </FormContainer>
    </>
  );
}
