// Issue 41: the abandoned-cart reminders' preference (the account page's toggle) and the email's one-click
// unsubscribe (a signed account id: no sign-in, Ports.unsubscribeLinks).
import { notFound } from '../../domain/errors.js';
import { cartReminderPreferenceSchema, cartReminderUnsubscribeSchema } from '../../domain/schemas.js';
import { callerOf, requireUser } from '../../http/auth.js';
import { parse } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

/** Said for a token that names no account (tampered, another shop's, or the account is gone). */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid';

export function cartReminderRoutes({ store, auth, unsubscribeLinks }: Ports) {
  const router = endpointRouter('/api/cart-reminders');

  handle(router, endpoints.cartReminderPreference, requireUser(auth), async (req, res) => {
    res.json({ subscribed: await store.cartReminders.subscribed(callerOf(req).uid) });
  });

  handle(router, endpoints.cartReminderPreferenceSave, requireUser(auth), async (req, res) => {
    const { subscribed } = parse(cartReminderPreferenceSchema, req.body);
    if (!(await store.cartReminders.setSubscribed(callerOf(req).uid, subscribed))) throw notFound('User not found');
    res.json({ subscribed });
  });

  handle(router, endpoints.cartReminderUnsubscribe, async (req, res) => {
    const { token } = parse(cartReminderUnsubscribeSchema, req.body);
    const userId = unsubscribeLinks?.verify(token) ?? null;
    if (!userId || !(await store.cartReminders.setSubscribed(userId, false))) throw notFound(UNSUBSCRIBE_LINK_INVALID);
    res.json({ subscribed: false });
  });

  return router;
}
