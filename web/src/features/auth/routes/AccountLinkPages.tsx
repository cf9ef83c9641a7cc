// The pages of the account links sent by email: "Forgot password?" (ask for a reset link), the reset link's page
// (/reset-password/:token: a new password) and the email verification link's page (/verify-email/:token).
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { FormContainer } from '@/components/ui/FormContainer';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { errorMessage } from '@/lib/api';
import {
  useConfirmPasswordReset,
  useFirebasePasswordReset,
  useFirebaseVerifyEmail,
  useRequestPasswordReset,
  useVerifyEmail,
} from '../api/accountLinks';
import { accountFields } from '../components/accountFields';
import {
  MISMATCH_ALERT_ID,
  passwordResetRequestSchema,
  resetPasswordFormSchema,
  type PasswordResetRequestForm,
  type ResetPasswordForm,
} from '../schemas';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequestForm>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const field = fieldBinding(register, errors);

  return (
    <FormContainer>
      <Meta title="Forgot Password" />
      <h1 className="section-title">Forgot Password</h1>
      {request.isSuccess ? (
        <>
          <Message variant="success">{request.data.message}</Message>
          <p>Check your inbox (and the spam folder). Nothing came? Ask again in a few minutes.</p>
          <Link to={paths.login.href()}>Back to Sign In</Link>
        </>
      ) : (
        <>
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
          {request.isError && <Message variant="danger">{errorMessage(request.error)}</Message>}
          <Form onSubmit={handleSubmit((v) => request.mutate(v.email))} noValidate aria-label="Forgot password">
            <Field {...accountFields.email} {...field('email')} />
            <Button type="submit" variant="primary" disabled={request.isPending}>
              {request.isPending ? <Loader small label="Sending" /> : 'Send Reset Link'}
            </Button>
          </Form>
          <p className="py-3 mb-0">
            Remembered it? <Link to={paths.login.href()}>Sign In</Link>
          </p>
        </>
      )}
    </FormContainer>
  );
}

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const reset = useConfirmPasswordReset(token);
  return <ChoosePassword reset={reset} />;
}

/** The new-password form of a reset link (the embedded API's, or Firebase's action code). */
function ChoosePassword({ reset }: { reset: UseMutationResult<{ message: string }, Error, string> }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const field = fieldBinding(register, errors);

  return (
    <FormContainer>
      <Meta title="Choose a New Password" />
      <h1 className="section-title">Choose a New Password</h1>
      {reset.isSuccess ? (
        <>
          <Message variant="success">{reset.data.message}</Message>
          <Link to={paths.login.href()} className="btn btn-primary">
            Sign In
          </Link>
        </>
      ) : (
        <>
          {errors.confirmPassword?.message && (
            <Message variant="danger" id={MISMATCH_ALERT_ID}>
              {errors.confirmPassword.message}
            </Message>
          )}
          {reset.isError && (
            <Message variant="danger">
              {errorMessage(reset.error)} <Link to={paths.forgotPassword.href()}>Ask for a new link</Link>
            </Message>
          )}
          <Form onSubmit={handleSubmit((v) => reset.mutate(v.password))} noValidate aria-label="Choose a new password">
            <Field {...accountFields.newPassword} label="New Password" {...field('password')} />
            <Field {...accountFields.confirmPassword} {...field('confirmPassword')} />
            <Button type="submit" variant="primary" disabled={reset.isPending}>
              {reset.isPending ? <Loader small label="Saving" /> : 'Set Password'}
            </Button>
          </Form>
          <p className="py-3 mb-0 text-muted small">Every device signed in to your account will be signed out.</p>
        </>
      )}
    </FormContainer>
  );
}

/**
 * /auth/action (the Firebase build): where Firebase Auth's emails link to, with `mode` and `oobCode`
 * (docs/firebase.md). resetPassword: the new-password form; verifyEmail: confirms at once.
 */
export function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? '';
  const reset = useFirebasePasswordReset(code);
  if (mode === 'resetPassword') return <ChoosePassword reset={reset} />;
  if (mode === 'verifyEmail') return <FirebaseVerifyEmail code={code} />;
  return (
    <FormContainer>
      <Meta title="Account Link" />
      <h1 className="section-title">Account Link</h1>
      <Message variant="danger">This link is not one the shop can open. Ask for a new email.</Message>
      <Link to={paths.home.href()}>Continue shopping</Link>
    </FormContainer>
  );
}

function FirebaseVerifyEmail({ code }: { code: string }) {
  const verify = useFirebaseVerifyEmail();
  return <ConfirmOnOpen title="Confirm Email" token={code} verify={verify} />;
}

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  return <ConfirmOnOpen title="Confirm Email" token={token} verify={verify} />;
}

/** Uses a link's token once when the page opens, and says how it went. */
function ConfirmOnOpen({
  title,
  token,
  verify,
}: {
  title: string;
  token: string;
  verify: UseMutationResult<{ message: string }, Error, string>;
}) {
  const asked = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development; the link is used once).
    if (asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <FormContainer>
      <Meta title={title} />
      <h1 className="section-title">{title}</h1>
      {verify.isSuccess && <Message variant="success">{verify.data.message}</Message>}
      {verify.isError && <Message variant="danger">{errorMessage(verify.error)}</Message>}
      {(verify.isPending || verify.isIdle) && <Loader label="Confirming your email address" />}
      <Link to={paths.home.href()}>Continue shopping</Link>
    </FormContainer>
  );
}
