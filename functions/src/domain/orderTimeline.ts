// What happened to an order, oldest first, from the order as the API answers it (the customer's Order, or the
// admin's AdminOrder with its notes). Pure, so the order page, the invoice and tests read one story. A new kind of
// entry (refunds, returns) is one more `collect` below and one more member of TimelineEntry.
import type { AdminOrder, Order } from './types.js';

export type TimelineEntry =
  | { kind: 'placed'; at: string }
  | { kind: 'paid'; at: string }
  | { kind: 'shipped'; at: string; carrier: string | null; trackingNumber: string | null }
  | { kind: 'delivered'; at: string; carrier: string | null; trackingNumber: string | null; current: boolean }
  | { kind: 'undelivered'; at: string; reason: string | null }
  | { kind: 'cancelled'; at: string }
  | { kind: 'expired'; at: string }
  | { kind: 'note'; at: string; text: string; by: string }
  | { kind: 'refunded'; at: string; amount: number; reason: string; restock: boolean; by: string }
  | { kind: 'cancellation-requested'; at: string; reason: string }
  | { kind: 'cancellation-declined'; at: string; message: string | null }
  | { kind: 'return-requested'; at: string; reason: string; units: number }
  | { kind: 'return-approved'; at: string }
  | { kind: 'return-received'; at: string; restocked: number }
  | { kind: 'return-declined'; at: string; message: string | null };

type Collect = (order: Order & Partial<Pick<AdminOrder, 'notes'>>) => TimelineEntry[];

// Each collects one kind of fact. Order matters only for entries at the same instant (stable sort below).
const collectors: Collect[] = [
  (o) => [{ kind: 'placed', at: o.createdAt }],
  (o) => (o.isPaid && o.paidAt ? [{ kind: 'paid', at: o.paidAt }] : []),
  // Shipped (issue 38): stays once shipped, a delivery taken back included (the parcel is still on its way).
  (o) =>
    o.shippedAt ? [{ kind: 'shipped', at: o.shippedAt, carrier: o.carrier, trackingNumber: o.trackingNumber }] : [],
  (o) => [
    // A delivery taken back keeps its own entry (when it had been marked), followed by the take-back.
    ...o.undeliveries.flatMap((u): TimelineEntry[] => [
      { kind: 'delivered', at: u.deliveredAt, carrier: null, trackingNumber: null, current: false },
      { kind: 'undelivered', at: u.at, reason: u.reason },
    ]),
    ...(o.isDelivered && o.deliveredAt
      ? [
          {
            kind: 'delivered' as const,
            at: o.deliveredAt,
            carrier: o.carrier,
            trackingNumber: o.trackingNumber,
            current: true,
          },
        ]
      : []),
  ],
  (o) => (o.isCancelled && o.cancelledAt ? [{ kind: 'cancelled', at: o.cancelledAt }] : []),
  (o) => (o.status === 'expired' && !o.isCancelled && o.expiresAt ? [{ kind: 'expired', at: o.expiresAt }] : []),
  (o) => (o.notes ?? []).map((n) => ({ kind: 'note' as const, at: n.createdAt, text: n.text, by: n.by.name })),
  // Money that went back (a pending or failed refund moved none; the order page lists those with its refunds).
  (o) =>
    (o.refunds ?? [])
      .filter((r) => r.status === 'completed' && r.completedAt)
      .map((r) => ({
        kind: 'refunded' as const,
        at: r.completedAt!,
        amount: r.amount,
        reason: r.reason,
        restock: r.restock,
        by: r.by.name,
      })),
  (o) => {
    const request = o.cancellationRequest;
    if (!request) return [];
    const asked: TimelineEntry = { kind: 'cancellation-requested', at: request.createdAt, reason: request.reason };
    return request.status === 'declined' && request.decidedAt
      ? [asked, { kind: 'cancellation-declined', at: request.decidedAt, message: request.message }]
      : [asked]; // an approval is the cancelling refund and the cancellation, both entries of their own
  },
  (o) =>
    (o.returns ?? []).flatMap((r): TimelineEntry[] => [
      { kind: 'return-requested', at: r.createdAt, reason: r.reason, units: r.items.reduce((n, i) => n + i.qty, 0) },
      ...(r.status === 'declined' && r.decidedAt
        ? [{ kind: 'return-declined' as const, at: r.decidedAt, message: r.message }]
        : []),
      // Approved (the refund, once received, is its own entry); a return received at once has no separate approval.
      ...(r.status !== 'declined' && r.status !== 'requested' && r.decidedAt && r.decidedAt !== r.receivedAt
        ? [{ kind: 'return-approved' as const, at: r.decidedAt }]
        : []),
      ...(r.receivedAt
        ? [
            {
              kind: 'return-received' as const,
              at: r.receivedAt,
              restocked: (r.restocked ?? []).reduce((n, i) => n + i.qty, 0),
            },
          ]
        : []),
    ]),
];

/** The order's history, oldest first (ties keep the order above: placed before paid, a delivery before its take-back). */
export function orderTimeline(order: Order & Partial<Pick<AdminOrder, 'notes'>>): TimelineEntry[] {
  const entries = collectors.flatMap((collect) => collect(order));
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
