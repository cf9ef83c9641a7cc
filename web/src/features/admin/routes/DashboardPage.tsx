import { useLiveDashboard } from '@/lib/live/hooks';
import type { LowStockRow } from '@domain';
import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { ListTable, numberColumn } from '@/components/ui/ListTable';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { dateTime, formatPrice } from '@/lib/format';
import { productLink } from '@/lib/productLink';
import { requestsHref, useRequestsSummary } from '../api/orders';
import { useAdminStats, useResendGivenUpMail, type AdminStats, type DailyStat } from '../api/stats';
import { AdminTable, type AdminColumn } from '../components/AdminTable';
import { useStockAlertDemand, waitingByProduct } from '../api/stockAlerts';
import { EditIcon } from '../components/Icons';
import { adminPaths } from '../sections';

const StatsChart = lazy(() => import('../components/StatsChart'));

export function totals(daily: DailyStat[]) {
  const orders = daily.reduce((n, d) => n + d.orders, 0);
  const cents = daily.reduce((n, d) => n + Math.round(d.revenue * 100), 0);
  return { orders, revenue: cents / 100 };
}

/** A row's words: the product and, for a variant, its label ("Volt Phone (Black / 512 GB)"). */
const itemName = (r: LowStockRow) => (r.variantLabel ? `${r.name} (${r.variantLabel})` : r.name);

const lowStockColumns: AdminColumn<LowStockRow>[] = [
  {
    key: 'name',
    header: 'NAME',
    sortValue: (p) => p.name,
    // Issue 40: the readable address (a variant's row opens that variant).
    cell: (p) => <Link to={productLink(p)}>{p.name}</Link>,
  },
  {
    // Issue 40: each variant its own row (a 512 GB variant at 0 shows while the default has 50).
    key: 'variant',
    header: 'VARIANT',
    sortValue: (p) => p.variantLabel ?? '',
    filterValue: (p) => `${p.variantLabel ?? ''} ${p.sku ?? ''}`,
    cell: (p) =>
      p.variantLabel ? (
        <>
          {p.variantLabel}
          <span className="d-block small text-body-secondary">{p.sku}</span>
        </>
      ) : (
        '—'
      ),
  },
  { key: 'brand', header: 'BRAND', sortValue: (p) => p.brand, cell: (p) => p.brand },
  { key: 'category', header: 'CATEGORY', sortValue: (p) => p.category, cell: (p) => p.category },
  {
    key: 'count',
    header: 'Count',
    sortValue: (p) => p.countInStock,
    filterValue: false,
    className: 'text-end',
    cell: (p) =>
      p.countInStock === 0 ? (
        <span className="badge text-bg-danger">Out of Stock</span>
      ) : (
        <span className="badge text-bg-warning">{p.countInStock}</span>
      ),
  },
];

/** Issue 41: the waiting back-in-stock subscribers of each listed product. */
const waitingColumn = (waiting: Map<string, number>): AdminColumn<LowStockRow> => ({
  key: 'waiting',
  header: 'WAITING',
  sortValue: (p) => waiting.get(p.product) ?? 0,
  filterValue: false,
  className: 'text-end',
  cell: (p) => waiting.get(p.product) ?? 0,
});

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-stat">
      <div className="small text-muted">{label}</div>
      <div className="admin-stat-value">{value}</div>
    </div>
  );
}

