import { useLiveAdminOrders } from '@/lib/live/hooks';
import type { Order } from '@domain';
import { Link } from 'react-router-dom';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@/config/paths';
import { DeliveredCell, PaidCell } from '@/features/orders';
import { formatPrice, shortDate } from '@/lib/format';
import { useAllOrders } from '../api/orders';
import { AdminTable, type AdminColumn } from '../components/AdminTable';

const columns: AdminColumn<Order>[] = [
  {
    key: 'id',
    header: 'ID',
    sortValue: (o) => o._id,
    cell: (o) => <span className="font-monospace small">{o._id}</span>,
  },
  {
    key: 'user',
    header: 'USER',
    sortValue: (o) => o.user.name,
    filterValue: (o) => [o.user.name, o.user.email],
    cell: (o) => o.user.name,
  },
  {
    key: 'date',
    header: 'DATE',
    className: 'text-nowrap',
    sortValue: (o) => o.createdAt,
    filterValue: (o) => shortDate(o.createdAt),
    cell: (o) => shortDate(o.createdAt),
  },
  {
    key: 'total',
    header: 'TOTAL',
    className: 'text-nowrap',
    sortValue: (o) => o.totalPrice,
    filterValue: (o) => formatPrice(o.totalPrice),
    cell: (o) => formatPrice(o.totalPrice),
  },
  {
    key: 'paid',
    header: 'PAID',
    className: 'text-nowrap',
    sortValue: (o) => o.paidAt,
    filterValue: (o) =>
      o.isPaid ? ['paid', shortDate(o.paidAt)] : o.status === 'expired' ? 'expired not paid' : 'not paid',
    cell: (o) => <PaidCell order={o} />,
  },
  {
    key: 'delivered',
    header: 'DELIVERED',
    className: 'text-nowrap',
    sortValue: (o) => o.deliveredAt,
    filterValue: (o) => (o.isDelivered ? ['delivered', shortDate(o.deliveredAt)] : 'not delivered'),
    cell: (o) => <DeliveredCell order={o} />,
  },
];

/** /admin/orderlist: every order, newest first; Details opens the order page (where admins mark it delivered). */
export function OrderListPage() {
  const orders = useAllOrders();
  useLiveAdminOrders();
  return (
    <>
      <Meta title="Orders" />
      <h1 className="h3 mb-3">Orders</h1>
      <QueryBoundary query={orders}>
        {(list) => (
          <AdminTable
            caption="Orders"
            noun="orders"
            rows={list}
            rowKey={(o) => o._id}
            columns={columns}
            initialSort={{ key: 'date', direction: 'desc' }}
            empty={<Message>No orders yet.</Message>}
            actions={(o) => (
              <Link
                to={paths.order.href(o._id)}
                className="btn btn-light btn-sm"
                aria-label={`Details of order ${o._id}`}
              >
                Details
              </Link>
            )}
          />
        )}
      </QueryBoundary>
    </>
  );
}
