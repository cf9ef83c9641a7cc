// An order's state in words ("Awaiting payment – pay by 14:05", "Paid", "Shipped on 2026-11-24", "Delivered on 2026-11-25", "Cancelled",
// "Expired"), for the account page's order list and the order page. One ordered table of rules, the first that
// matches wins: a new state (e.g. a refund) is one more row above the ones it overrides.
import type { Order } from '@domain';
import { holdHasEnded } from '@domain/orders';
import { shortDate } from '@/lib/format';

/** How a state reads at a glance: done (green), waiting for the shopper (amber), ended (grey). */
export type OrderStateTone = 'done' | 'waiting' | 'ended';

export interface OrderState {
  /** A stable name for tests and styling. */
  key: string;
  text: string;
  tone: OrderStateTone;
}

type OrderFacts = Pick<
  Order,
  | 'status'
  | 'isPaid'
  | 'paidAt'
  | 'isShipped'
  | 'shippedAt'
  | 'isDelivered'
  | 'deliveredAt'
  | 'expiresAt'
  | 'cancelledAt'
  | 'paymentStatus'
  | 'cancellationRequest'
>;

interface Rule {
  key: string;
  tone: OrderStateTone;
  when(order: OrderFacts, now: Date): boolean;
  text(order: OrderFacts): string;
}

/** "14:05": the hold's end in the reader's own time zone (a hold lasts minutes: the day is today). */
export function payByTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

export const ORDER_STATE_RULES: readonly Rule[] = [
  {
    key: 'cancelled',
    tone: 'ended',
    when: (o) => o.cancelledAt != null,
    text: (o) => (o.paymentStatus === 'refunded' ? 'Cancelled and refunded' : 'Cancelled'),
  },
  { key: 'refunded', tone: 'ended', when: (o) => o.paymentStatus === 'refunded', text: () => 'Refunded' },
  {
    key: 'partially_refunded',
    tone: 'done',
    when: (o) => o.paymentStatus === 'partially_refunded',
    text: (o) =>
      `${o.isDelivered ? `Delivered on ${shortDate(o.deliveredAt)}` : o.isShipped ? 'Shipped' : 'Paid'} · partly refunded`,
  },
  {
    key: 'cancellation_requested',
    tone: 'waiting',
    when: (o) => o.cancellationRequest?.status === 'pending',
    text: () => 'Paid · cancellation requested',
  },
  {
    key: 'delivered',
    tone: 'done',
    when: (o) => o.isDelivered,
    text: (o) => `Delivered on ${shortDate(o.deliveredAt)}`,
  },
  {
    key: 'shipped',
    tone: 'done',
    when: (o) => o.isShipped,
    text: (o) => (o.shippedAt ? `Shipped on ${shortDate(o.shippedAt)}` : 'Shipped'),
  },
  { key: 'paid', tone: 'done', when: (o) => o.isPaid, text: () => 'Paid' },
  // Its hold ended though the sweep has not run yet: it can no longer be paid.
  {
    key: 'expired',
    tone: 'ended',
    when: (o, now) => o.status === 'expired' || holdHasEnded(o, now),
    text: () => 'Expired',
  },
  {
    key: 'awaiting_payment',
    tone: 'waiting',
    when: (o) => o.status === 'awaiting_payment',
    text: (o) => (o.expiresAt ? `Awaiting payment – pay by ${payByTime(o.expiresAt)}` : 'Awaiting payment'),
  },
];

/** The order's state in words at `now`. */
export function orderState(order: OrderFacts, now: Date = new Date()): OrderState {
  const rule = ORDER_STATE_RULES.find((r) => r.when(order, now));
  if (!rule) return { key: order.status, text: order.status.replace(/_/g, ' '), tone: 'ended' };
  return { key: rule.key, text: rule.text(order), tone: rule.tone };
}
