import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { cartReminderPreference, cartReminderPreferenceSave, cartReminderUnsubscribe } from '@/lib/endpoints.gen';
import { userKeys } from '@/lib/queryKeys';

/** GET /api/cart-reminders/preference (issue 41): whether the signed-in customer gets abandoned-cart reminders. */
export function useCartReminderPreference() {
  return useQuery({
    queryKey: userKeys.cartReminders(),
    queryFn: ({ signal }) => call(cartReminderPreference, { signal }),
  });
}

/** PUT /api/cart-reminders/preference: the account page's toggle. */
export function useSaveCartReminderPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => call(cartReminderPreferenceSave, { body: { subscribed } }),
    onSuccess: (answer) => client.setQueryData(userKeys.cartReminders(), answer),
  });
}

/** POST /api/cart-reminders/unsubscribe: the reminder email's one-click link (its signed token; no sign-in). */
export function useUnsubscribeCartReminders() {
  return useMutation({ mutationFn: (token: string) => call(cartReminderUnsubscribe, { body: { token } }) });
}
