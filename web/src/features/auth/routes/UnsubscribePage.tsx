import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@domain/routes';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { errorMessage } from '@/lib/api';
import { useUnsubscribeCartReminders } from '../api/cartReminders';

/** /unsubscribe/cart-reminders/:token (issue 41): the reminder email's one-click unsubscribe, no sign-in. */
export function CartRemindersUnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribeCartReminders();
  const { mutate } = unsubscribe;
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);
  return (
    <>
      <Meta title="Cart reminders" />
      <h1 className="h3 mb-3">Cart reminders</h1>
      {unsubscribe.isError ? (
        <Message variant="danger">{errorMessage(unsubscribe.error)}</Message>
      ) : unsubscribe.isSuccess ? (
        <Message variant="success">
          You will no longer receive cart reminders. You can turn them on again on your{' '}
          <Link to={paths.profile.href()}>account page</Link>.
        </Message>
      ) : (
        <Loader label="Unsubscribing" />
      )}
    </>
  );
}
