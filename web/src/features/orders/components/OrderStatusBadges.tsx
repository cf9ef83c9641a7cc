import type { Order } from '@domain';
import { shortDate } from '@/lib/format';

function Cross({ label }: { label: string }) {
  return (
    <span className="text-danger fw-semibold" title={label}>
      <span aria-hidden="true">✗</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** PAID cell: the date, 'Expired', or a red cross (Not Paid). */
export function PaidCell({ order }: { order: Order }) {
  if (order.isPaid)
    return (
      <>
        {shortDate(order.paidAt)}
        {order.paymentStatus === 'refunded' && <span className="badge text-bg-secondary ms-1">Refunded</span>}
        {order.paymentStatus === 'partially_refunded' && (
          <span className="badge text-bg-warning ms-1">Part refunded</span>
        )}
      </>
    );
  if (order.status === 'expired') return <span className="badge text-bg-secondary">Expired</span>;
  if (order.status === 'cancelled') return <span className="badge text-bg-secondary">Cancelled</span>;
  return <Cross label="Not Paid" />;
}

/** DELIVERED cell: the date, "Shipped" (on its way), or a red cross (Not Delivered). */
export function DeliveredCell({ order }: { order: Order }) {
  if (order.isDelivered) return <>{shortDate(order.deliveredAt)}</>;
  if (order.isShipped) return <span className="badge text-bg-info">Shipped {shortDate(order.shippedAt)}</span>;
  return <Cross label="Not Delivered" />;
}
