// The abandoned-cart reminders module (issue 41; issue 39's third module): the rule in domain/cartReminders.ts,
// the field tables (model.ts), the store over the generic stores, the sweep (sweep.ts, run by server.ts and the
// Firebase schedule) and the routes (the preference, the one-click unsubscribe).
import { defineModule } from '../module.js';
import { CART_REMINDER_MODEL, ORDER_TIME_MODEL, REMINDED_ACCOUNT_MODEL, REMINDED_CART_MODEL } from './model.js';
import { cartReminderRoutes } from './routes.js';
import { cartReminderStore } from './store.js';

export type { CartReminderStore } from './store.js';

export const cartRemindersModule = defineModule({
  name: 'cartReminders',
  models: [CART_REMINDER_MODEL, REMINDED_CART_MODEL, REMINDED_ACCOUNT_MODEL, ORDER_TIME_MODEL],
  // The embedded trigger of migration 37 drops an account's reminders with it; Firestore keeps them, as before.
  ownedByAccount: [],
  store: (models, { transaction }) => cartReminderStore(models, transaction),
  routes: { mountPath: '/cart-reminders', router: cartReminderRoutes },
});