/** Orders and revenue per day: the chart (its own chunk) and the same numbers as a table. */
function DailyChart({ daily }: { daily: AdminStats['daily'] }) {
  const first = daily[0]?.day ?? '';
  const last = daily.at(-1)?.day ?? '';
  return (
    <section aria-labelledby="chart-title" className="mb-5">
      <h2 id="chart-title" className="h5">
        Orders and revenue per day
      </h2>
      <p className="small text-muted">
        {first} to {last} (UTC). Revenue counts paid orders, net of refunds, whoever paid: what a gift card or store
        credit paid counts when it is spent (the orders CSV&apos;s Revenue column, summed over the same days).
      </p>
      <figure className="admin-chart mb-2">
        <Suspense fallback={<Loader label="Loading chart" />}>
          <StatsChart daily={daily} />
        </Suspense>
      </figure>
      <details>
        <summary>Show the numbers as a table</summary>
        <ListTable
          size="sm"
          bordered
          className="mt-2 w-auto"
          caption="Orders and revenue per day"
          captionClassName="caption-top"
          columns={['Day', numberColumn('Orders'), numberColumn('Revenue')]}
          rows={daily}
          row={(d) => (
            <tr key={d.day}>
              <th scope="row" className="fw-normal">
                {d.day}
              </th>
              <td className="text-end">{d.orders}</td>
              <td className="text-end">{formatPrice(d.revenue)}</td>
            </tr>
          )}
        />
      </details>
    </section>
  );
}

/** The API's most rows (functions/src/features/admin/routes.ts): a full list says only the lowest are shown. */
const LOW_STOCK_ROWS = 20;

/** The items (products, or their variants) at or below the owner's low-stock threshold, lowest first, each with its
 *  product's edit link. The texts say items and the threshold the list was read with, never a fixed number. */
function LowStock({ products, threshold }: { products: AdminStats['lowStock']; threshold: number }) {
  const demand = useStockAlertDemand([...new Set(products.map((p) => p.product))]);
  const columns = [...lowStockColumns, waitingColumn(waitingByProduct(demand.data))];
  return (
    <section aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className="h5">
        Low stock
      </h2>
      <p className="small text-muted" id="low-stock-rule">
        Products and variants with {threshold} or fewer in stock, lowest first
        {products.length >= LOW_STOCK_ROWS ? ` (the ${LOW_STOCK_ROWS} lowest shown)` : ''}. The threshold is{' '}
        <Link to={adminPaths.settings.href()}>your low-stock setting</Link>.
      </p>
      <AdminTable
        caption="Low-stock items"
        noun="low-stock items"
        rows={products}
        rowKey={(p) => `${p.product}|${p.variant ?? ''}`}
        columns={columns}
        initialSort={{ key: 'count', direction: 'asc' }}
        empty={<Message variant="success">Every product and variant has more than {threshold} in stock.</Message>}
        actions={(p) => (
          <Link
            to={adminPaths.productEdit.href(p.product)}
            className="btn btn-light btn-sm"
            aria-label={`Edit ${itemName(p)}`}
          >
            <EditIcon />
          </Link>
        )}
      />
    </section>
  );
}

