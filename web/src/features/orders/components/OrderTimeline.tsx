// The order's history (domain/orderTimeline.ts): placed, paid, deliveries with carrier and tracking, deliveries
// taken back with their reason, refunds, the customer's cancellation and return requests, cancelled or expired, and,
// for admins, the internal notes.
import type { AdminOrder, Order } from '@domain';
import { orderTimeline, type TimelineEntry } from '@domain/orderTimeline';
import { dateTime, formatPrice } from '@/lib/format';

function describe(entry: TimelineEntry): { title: string; detail?: string } {
  switch (entry.kind) {
    case 'placed':
      return { title: 'Order placed' };
    case 'paid':
      return { title: 'Paid' };
    case 'shipped': {
      const shipment = [entry.carrier, entry.trackingNumber && `tracking ${entry.trackingNumber}`].filter(Boolean);
      return { title: 'Shipped', detail: shipment.length ? shipment.join(', ') : undefined };
    }
    case 'delivered': {
      const shipment = [entry.carrier, entry.trackingNumber && `tracking ${entry.trackingNumber}`].filter(Boolean);
      return { title: 'Marked delivered', detail: shipment.length ? shipment.join(', ') : undefined };
    }
    case 'undelivered':
      return { title: 'Marked not delivered', detail: entry.reason ?? undefined };
    case 'cancelled':
      return { title: 'Cancelled' };
    case 'expired':
      return { title: 'Expired unpaid' };
    case 'note':
      return { title: `Note by ${entry.by}`, detail: entry.text };
    case 'refunded':
      return {
        title: `Refunded ${formatPrice(entry.amount)}${entry.restock ? ', restocked' : ''}`,
        detail: entry.reason || undefined,
      };
    case 'cancellation-requested':
      return { title: 'Cancellation requested', detail: entry.reason };
    case 'cancellation-declined':
      return { title: 'Cancellation declined', detail: entry.message ?? undefined };
    case 'return-requested':
      return {
        title: `Return requested (${entry.units} ${entry.units === 1 ? 'item' : 'items'})`,
        detail: entry.reason,
      };
    case 'return-approved':
      return { title: 'Return approved' };
    case 'return-received':
      return {
        title: 'Return received',
        detail: entry.restocked ? `${entry.restocked} back in stock` : 'Nothing put back in stock',
      };
    case 'return-declined':
      return { title: 'Return declined', detail: entry.message ?? undefined };
  }
}

export function OrderTimeline({ order }: { order: Order | AdminOrder }) {
  const entries = orderTimeline(order);
  return (
    <ol className="order-history list-unstyled mb-0" aria-label="Order history">
      {entries.map((entry, i) => {
        const { title, detail } = describe(entry);
        return (
          <li key={`${entry.kind}-${entry.at}-${i}`} className={`order-history-entry order-history-${entry.kind}`}>
            <time dateTime={entry.at} className="small text-muted d-block">
              {dateTime(entry.at)}
            </time>
            <span className="fw-semibold">{title}</span>
            {detail && <p className="mb-0 small text-break order-history-detail">{detail}</p>}
          </li>
        );
      })}
    </ol>
  );
}
