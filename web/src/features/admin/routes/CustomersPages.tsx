// The admin's customers (issue 40): the list (accounts and guests, searched and paged by the server) and one
// customer's page with their orders. One module: one lazy chunk for both.
import type { Customer, Order } from '@domain';
import { customerKey } from '@domain/customers';
import { orderNumber } from '@domain/orders';
import { Link, useParams } from 'react-router-dom';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@domain/routes';
import { formatPrice, shortDate } from '@/lib/format';
import { useCustomer, useCustomerPage } from '../api/customers';
import { AdminTable, type AdminColumn } from '../components/AdminTable';
import { dateColumn, moneyColumn } from '../components/adminColumns';
import { deliveredColumn, paidColumn } from '../components/orderColumns';
import { ServerListBar, ServerPager, useListParams } from '../components/ServerListBar';
import { adminPaths } from '../sections';

function Kind({ customer }: { customer: Pick<Customer, 'guest'> }) {
  return customer.guest ? (
    <span className="badge text-bg-light border">Guest</span>
  ) : (
    <span className="badge text-bg-primary">Account</span>
  );
}

const customerColumns: AdminColumn<Customer>[] = [
  {
    key: 'name',
    header: 'CUSTOMER',
    sortValue: (c) => c.name,
    cell: (c) => (
      <div>
        <Link to={adminPaths.customer.href(customerKey(c))} className="fw-semibold">
          {c.name}
        </Link>
        <span className="d-block small text-body-secondary text-break">{c.email}</span>
      </div>
    ),
  },
  { key: 'kind', header: 'TYPE', sortValue: (c) => c.guest, cell: (c) => <Kind customer={c} /> },
  { key: 'orders', header: 'ORDERS', className: 'text-nowrap', sortValue: (c) => c.orders, cell: (c) => c.orders },
  moneyColumn('spent', 'TOTAL SPENT', (c) => c.totalSpent),
  {
    key: 'last',
    header: 'LAST ORDER',
    className: 'text-nowrap',
    sortValue: (c) => c.lastOrderAt,
    cell: (c) => (c.lastOrderAt ? shortDate(c.lastOrderAt) : <span className="text-body-secondary">None yet</span>),
  },
];

/** /admin/customers: every account and every guest who ordered, the latest order first. */
export function CustomerListPage() {
  const list = useListParams();
  const keyword = list.get('keyword') ?? '';
  const customers = useCustomerPage({ page: list.page, keyword });
  return (
    <>
      <Meta title="Customers" />
      <h1 className="h3 mb-3">Customers</h1>
      <QueryBoundary query={customers}>
        {(answer) => (
          <AdminTable
            caption="Customers"
            noun="customers"
            rows={answer.customers}
            rowKey={customerKey}
            columns={customerColumns}
            serverTools={
              <>
                <ServerListBar
                  label="Search customers"
                  search={keyword}
                  onSearch={(text) => list.update({ keyword: text })}
                />
                <ServerPager
                  page={answer.page}
                  pages={answer.pages}
                  total={answer.total}
                  noun="customers"
                  onPage={(page) => list.update({ page })}
                />
              </>
            }
          />
        )}
      </QueryBoundary>
    </>
  );
}

const orderColumns: AdminColumn<Order>[] = [
  {
    key: 'id',
    header: 'ORDER',
    sortValue: (o) => o._id,
    cell: (o) => (
      <Link to={paths.order.href(o._id)} className="fw-semibold text-nowrap">
        #{orderNumber(o._id)}
      </Link>
    ),
  },
  dateColumn('date', 'DATE', (o) => o.createdAt),
  moneyColumn('total', 'TOTAL', (o) => o.totalPrice),
  paidColumn,
  deliveredColumn,
];

/** /admin/customers/:key: the customer's figures and their orders, newest first. */
export function CustomerPage() {
  const { key = '' } = useParams();
  const detail = useCustomer(key);
  return (
    <>
      <Link to={adminPaths.customers.href()} className="btn btn-light btn-sm mb-3">
        ← Customers
      </Link>
      <QueryBoundary query={detail}>
        {({ customer, orders }) => (
          <>
            <Meta title={customer.name} />
            <h1 className="h3 mb-1 d-flex flex-wrap align-items-center gap-2">
              {customer.name} <Kind customer={customer} />
            </h1>
            <p className="mb-3">
              <a href={`mailto:${customer.email}`} className="text-break">
                {customer.email}
              </a>
              {customer._id && (
                <>
                  {' · '}
                  <Link to={adminPaths.userEdit.href(customer._id)}>Edit account</Link>
                </>
              )}
            </p>
            <div className="row g-3 mb-4 admin-customer-figures">
              <div className="col-6 col-md-3">
                <div className="admin-stat">
                  <p className="small text-muted mb-1">Orders</p>
                  <p className="admin-stat-value mb-0">{customer.orders}</p>
                </div>
              </div>
              <div className="col-6 col-md-3">
                <div className="admin-stat">
                  <p className="small text-muted mb-1">Total spent</p>
                  <p className="admin-stat-value mb-0">{formatPrice(customer.totalSpent)}</p>
                </div>
              </div>
              <div className="col-12 col-md-3">
                <div className="admin-stat">
                  <p className="small text-muted mb-1">Last order</p>
                  <p className="admin-stat-value mb-0">
                    {customer.lastOrderAt ? shortDate(customer.lastOrderAt) : 'None yet'}
                  </p>
                </div>
              </div>
            </div>
            <h2 className="h5">Orders</h2>
            {orders.length === 0 ? (
              <p className="text-muted">No orders yet.</p>
            ) : (
              <AdminTable
                caption={`Orders of ${customer.name}`}
                noun="orders"
                rows={orders}
                rowKey={(o) => o._id}
                columns={orderColumns}
              />
            )}
          </>
        )}
      </QueryBoundary>
    </>
  );
}
