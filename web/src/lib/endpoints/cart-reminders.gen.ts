// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const cartReminderPreference: Route<Endpoints['cartReminderPreference']> = {
  method: 'GET',
  path: '/api/cart-reminders/preference',
};
export const cartReminderPreferenceSave: Route<Endpoints['cartReminderPreferenceSave']> = {
  method: 'PUT',
  path: '/api/cart-reminders/preference',
};
export const cartReminderUnsubscribe: Route<Endpoints['cartReminderUnsubscribe']> = {
  method: 'POST',
  path: '/api/cart-reminders/unsubscribe',
};
