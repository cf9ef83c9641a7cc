// The abandoned-cart reminders' store, written once over the generic stores (both backends): the carts in a sweep's
// window with what the rule needs, the reminder and its message in one transaction, the opt-out, the dashboard's
// read. The rule is domain/cartReminders.ts; the sweep sweep.ts.
import { cartReminderId, type CartReminderCandidate, type SentCartReminder } from '../../domain/cartReminders.js';
import type { QueuedMail } from '../../ports.js';
import type { ModelStores, ModelTransaction } from '../module.js';
import { CART_REMINDER_MODEL, ORDER_TIME_MODEL, REMINDED_ACCOUNT_MODEL, REMINDED_CART_MODEL } from './model.js';

/** Issue 41, the abandoned-cart reminders (domain/cartReminders.ts decides; sweep.ts runs it). */
export interface CartReminderStore {
  /** Signed-in carts last changed in (after, until] (ISO), after `cursor` in (version, userId) order, at most
   *  `limit`, with what the rule needs (empty ones too: the rule refuses them). */
  candidates(query: {
    after: string;
    until: string;
    limit: number;
    cursor?: { version: string; userId: string };
  }): Promise<CartReminderCandidate[]>;
  /** Remembers the reminder of this cart version and records its message, in one transaction; false (nothing
   *  written) when the cart changed since it was loaded, was reminded for this version, or its owner opted out. */
  record(userId: string, version: string, mail: QueuedMail, now: Date): Promise<boolean>;
  /** Whether the account receives cart reminders (on unless turned off). */
  subscribed(userId: string): Promise<boolean>;
  /** Turns the account's reminders on or off; false when there is no such account. */
  setSubscribed(userId: string, subscribed: boolean): Promise<boolean>;
  /** The reminders sent at or after `since`, each with its customer's first order after it (the dashboard). */
  sentSince(since: Date): Promise<SentCartReminder[]>;
}

export function cartReminderStore(models: ModelStores, transaction: ModelTransaction): CartReminderStore {
  const carts = models(REMINDED_CART_MODEL);
  const accounts = models(REMINDED_ACCOUNT_MODEL);
  const reminders = models(CART_REMINDER_MODEL);
  const orders = models(ORDER_TIME_MODEL);
  // firestore/queries.ts CUSTOMER_ORDER_TIMES_SHAPE
  const firstOrderFrom = async (userId: string, at: string) =>
    (await orders.query({ owner: userId, by: 'createdAt', from: at, limit: 1 }))[0]?.createdAt ?? null;

  return {
    async candidates({ after, until, limit, cursor }) {
      // firestore/queries.ts CART_REMINDER_SHAPE
      const page = await carts.query({
        by: 'updatedAt',
        after,
        until,
        limit,
        ...(cursor ? { cursor: { value: cursor.version, key: cursor.userId } } : {}),
      });
      return Promise.all(
        page.map(async ({ userId, items, updatedAt: version }): Promise<CartReminderCandidate> => {
          const [account, reminded] = await Promise.all([
            accounts.get(userId),
            reminders.get(cartReminderId(userId, version)),
          ]);
          return {
            userId,
            email: account?.email ?? '',
            name: account?.name ?? '',
            items,
            version,
            remindedVersion: reminded ? version : null,
            // A cart without its account (deleted) counts as opted out: the rule refuses it, the page stays whole.
            optedOut: !account || account.cartRemindersOff === true,
            // The first order since the change is what the rule asks (an order at or after it); not read for a
            // cart reminded for this version, which the rule refuses on that alone.
            lastOrderAt: account && !reminded ? await firstOrderFrom(userId, version) : null,
          };
        }),
      );
    },

    record: (userId, version, mail, now) =>
      transaction(async (tx) => {
        const id = cartReminderId(userId, version);
        const cart = await tx.get(REMINDED_CART_MODEL, userId);
        const account = await tx.get(REMINDED_ACCOUNT_MODEL, userId);
        const sent = await tx.get(CART_REMINDER_MODEL, id);
        // Still this version (a write since re-arms the cart), not reminded for it, still subscribed.
        if (!cart || cart.updatedAt !== version || sent) return false;
        if (!account || account.cartRemindersOff === true) return false;
        tx.put(CART_REMINDER_MODEL, { id, userId, version, sentAt: now.toISOString() });
        tx.mail(mail, now);
        return true;
      }),

    async subscribed(userId) {
      const account = await accounts.get(userId);
      return account !== null && account.cartRemindersOff !== true;
    },

    async setSubscribed(userId, subscribed) {
      const written = await accounts.update(
        userId,
        (account) => account && { ...account, cartRemindersOff: !subscribed },
      );
      return written !== null;
    },

    async sentSince(since) {
      // firestore/queries.ts CART_REMINDERS_SENT_SHAPE; then each reminder's first order after it.
      const sent = await reminders.query({ by: 'sentAt', from: since.toISOString() });
      return Promise.all(
        sent.map(async (r) => ({ sentAt: r.sentAt, nextOrderAt: await firstOrderFrom(r.userId, r.sentAt) })),
      );
    },
  };
}
