// The unpaid-hold reminder (issue 27): one email about HOLD_REMINDER_MINUTES before an unpaid order's hold ends,
// with the pay link. The expiry sweep of each backend asks `holdReminderDue` for each unpaid order it loads in a
// transaction; "once" is the reminder's outbox message itself (its key `order-reminder:<id>`), so the decision
// takes whether that message exists.
import type { OrderRecord } from './orders.js';

/** The reminder's outbox key (`order-reminder:<id>`): what makes it once per order. */
export const holdReminderKey = (id: string) => `order-reminder:${id}`;

/** How long before an unpaid hold ends its reminder goes out (the sweep runs every minute embedded, every 5 on
 *  Firebase, so it arrives between 10 and 5 minutes before the end there). */
export const HOLD_REMINDER_MINUTES = 10;

/** The window of hold ends a sweep at `now` reminds: (now, now + HOLD_REMINDER_MINUTES]. ISO strings, for queries. */
export function holdReminderWindow(now: Date): { after: string; until: string } {
  return {
    after: now.toISOString(),
    until: new Date(now.getTime() + HOLD_REMINDER_MINUTES * 60_000).toISOString(),
  };
}

/**
 * Whether the order needs its reminder now: still awaiting payment (not paid, cancelled or expired), its hold ends
 * within HOLD_REMINDER_MINUTES but has not ended yet, and it was not reminded before. An order placed with less
 * than the reminder's lead (a short ORDER_HOLD_MINUTES) gets none: its "placed" email already says pay by when.
 */
export function holdReminderDue(
  order: Pick<OrderRecord, 'status' | 'expiresAt' | 'createdAt'>,
  now: Date,
  alreadyReminded: boolean,
): boolean {
  if (alreadyReminded || order.status !== 'awaiting_payment' || !order.expiresAt) return false;
  const endsAt = Date.parse(order.expiresAt);
  const lead = HOLD_REMINDER_MINUTES * 60_000;
  if (endsAt - Date.parse(order.createdAt) <= lead) return false;
  return endsAt > now.getTime() && endsAt - now.getTime() <= lead;
}
