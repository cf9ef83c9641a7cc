import type { Order, OrderStatusFilter } from '@domain';
import { ORDER_STATUS_FILTERS } from '@domain/listQuery';
import { orderNumber } from '@domain/orders';
import Form from 'react-bootstrap/Form';
import { useLiveAdminOrders } from '@/lib/live/hooks';
import { Link } from 'react-router-dom';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@domain/routes';
import { requestsHref, useOrderPage, useRequestsSummary } from '../api/orders';
import { AdminTable, type AdminColumn } from '../components/AdminTable';
import { dateColumn, moneyColumn } from '../components/adminColumns';
import { deliveredColumn, paidColumn } from '../components/orderColumns';
import { ExportOrdersButton } from '../components/ExportOrdersButton';
import { ServerListBar, ServerPager, useListParams } from '../components/ServerListBar';
import { adminPaths } from '../sections';

const columns: AdminColumn<Order>[] = [
  {
    key: 'id',
    header: 'ORDER',
    sortValue: (o) => o._id,
    filterValue: (o) => [orderNumber(o._id), o._id],
    // The number the customer sees and reads out; the whole id for copying, on wide screens.
    cell: (o) => (
      <div>
        <span className="fw-semibold text-nowrap">#{orderNumber(o._id)}</span>
        <span className="d-none d-xl-block font-monospace small text-body-secondary">{o._id}</span>
        <WaitingRequests order={o} />
      </div>
    ),
  },
  {
    key: 'user',
    header: 'CUSTOMER',
    sortValue: (o) => o.user.name,
    filterValue: (o) => [o.user.name, o.user.email],
    // The email tells two customers of one name apart.
    cell: (o) => (
      <div>
        {o.user.name}
        {/* A guest order is named by its recipient: say it has no account. */}
        {o.isGuest && <span className="badge text-bg-light border ms-1 fw-normal">guest</span>}
        <span className="d-block small text-body-secondary text-break">{o.user.email}</span>
      </div>
    ),
  },
  dateColumn('date', 'DATE', (o) => o.createdAt),
  moneyColumn('total', 'TOTAL', (o) => o.totalPrice),
  paidColumn,
  deliveredColumn,
];

/** What the customer asked and the shop has not decided yet. */
function WaitingRequests({ order }: { order: Order }) {
  const cancel = order.cancellationRequest?.status === 'pending';
  const ret = order.returns?.some((r) => r.status === 'requested');
  if (!cancel && !ret) return null;
  return (
    <span className="d-flex flex-wrap gap-1 mt-1">
      {cancel && <span className="badge text-bg-warning">Cancellation asked</span>}
      {ret && <span className="badge text-bg-warning">Return asked</span>}
    </span>
  );
}

/** All orders, or only those with a request waiting; the tab names how many wait (the server's count). */
function OrderViews({ requests }: { requests: boolean }) {
  const summary = useRequestsSummary();
  const waiting = summary.data ? summary.data.cancellations + summary.data.returns : null;
  const tab = (active: boolean) => `nav-link${active ? ' active' : ''}`;
  return (
    <nav aria-label="Order views" className="mb-3">
      <ul className="nav nav-tabs">
        <li className="nav-item">
          <Link to={adminPaths.orders.href()} className={tab(!requests)} aria-current={requests ? undefined : 'page'}>
            All orders
          </Link>
        </li>
        <li className="nav-item">
          <Link
            to={requestsHref}
            className={`${tab(requests)} d-flex align-items-center gap-2`}
            aria-current={requests ? 'page' : undefined}
          >
            Requests
            {waiting !== null && (
              <span
                className={`badge rounded-pill ${waiting > 0 ? 'text-bg-danger' : 'text-bg-secondary'}`}
                data-testid="requests-count"
              >
                {waiting}
                <span className="visually-hidden"> waiting</span>
              </span>
            )}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

const STATUS_LABELS: Record<OrderStatusFilter, string> = {
  unpaid: 'Not paid',
  paid: 'Paid, to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The filter an address's `status` names: a filter's own name, or the stored status it selects (`awaiting_payment`,
 *  what an order says, is `unpaid`); anything else is unknown (null), and the list shows every order. */
function statusFilterOf(asked: string | undefined): OrderStatusFilter | null | undefined {
  if (asked === undefined || asked === '') return undefined;
  if (Object.hasOwn(ORDER_STATUS_FILTERS, asked)) return asked as OrderStatusFilter;
  const byStored = Object.entries(ORDER_STATUS_FILTERS).find(([, stored]) => stored === asked);
  return byStored ? (byStored[0] as OrderStatusFilter) : null;
}

/** /admin/orderlist: every order, 50 a page, newest first; the server filters by status and finds an order by its
 *  number, id or customer, and sorts by date across all orders. Details opens the order page (where admins mark it delivered). */
export function OrderListPage() {
  const list = useListParams();
  const asked = list.get('status');
  const filter = statusFilterOf(asked);
  // An unknown status (an old bookmark, a typed address) lists every order and says so, rather than the server's 400.
  const status = filter ?? undefined;
  const sort = list.get('sort') === 'oldest' ? 'oldest' : 'newest';
  const search = list.get('search') ?? '';
  const requests = list.get('requests') === 'waiting' ? 'waiting' : undefined;
  const orders = useOrderPage({ pageNumber: list.page, status, search, sort, requests });
  useLiveAdminOrders();
  return (
    <>
      <Meta title="Orders" />
      <h1 className="h3 mb-3">Orders</h1>
      <OrderViews requests={!!requests} />
      <ExportOrdersButton status={status} search={search} />
      {filter === null && (
        <p role="status" className="alert alert-info py-2 small">
          No order status is called “{asked}”: showing every order.
        </p>
      )}
      <QueryBoundary query={orders}>
        {(answer) => (
          <AdminTable
            caption="Orders"
            noun="orders"
            rows={answer.orders}
            rowKey={(o) => o._id}
            columns={columns}
            serverTools={
              <>
                <ServerListBar
                  label="Search orders"
                  placeholder="#Number, name or email"
                  search={search}
                  onSearch={(text) => list.update({ search: text })}
                >
                  <Form.Group controlId="order-status" className="admin-filter-select">
                    <Form.Label className="small fw-semibold mb-1">Status</Form.Label>
                    <Form.Select
                      size="sm"
                      value={status ?? ''}
                      onChange={(e) => list.update({ status: e.target.value })}
                    >
                      <option value="">All</option>
                      {Object.entries(STATUS_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  <Form.Group controlId="order-sort" className="admin-filter-select">
                    <Form.Label className="small fw-semibold mb-1">Date</Form.Label>
                    <Form.Select size="sm" value={sort} onChange={(e) => list.update({ sort: e.target.value })}>
                      <option value="newest">Newest first</option>
                      <option value="oldest">Oldest first</option>
                    </Form.Select>
                  </Form.Group>
                </ServerListBar>
                <ServerPager
                  page={answer.page}
                  pages={answer.pages}
                  total={answer.total}
                  noun="orders"
                  onPage={(page) => list.update({ page })}
                />
              </>
            }
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
