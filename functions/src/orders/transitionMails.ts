// Which change of an order sends which message: the one table of it (the builders' content is mail/orderMails.ts).
// A message is recorded in the change's own transaction (OrderChangeSet.mails), each once by its key.
import type { OrderRecord, RefundRecord } from '../domain/index.js';
import {
  customerOrderMail,
  holdReminderMail,
  ownerOrderPaidMails,
  ownerRequestMails,
  refundMail,
  returnApprovedMail,
  type OwnerRequest,
} from '../mail/orderMails.js';
import type { OrderUnit, QueuedMail } from '../ports.js';

/** The changes that mail someone; every other change (undelivered, claimed, a request's decline, a return received:
 *  its refund mails) mails nobody. */
export type MailedTransition =
  | 'placed'
  | 'paid'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'cancelledByShop'
  | 'expired'
  | 'refunded'
  | 'reminder'
  | 'returnApproved'
  | 'cancellationRequested'
  | 'returnRequested';

/** What a transition's messages need beyond the order: a refund's record, the owner's alert recipients. */
export interface MailContext {
  refund?: RefundRecord;
  /** Who hears of a paid order or a customer's request (ownerAlertRecipients). */
  ownerAlert?: readonly string[];
  /** The return approved or asked for. */
  returnId?: string;
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
    case 'shipped':
    case 'delivered':
    case 'cancelled':
    case 'cancelledByShop':
    case 'expired':
      return [customerOrderMail(transition, id, after, now)];
    case 'paid':
      // The customer's receipt, and the owner's alert.
      return [customerOrderMail('paid', id, after, now), ...ownerOrderPaidMails(id, after, context.ownerAlert ?? [])];
    case 'refunded':
      return [refundMail(id, after, context.refund!)];
    case 'reminder':
      return [holdReminderMail(id, after)];
    case 'returnApproved':
      return [returnApprovedMail(id, after, context.returnId!)];
    // The owner hears of each request (issue 38), by the paid alert's recipients.
    case 'cancellationRequested': {
      const asked = after.cancellationRequest!;
      const request: OwnerRequest = {
        kind: 'cancellation',
        id: asked.createdAt,
        reason: asked.reason,
        requestedAt: asked.createdAt,
      };
      return ownerRequestMails(id, after, request, context.ownerAlert ?? []);
    }
    case 'returnRequested': {
      const asked = (after.returns ?? []).find((r) => r.id === context.returnId)!;
      const request: OwnerRequest = {
        kind: 'return',
        id: asked.id,
        reason: asked.reason,
        requestedAt: asked.createdAt,
        items: asked.items,
      };
      return ownerRequestMails(id, after, request, context.ownerAlert ?? []);
    }
  }
}

/** Who hears of each paid order and each request: ORDER_ALERT_EMAIL when set, else every admin (read in the payment's transaction). */
export async function ownerAlertRecipients(unit: OrderUnit, alertEmail: string | undefined): Promise<string[]> {
  return alertEmail ? [alertEmail] : unit.adminEmails();
}
