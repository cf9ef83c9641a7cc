// The abandoned-cart reminders' field tables (issue 41, moved onto the generic stores by issue 39). The reminder is
// the module's own record: embedded `cart_reminders` (migration 37; `id` since 42), Firestore `cartReminders/{id}`
// (docs/firebase.md), its id domain/cartReminders.ts cartReminderId. The others are partial: the few fields the
// sweep reads of records other stores create and delete (the cart, its account with the opt-out, the account's
// orders' times); only the opt-out is ever written here.
import type { CartLine } from '../../domain/cart.js';
import { defineModel, definePartialModel, field } from '../../domain/model.js';

/** One reminder sent: for which account and cart version, and when. */
export const CART_REMINDER_MODEL = defineModel({
  name: 'cart reminder',
  table: 'cart_reminders',
  collection: 'cartReminders',
  key: { field: 'id', column: 'id' },
  // Keyed by `id` through its unique index (the table's primary key is the account and the cart version); the
  // dashboard counts the reminders sent since a day.
  indexes: [
    { columns: ['id'], unique: true },
    { name: 'cart_reminders_by_sent', columns: ['sent_at'] },
  ],
  fields: {
    userId: field.text({ column: 'user_id' }),
    version: field.timestamp({ column: 'cart_version' }),
    sentAt: field.timestamp({ column: 'sent_at' }),
  },
});

/** A signed-in cart (embedded: the carts store's row; Firestore: the web's document, its time the server's). */
export const REMINDED_CART_MODEL = definePartialModel('cart', {
  name: 'reminded cart',
  fields: {
    items: field.json<CartLine[]>({ column: 'items' }),
    updatedAt: field.timestamp({ column: 'updated_at', firestoreTimestamp: true }),
  },
});

/** The account a reminder goes to, and its opt-out (absent on Firestore: on). */
export const REMINDED_ACCOUNT_MODEL = definePartialModel('account', {
  name: 'reminded account',
  fields: {
    name: field.text({ column: 'name', optional: true }),
    email: field.text({ column: 'email', optional: true }),
    cartRemindersOff: field.flag({ column: 'cart_reminders_off', optional: true }),
  },
});

/** An account's orders by their time (did the customer order after the cart changed, or after the reminder). */
export const ORDER_TIME_MODEL = definePartialModel('order', {
  name: 'order time',
  fields: {
    createdAt: field.timestamp({ column: 'created_at' }),
  },
});
