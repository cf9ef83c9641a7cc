// Which change of an order sends which message: the one table of it (the builders' content is mail/orderMails.ts).
// A message is recorded in the change's own transaction (OrderChangeSet.mails), each once by its key.
import type { OrderRecord, RefundRecord } from '../domain/index.js';
import { customerOrderMail, holdReminderMail, ownerOrderPaidMails, refundMail } from '../mail/orderMails.js';
import type { OrderUnit, QueuedMail } from '../ports.js';

/** The changes that mail someone; every other change (undelivered, claimed, a request or its decline) mails nobody. */
export type MailedTransition = 'placed' | 'paid' | 'delivered' | 'cancelled' | 'expired' | 'refunded' | 'reminder';

/** What a transition's messages need beyond the order: a refund's record, the owner's alert recipients. */
export interface MailContext {
  refund?: RefundRecord;
  ownerAlert?: readonly string[];
}

/** The messages of `transition` for order `id` as it now is (`after`). */
export function transitionMails(
  transition: MailedTransition,
  id: string,
  after: OrderRecord,
  now: Date,
  context: MailContext = {},
): QueuedMail[] {
  switch (transition) {
    case 'placed':
    case 'delivered':
    case 'cancelled':
    case 'expired':
      return [customerOrderMail(transition, id, after, now)];
    case 'paid':
      // The customer's receipt, and the owner's alert.
      return [customerOrderMail('paid', id, after, now), ...ownerOrderPaidMails(id, after, context.ownerAlert ?? [])];
    case 'refunded':
      return [refundMail(id, after, context.refund!)];
    case 'reminder':
      return [holdReminderMail(id, after)];
  }
}

/** Who hears of each paid order: ORDER_ALERT_EMAIL when set, else every admin (read in the payment's transaction). */
export async function ownerAlertRecipients(unit: OrderUnit, alertEmail: string | undefined): Promise<string[]> {
  return alertEmail ? [alertEmail] : unit.adminEmails();
}
