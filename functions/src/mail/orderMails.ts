// The order messages a committed order change records (template name + data, rendered later by the worker), built
// from the order as the store's decision left it: no read, no rendering inside the write transaction. Keys make a
// retried change record each message once (`order-placed:<id>`, ...). Times are recorded as ISO strings and shown
// in the shop's time zone: the one the change passed (`MailContext`, kept in the message's data), else the one in
// force when the worker renders it (mail/render.ts), else UTC.
import { addressLines } from '../domain/addresses.js';
import { holdReminderKey } from '../domain/holdReminders.js';
import { isGuestCustomerId } from '../domain/guests.js';
import { ledgerPayments } from '../domain/ledger.js';
import { orderNumber, type OrderRecord } from '../domain/orders.js';
import { paymentLines, providerWord, tenderWord } from '../domain/paymentWords.js';
import { lineKey, refundedCents, type RefundRecord } from '../domain/refunds.js';
import { paths } from '../domain/routes.js';
import type { QueuedMail } from '../ports.js';
import type { MailData, MailTemplate, OrderMailData } from './templates/index.js';
import type { OrderSummary } from './templates/OrderMails.js';

/** Which change of an order: each records one message to the customer ('cancelled' and 'expired' share one).
 *  'shipped' (issue 38): the parcel left, with its carrier and tracking number. */
export type OrderMailEvent = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'cancelledByShop' | 'expired';

/** What a message is built with besides the order (issue 38): the shop's time zone (settings `timeZone`). */
export interface MailContext {
  timeZone: string;
}

/** An order record as the messages read it: `shippedAt` comes with the lifecycle's shipped step (issue 38). */
export type MailOrderRecord = OrderRecord & { shippedAt?: string | null };

function queued<T extends MailTemplate>(key: string, to: string, template: T, data: MailData[T]): QueuedMail<T> {
  return { key, to, template, data: data as unknown as Record<string, unknown> };
}

/** The order page's path an order message links to: a guest's carries the order's signed token (its only way in). */
export function orderPathOf(id: string, r: Pick<OrderRecord, 'guestToken'>): string {
  const path = paths.order.href(id);
  return r.guestToken ? `${path}?token=${encodeURIComponent(r.guestToken)}` : path;
}

/** Whom a message greets: an account's name; a guest (kept as "Guest", domain/guests.ts) by the name on the
 *  shipping address, else nobody by name (''). */
export function greetingName(r: Pick<OrderRecord, 'user' | 'shippingAddress'>): string {
  if (isGuestCustomerId(r.user._id)) return r.shippingAddress.recipientName?.trim() ?? '';
  return r.user.name.trim();
}

/** Units of each line (by domain/refunds.ts lineKey) refunded by completed refunds. */
function refundedUnitsByLine(r: OrderRecord): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of r.refunds ?? [])
    if (refund.status === 'completed')
      for (const item of refund.items) units.set(lineKey(item), (units.get(lineKey(item)) ?? 0) + item.qty);
  return units;
}

/** The lines as the messages list them: the variant's label and SKU, the line's share of the code and the units
 *  refunded, each only where there is one (a plain line's data stays as before issue 38). */
function summaryLines(r: OrderRecord): OrderSummary['lines'] {
  const refunded = refundedUnitsByLine(r);
  return r.orderItems.map((l) => {
    const units = Math.min(l.qty, refunded.get(lineKey(l)) ?? 0);
    return {
      name: l.name,
      ...(l.variantLabel ? { variantLabel: l.variantLabel } : {}),
      ...(l.sku ? { sku: l.sku } : {}),
      qty: l.qty,
      priceCents: l.priceCents,
      ...(l.discountCents ? { discountCents: l.discountCents } : {}),
      ...(units ? { refundedQty: units } : {}),
    };
  });
}

/** Issue 39: who paid the total, when a tender paid part of it (none otherwise: the messages stay as they were). */
function paymentsOf(r: OrderRecord): OrderSummary['payments'] {
  const lines = paymentLines(ledgerPayments(r), !!r.paidAt, providerWord(r));
  return lines.length ? lines.map(({ label, cents }) => ({ label, cents })) : undefined;
}

/** The order as every order message shows it; `context`: the shop's time zone, kept with the message. */
export function orderMailData(id: string, r: OrderRecord, context?: MailContext): OrderMailData {
  const discount = r.discountCents ?? 0;
  const refunded = refundedCents(r);
  const payments = paymentsOf(r);
  return {
    order: {
      name: greetingName(r),
      number: `#${orderNumber(id)}`,
      lines: summaryLines(r),
      itemsCents: r.itemsCents,
      // Only with a code: the messages of orders without one keep their data as before.
      ...(r.discountCents ? { discountCents: r.discountCents, couponCode: r.couponCode ?? null } : {}),
      shippingCents: r.shippingCents,
      ...(r.shippingMethod ? { shippingMethod: r.shippingMethod.label } : {}),
      taxCents: r.taxCents,
      // Prices that include tax: the tax is inside the items, the total adds none (domain/pricing.ts).
      ...(r.taxCents > 0 && r.itemsCents - discount + r.shippingCents === r.totalCents ? { taxIncluded: true } : {}),
      totalCents: r.totalCents,
      ...(refunded ? { refundedCents: refunded } : {}),
      ...(payments ? { payments } : {}),
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
    ...(context ? { timeZone: context.timeZone } : {}),
  };
}

/** The carrier and tracking number given when shipped or delivered, each only when given. */
function shipmentOf(r: OrderRecord): { carrier?: string; trackingNumber?: string } {
  return {
    ...(r.carrier ? { carrier: r.carrier } : {}),
    ...(r.trackingNumber ? { trackingNumber: r.trackingNumber } : {}),
  };
}

/** The customer's message for this change of the order (`r`: the record after the change). */
export function customerOrderMail(
  event: OrderMailEvent,
  id: string,
  r: MailOrderRecord,
  now: Date,
  context?: MailContext,
): QueuedMail {
  const base = orderMailData(id, r, context);
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
        ...shipmentOf(r),
      });
    case 'delivered':
      return queued(`order-delivered:${id}`, to, 'order-delivered', {
        ...base,
        deliveredAt: r.deliveredAt ?? now.toISOString(),
        ...shipmentOf(r),
      });
    case 'cancelled':
    case 'cancelledByShop':
    case 'expired':
      // One key for all: an order ends once, whichever way.
      return queued(`order-cancelled:${id}`, to, 'order-cancelled', {
        ...base,
        reason: event === 'cancelledByShop' ? 'shop' : event,
      });
  }
}

