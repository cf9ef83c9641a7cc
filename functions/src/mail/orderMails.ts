// The order messages a committed order change records (template name + data, rendered later by the worker), built
// from the order as the store's decision left it: no read, no rendering inside the write transaction. Keys make a
// retried change record each message once (`order-placed:<id>`, ...).
import { addressLines } from '../domain/addresses.js';
import { orderNumber, type OrderRecord } from '../domain/orders.js';
import { refundedCents, type RefundRecord } from '../domain/refunds.js';
import { paths } from '../domain/routes.js';
import type { QueuedMail } from '../ports.js';
import type { MailData, MailTemplate, OrderMailData } from './templates/index.js';

/** Which change of an order: each records one message to the customer ('cancelled' and 'expired' share one). */
export type OrderMailEvent = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'expired';

function queued<T extends MailTemplate>(key: string, to: string, template: T, data: MailData[T]): QueuedMail<T> {
  return { key, to, template, data: data as unknown as Record<string, unknown> };
}

/** The order page's path an order message links to: a guest's carries the order's signed token (its only way in). */
export function orderPathOf(id: string, r: Pick<OrderRecord, 'guestToken'>): string {
  const path = paths.order.href(id);
  return r.guestToken ? `${path}?token=${encodeURIComponent(r.guestToken)}` : path;
}

/** The order as every order message shows it. */
export function orderMailData(id: string, r: OrderRecord): OrderMailData {
  return {
    order: {
      name: r.user.name,
      number: `#${orderNumber(id)}`,
      lines: r.orderItems.map((l) => ({ name: l.name, qty: l.qty, priceCents: l.priceCents })),
      itemsCents: r.itemsCents,
      // Only with a code: the messages of orders without one keep their data as before.
      ...(r.discountCents ? { discountCents: r.discountCents, couponCode: r.couponCode ?? null } : {}),
      shippingCents: r.shippingCents,
      taxCents: r.taxCents,
      totalCents: r.totalCents,
      ...(r.shippingAddress.recipientName
        ? {
            shipTo: {
              lines: addressLines(r.shippingAddress),
              ...(r.shippingAddress.phone ? { phone: r.shippingAddress.phone } : {}),
            },
          }
        : {}),
    },
    orderPath: orderPathOf(id, r),
  };
}

/** The customer's message for this change of the order (`r`: the record after the change). */
export function customerOrderMail(event: OrderMailEvent, id: string, r: OrderRecord, now: Date): QueuedMail {
  const base = orderMailData(id, r);
  const to = r.user.email;
  switch (event) {
    case 'placed':
      return queued(`order-placed:${id}`, to, 'order-placed', { ...base, expiresAt: r.expiresAt });
    case 'paid':
      return queued(`order-paid:${id}`, to, 'order-paid', { ...base, paidAt: r.paidAt ?? now.toISOString() });
    case 'shipped':
      return queued(`order-shipped:${id}`, to, 'order-shipped', {
        ...base,
        shippedAt: r.shippedAt ?? now.toISOString(),
        carrier: r.carrier ?? null,
        trackingNumber: r.trackingNumber ?? null,
      });
    case 'delivered':
      return queued(`order-delivered:${id}`, to, 'order-delivered', {
        ...base,
        deliveredAt: r.deliveredAt ?? now.toISOString(),
      });
    case 'cancelled':
    case 'expired':
      // One key for both: an order ends once, whichever way.
      return queued(`order-cancelled:${id}`, to, 'order-cancelled', { ...base, reason: event });
  }
}

/** The customer's message for a completed refund (`r`: the record with the refund completed). */
export function refundMail(id: string, r: OrderRecord, refund: RefundRecord): QueuedMail {
  return queued(`order-refunded:${id}:${refund.id}`, r.user.email, 'order-refunded', {
    ...orderMailData(id, r),
    amountCents: refund.amountCents,
    refundedCents: refundedCents(r),
    reason: refund.reason,
    refundedAt: refund.completedAt ?? refund.createdAt,
    cancelled: refund.cancelsOrder,
  });
}

/** The customer's message when the shop approved a return: send it back (once per return). */
export function returnApprovedMail(id: string, r: OrderRecord, returnId: string): QueuedMail {
  return queued(`order-return-approved:${id}:${returnId}`, r.user.email, 'order-return-approved', orderMailData(id, r));
}

/** The unpaid-hold reminder (domain/holdReminders.ts): its key is what makes it once per order. */
export const holdReminderKey = (id: string) => `order-reminder:${id}`;

export function holdReminderMail(id: string, r: OrderRecord): QueuedMail {
  return queued(holdReminderKey(id), r.user.email, 'order-reminder', {
    ...orderMailData(id, r),
    expiresAt: r.expiresAt ?? '',
  });
}

/** The owner's alert for a paid order, one message per recipient (ORDER_ALERT_EMAIL, else each admin). */
export function ownerOrderPaidMails(id: string, r: OrderRecord, recipients: readonly string[]): QueuedMail[] {
  const data = { ...orderMailData(id, r), customerEmail: r.user.email };
  return [...new Set(recipients)].map((to) =>
    queued(`owner-order-paid:${id}:${to.toLowerCase()}`, to, 'owner-order-paid', data),
  );
}
