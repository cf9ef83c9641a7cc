import Form from 'react-bootstrap/Form';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useCartReminderPreference, useSaveCartReminderPreference } from '../api/cartReminders';

/** The account page's "cart reminders" switch (issue 41): one email when a cart is left idle, on unless turned off. */
export function CartReminderToggle() {
  const preference = useCartReminderPreference();
  const save = useSaveCartReminderPreference();
  const error = preference.error ?? save.error;
  return (
    <>
      <h2 className="h6">Emails</h2>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form.Check
        type="switch"
        role="switch"
        id="cart-reminders"
        label="Cart reminders"
        checked={preference.data?.subscribed ?? false}
        disabled={!preference.data || save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
      <p className="text-muted small mb-2">
        One email when you leave items in your cart for a while without ordering them.
      </p>
    </>
  );
}
