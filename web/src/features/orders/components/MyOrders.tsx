import { orderNumber } from '@domain/orders';
import { Link } from 'react-router-dom';
import { ListTable } from '@/components/ui/ListTable';
import { Message } from '@/components/ui/Message';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@domain/routes';
import { formatPrice, shortDate } from '@/lib/format';
import { useMyOrders } from '../api/getMyOrders';
import { OrderStateBadge } from './OrderStatus';

/** The profile's orders table: ID (the short order number; the full id is the Details link's name), DATE, TOTAL,
 *  STATUS (in words: orderState.ts), Details. Below 576 px each order is a small card (index.css, .orders-table). */
export function MyOrders() {
  const orders = useMyOrders();
  return (
    <QueryBoundary query={orders}>
      {(list) =>
        list.length === 0 ? (
          <Message>You have no orders yet.</Message>
        ) : (
          <ListTable
            striped
            hover
            responsive
            size="sm"
            className="orders-table align-middle"
            columns={['ID', 'DATE', 'TOTAL', 'STATUS', { label: 'Details', hidden: true }]}
            rows={list}
            row={(o) => (
              <tr key={o._id}>
                <td className="font-monospace small text-nowrap" title={o._id} data-label="ID">
                  #{orderNumber(o._id)}
                </td>
                <td data-label="DATE">{shortDate(o.createdAt)}</td>
                <td data-label="TOTAL">{formatPrice(o.totalPrice)}</td>
                <td data-label="STATUS">
                  <OrderStateBadge order={o} />
                </td>
                <td className="orders-table-details">
                  <Link
                    className="btn btn-sm btn-light"
                    to={paths.order.href(o._id)}
                    aria-label={`Details of order ${o._id}`}
                  >
                    Details
                  </Link>
                </td>
              </tr>
            )}
          />
        )
      }
    </QueryBoundary>
  );
}
