import type { LoginInput } from '@domain';
import { lazy, Suspense } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { accountFields } from '../components/accountFields';
import { FormContainer } from '@/components/ui/FormContainer';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { errorMessage } from '@/lib/api';
import { useLogin } from '../api/login';
import { useRedirectWhenSignedIn } from '../redirect';
import { loginSchema } from '../schemas';

// Guest checkout (issue 30): its form only where checkout asked to sign in, in its own chunk.
const ContinueAsGuest = lazy(async () => ({
  default: (await import('../components/ContinueAsGuest')).ContinueAsGuest,
}));

export function LoginPage() {
  // Signed in (now or already): go to the redirect target.
  const { redirect, asked } = useRedirectWhenSignedIn();
  const login = useLogin();
  // A notice another page sent along (a deleted account: api/deleteAccount.ts).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const field = fieldBinding(register, errors);

  return (
    <FormContainer>
      <Meta title="Sign In" />
      <h1 className="section-title">Sign In</h1>
      {typeof notice === 'string' && <Message variant="success">{notice}</Message>}
      {login.isError && <Message variant="danger">{errorMessage(login.error)}</Message>}
      <Form onSubmit={handleSubmit((v) => login.mutate(v))} noValidate>
        <Field {...accountFields.email} {...field('email')} />
        <Field {...accountFields.password} {...field('password')} />
        <p className="mb-3 small">
          <Link to={paths.forgotPassword.href()}>Forgot password?</Link>
        </p>
        <Button type="submit" variant="primary" disabled={login.isPending}>
          {login.isPending ? <Loader small label="Signing in" /> : 'Sign In'}
        </Button>
      </Form>
      <p className="py-3 mb-0">
        New Customer? <Link to={paths.register.href(asked ? redirect : undefined)}>Register</Link>
      </p>
      {redirect === paths.shipping.href() && (
        <Suspense fallback={null}>
          <ContinueAsGuest next={redirect} />
        </Suspense>
      )}
    </FormContainer>
  );
}