/** The customer's message for a completed refund (`r`: the record with the refund completed). */
/** Issue 39: where a refund went when a part went to a gift card or store credit (none: all to the provider). */
function refundedTo(refund: RefundRecord): { to: string; cents: number }[] | undefined {
  const parts = refund.parts ?? [];
  if (!parts.length) return undefined;
  const providerCents = refund.amountCents - parts.reduce((sum, p) => sum + p.amountCents, 0);
  return [
    ...(providerCents > 0 ? [{ to: 'your original payment method', cents: providerCents }] : []),
    ...parts.map((p) => ({ to: `your ${tenderWord(p.kind)}`, cents: p.amountCents })),
  ];
}

export function refundMail(id: string, r: OrderRecord, refund: RefundRecord, context?: MailContext): QueuedMail {
  const to = refundedTo(refund);
  return queued(`order-refunded:${id}:${refund.id}`, r.user.email, 'order-refunded', {
    ...orderMailData(id, r, context),
    amountCents: refund.amountCents,
    refundedCents: refundedCents(r),
    reason: refund.reason,
    refundedAt: refund.completedAt ?? refund.createdAt,
    cancelled: refund.cancelsOrder,
    ...(to ? { refundedTo: to } : {}),
  });
}

export function holdReminderMail(id: string, r: OrderRecord, context?: MailContext): QueuedMail {
  return queued(holdReminderKey(id), r.user.email, 'order-reminder', {
    ...orderMailData(id, r, context),
    expiresAt: r.expiresAt ?? '',
  });
}

/** The owner's alert for a paid order, one message per recipient (ORDER_ALERT_EMAIL, else each admin). */
export function ownerOrderPaidMails(
  id: string,
  r: OrderRecord,
  recipients: readonly string[],
  context?: MailContext,
): QueuedMail[] {
  const data = { ...orderMailData(id, r, context), customerEmail: r.user.email };
  return [...new Set(recipients)].map((to) =>
    queued(`owner-order-paid:${id}:${to.toLowerCase()}`, to, 'owner-order-paid', data),
  );
}

/** A customer's request the owner must answer (issue 38): a cancellation of a paid order, or a return. `id` tells
 *  requests of one order apart: a return's id; for a cancellation (one waiting at a time, asked again after a
 *  decline) the request's `createdAt`. `items`: a return's lines (domain/types.ts OrderReturn items). */
export type OwnerRequest =
  | { kind: 'cancellation'; id: string; reason: string; requestedAt: string }
  | {
      kind: 'return';
      id: string;
      reason: string;
      requestedAt: string;
      items: readonly { product: string; variant?: string | null; qty: number }[];
    };

/** The owner's alert for a customer's request, one message per recipient (the paid alert's rule: ORDER_ALERT_EMAIL,
 *  else each admin), linking to the order's page, where an admin answers it. Key: one per request and recipient,
 *  so a retried transition records it once. */
export function ownerRequestMails(
  id: string,
  r: OrderRecord,
  request: OwnerRequest,
  recipients: readonly string[],
  context?: MailContext,
): QueuedMail[] {
  const lines = new Map(r.orderItems.map((l) => [lineKey(l), l]));
  const items =
    request.kind === 'return'
      ? request.items.map((i) => {
          const line = lines.get(lineKey(i));
          return {
            name: line?.name ?? i.product,
            ...(line?.variantLabel ? { variantLabel: line.variantLabel } : {}),
            ...(line?.sku ? { sku: line.sku } : {}),
            qty: i.qty,
          };
        })
      : [];
  const data: MailData['owner-order-request'] = {
    ...orderMailData(id, r, context),
    // The admin is signed in: the order page without a guest's token.
    orderPath: paths.order.href(id),
    customerEmail: r.user.email,
    kind: request.kind,
    reason: request.reason,
    requestedAt: request.requestedAt,
    items,
  };
  return [...new Set(recipients)].map((to) =>
    queued(`owner-${request.kind}-request:${id}:${request.id}:${to.toLowerCase()}`, to, 'owner-order-request', data),
  );
}

/** The customer's message when the shop approved a return: send it back (once per return). */
export function returnApprovedMail(id: string, r: OrderRecord, returnId: string, context?: MailContext): QueuedMail {
  return queued(
    `order-return-approved:${id}:${returnId}`,
    r.user.email,
    'order-return-approved',
    orderMailData(id, r, context),
  );
}
