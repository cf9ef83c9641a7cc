// The abandoned-cart reminder (issue 41): one email for a signed-in cart left idle longer than the owner's setting
// (`cartReminderHours`, default 24; 0 turns it off), with no order placed by its customer since the cart last
// changed, and never to a customer who unsubscribed. "One per idle cart" is the cart's version (the time of its
// last change): a reminder remembers the version it was sent for, so a change of the cart after it re-arms it.
// The sweep (modules/cartReminders/sweep.ts) asks `cartReminderDue` of each candidate a store loads.
import type { CartLine } from './cart.js';

/** The owner's default idle time before a reminder. */
export const DEFAULT_CART_REMINDER_HOURS = 24;
/** The longest idle time the settings accept (30 days). */
export const MAX_CART_REMINDER_HOURS = 30 * 24;
/** A reminded customer's order within this many days of the reminder counts as recovered (the dashboard). */
export const CART_REMINDER_RECOVERY_DAYS = 7;
/** The most carts a store loads at once (a sweep reads page after page). */
export const CART_REMINDER_BATCH = 200;
/** A cart idle this many days beyond the owner's hours is no longer reminded: the feature switched on (or the
 *  setting shortened) does not mail every cart ever left, and each sweep reads a bounded window of carts. */
export const CART_REMINDER_LOOKBACK_DAYS = 7;

/** The reminder's outbox key: at most one message per cart version. */
export const cartReminderKey = (userId: string, version: string) => `cart-reminder:${userId}:${version}`;

/** A reminder's id: the account and its cart version's milliseconds (the Firestore document's id since issue 41;
 *  the embedded row's `id` since migration 42). */
export const cartReminderId = (userId: string, version: string) => `${userId}_${Date.parse(version)}`;

/** What a store loads of a signed-in cart for the rule: the cart, its owner and the owner's last order. */
export interface CartReminderCandidate {
  userId: string;
  email: string;
  name: string;
  items: CartLine[];
  /** The cart's last change (ISO): its version. */
  version: string;
  /** The version a reminder was sent for when it is this one (`version`); null: not reminded for it. */
  remindedVersion: string | null;
  /** The customer turned cart reminders off (account page or the email's unsubscribe link). */
  optedOut: boolean;
  /** When the customer last placed an order (ISO); null: never. */
  lastOrderAt: string | null;
}

const HOUR_MS = 3_600_000;

/** Whether reminders are on for this idle time (0, negative or not a number: off). */
export const cartRemindersOn = (idleHours: number) => Number.isFinite(idleHours) && idleHours > 0;

/** The carts a sweep at `now` loads: those last changed at or before this time. */
export function cartReminderCutoff(now: Date, idleHours: number): Date {
  return new Date(now.getTime() - idleHours * HOUR_MS);
}

/** The window of last changes a sweep at `now` reads: (after, until], ISO strings, for queries. */
export function cartReminderWindow(now: Date, idleHours: number): { after: string; until: string } {
  const until = cartReminderCutoff(now, idleHours);
  return {
    after: new Date(until.getTime() - CART_REMINDER_LOOKBACK_DAYS * 24 * HOUR_MS).toISOString(),
    until: until.toISOString(),
  };
}

/** Whether the cart gets its reminder now. */
export function cartReminderDue(cart: CartReminderCandidate, now: Date, idleHours: number): boolean {
  if (!cartRemindersOn(idleHours) || cart.optedOut || cart.items.length === 0) return false;
  if (cart.remindedVersion === cart.version) return false;
  const changedAt = Date.parse(cart.version);
  const idle = now.getTime() - changedAt;
  if (!Number.isFinite(changedAt) || idle < idleHours * HOUR_MS) return false;
  if (idle >= (idleHours + CART_REMINDER_LOOKBACK_DAYS * 24) * HOUR_MS) return false; // too old: see the lookback
  // An order placed at or after the cart's last change: the customer came back and bought.
  return !(cart.lastOrderAt && Date.parse(cart.lastOrderAt) >= changedAt);
}

/** One reminder sent, with the customer's first order after it (a store's read for the dashboard). */
export interface SentCartReminder {
  sentAt: string;
  nextOrderAt: string | null;
}

/** The dashboard's figures: reminders sent, and how many of them an order by the same customer followed within
 *  CART_REMINDER_RECOVERY_DAYS. */
export function cartReminderFigures(sent: readonly SentCartReminder[]): { sent: number; recovered: number } {
  const window = CART_REMINDER_RECOVERY_DAYS * 24 * HOUR_MS;
  const recovered = sent.filter((r) => {
    if (!r.nextOrderAt) return false;
    const gap = Date.parse(r.nextOrderAt) - Date.parse(r.sentAt);
    return gap >= 0 && gap <= window;
  }).length;
  return { sent: sent.length, recovered };
}