/** The customers' requests waiting for a decision (issue 38), linking to the order list filtered to them. */
function WaitingRequests() {
  const summary = useRequestsSummary();
  if (!summary.data) return null;
  const { cancellations, returns } = summary.data;
  const total = cancellations + returns;
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return (
    <section aria-labelledby="requests-title" className="admin-stat h-auto mb-4">
      <h2 id="requests-title" className="h6 mb-1">
        Requests waiting for you
      </h2>
      {total === 0 ? (
        <p className="mb-0 text-muted">None: no cancellation or return to decide.</p>
      ) : (
        <p className="mb-0">
          <Link to={requestsHref} className="fw-semibold">
            {plural(cancellations, 'cancellation request')} · {plural(returns, 'return')}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The server says an email has waited in the outbox well past its time: none is going out (production without
 *  SMTP_URL), or the mail server refuses them. Password resets and order emails wait meanwhile. */
function MailOverdue({ since }: { since: string | null | undefined }) {
  if (!since) return null;
  return (
    <div data-testid="mail-overdue">
      <Message variant="warning" role="status">
        <strong>Emails are not going out:</strong> the oldest one has waited since {dateTime(since)}. Password resets
        and order emails wait until mail is set up: set SMTP_URL and MAIL_FROM, then restart the server (on Firebase:
        set the SMTP_URL secret and deploy again).
      </Message>
    </div>
  );
}

/** The mail server refuses what the outbox sends (a wrong address or password in SMTP_URL, a refused sender): the
 *  messages are retried for a while, then given up. The server's own answer says what to fix; once it is fixed, the
 *  given-up ones can be sent again (all but the expiring account links, which the server leaves out). */
function MailFailing({ failing }: { failing: AdminStats['mailFailing'] | undefined }) {
  const resend = useResendGivenUpMail();
  const resent = resend.data && (
    <div data-testid="mail-resent">
      <Message variant={resend.data.queued > 0 ? 'success' : 'info'} role="status">
        {resend.data.queued > 0
          ? resend.data.queued === 1
            ? '1 email is back in the queue: it goes out as soon as the mail server accepts it.'
            : `${resend.data.queued} emails are back in the queue: they go out as soon as the mail server accepts them.`
          : 'Nothing went back in the queue: no given-up email is left to send again.'}
      </Message>
    </div>
  );
  if (!failing) return resent || null;
  const { count, more, givenUp, resendable, lastError } = failing;
  const how = more ? `${count} or more emails` : count === 1 ? '1 email' : `${count} emails`;
  return (
    <>
      {resent}
      <div data-testid="mail-failing">
        <Message variant="warning" role="status">
          <strong>Emails are failing:</strong> {how} of the last 30 days could not be sent
          {givenUp > 0 ? ` (${givenUp} given up after every retry)` : ''}. The last attempt ended with “{lastError}”.
          Check SMTP_URL and MAIL_FROM (on Firebase: the SMTP_URL secret); emails still being retried go out once the
          mail server accepts them.
          {resendable > 0 && (
            <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
              <Button size="sm" variant="outline-dark" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {more
                  ? 'Send the given-up emails again'
                  : resendable === 1
                    ? 'Send the given-up email again'
                    : `Send the ${resendable} given-up emails again`}
              </Button>
              <small>
                Once the mail server is fixed. Password reset and email confirmation links are not sent again: they
                expire, and customers ask for new ones.
              </small>
            </div>
          )}
          {resend.isError && <div className="mt-2 text-danger">{resend.error.message}</div>}
        </Message>
      </div>
    </>
  );
}

function Dashboard({ stats }: { stats: AdminStats }) {
  const { orders, revenue } = totals(stats.daily);
  return (
    <>
      <MailOverdue since={stats.mailOverdueSince} />
      <MailFailing failing={stats.mailFailing} />
      <Row className="g-3 mb-4 ps-0" as="ul" aria-label="Last 30 days" role="list">
        <Col as="li" sm={4} className="list-unstyled">
          <Stat label="Orders (30 days)" value={String(orders)} />
        </Col>
        <Col as="li" sm={4} className="list-unstyled">
          <Stat label="Revenue (30 days, paid, net of refunds)" value={formatPrice(revenue)} />
        </Col>
        <Col as="li" sm={4} className="list-unstyled">
          <Stat
            label="Low-stock items"
            value={`${stats.lowStock.length}${stats.lowStock.length >= LOW_STOCK_ROWS ? '+' : ''}`}
          />
        </Col>
        {stats.cartReminders && (
          <Col as="li" sm={4} className="list-unstyled">
            <Stat
              label={`Cart reminders sent (30 days) · orders within ${stats.cartReminders.recoveryDays} days`}
              value={`${stats.cartReminders.sent} · ${stats.cartReminders.recovered} recovered`}
            />
          </Col>
        )}
      </Row>

      <DailyChart daily={stats.daily} />
      <LowStock products={stats.lowStock} threshold={stats.lowStockThreshold} />
    </>
  );
}

/** /admin: orders and revenue per day (last 30 days) and the items low on stock. */
export function DashboardPage() {
  const stats = useAdminStats();
  useLiveDashboard();
  return (
    <>
      <Meta title="Admin Dashboard" />
      <h1 className="h3 mb-3">Dashboard</h1>
      <WaitingRequests />
      <QueryBoundary query={stats}>{(s) => <Dashboard stats={s} />}</QueryBoundary>
    </>
  );
}
