// The profile's line about the account's email: confirmed, or not yet with "Send link again" (embedded backend).
import Button from 'react-bootstrap/Button';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useUserInfo } from '@/lib/session';
import { useEmailVerification, useResendVerification } from '../api/accountLinks';

export function EmailStatus() {
  const status = useEmailVerification(useUserInfo()?.email);
  const resend = useResendVerification();
  if (!status.data) return null; // loading, or a backend without it: nothing to say
  if (status.data.verified)
    return (
      <p className="small text-success mb-3" data-testid="email-status">
        <span aria-hidden="true">✓ </span>Email address confirmed
      </p>
    );
  return (
    <div className="small mb-3" data-testid="email-status">
      <p className="mb-2">
        <strong>Email address not confirmed yet.</strong> You can shop meanwhile; to confirm it, follow the link in our
        confirmation email to {status.data.email}. Not in your inbox? Have it sent again.
      </p>
      {resend.isSuccess && <Message variant="success">{resend.data.message}</Message>}
      {resend.isError && <Message variant="danger">{errorMessage(resend.error)}</Message>}
      <Button size="sm" variant="outline-dark" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? <Loader small label="Sending" /> : 'Send link again'}
      </Button>
    </div>
  );
}
