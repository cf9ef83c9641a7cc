// Print-ready papers of one order: the invoice (its customer and admins) and the packing slip (admins; the router
// guards it). The site's navbar and footer, and the buttons, are hidden when printing (index.css @media print);
// a PDF comes from the browser's print dialog.
import type { Order } from '@domain';
import { toCents, toDollars } from '@domain/money';
import { orderNumber } from '@domain/orders';
import { TAX_PERCENT } from '@domain/pricing';
import { paths } from '@domain/routes';
import { SHOP_ADDRESS, SITE_NAME } from '@domain/site';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router-dom';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { formatPrice, shortDate } from '@/lib/format';
import { useOrder } from '../api/getOrder';

function Paper({ title, order, children }: { title: string; order: Order; children: ReactNode }) {
  const number = `#${orderNumber(order._id)}`;
  return (
    <article className="print-paper mx-auto" aria-label={`${title} ${number}`}>
      <Meta title={`${title} ${number}`} />
      <div className="d-flex gap-2 mb-3 d-print-none print-actions">
        <Link to={paths.order.href(order._id)} className="btn btn-light btn-sm">
          ← Back to the order
        </Link>
        <Button type="button" size="sm" variant="dark" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <header className="d-flex flex-wrap justify-content-between gap-3 mb-4">
        <address className="mb-0">
          <strong className="d-block fs-5">{SITE_NAME}</strong>
          {SHOP_ADDRESS.map((line) => (
            <span key={line} className="d-block small">
              {line}
            </span>
          ))}
        </address>
        <div className="text-sm-end">
          <h1 className="h3 mb-1">{title}</h1>
          <p className="mb-0">
            Order <strong>{number}</strong>
          </p>
          <p className="mb-0 small">Placed {shortDate(order.createdAt)}</p>
          <p className="mb-0 small text-muted text-break">Order ID {order._id}</p>
        </div>
      </header>
      {children}
    </article>
  );
}

function ShipTo({ order, heading }: { order: Order; heading: string }) {
  const a = order.shippingAddress;
  return (
    <section className="mb-4">
      <h2 className="h6 text-uppercase text-muted mb-1">{heading}</h2>
      <address className="mb-0">
        <span className="d-block">{order.user.name}</span>
        <span className="d-block">{a.address}</span>
        <span className="d-block">
          {a.city} {a.postalCode}
        </span>
        <span className="d-block">{a.country}</span>
        <span className="d-block small">{order.user.email}</span>
      </address>
    </section>
  );
}

function Invoice({ order }: { order: Order }) {
  const title = order.isPaid ? 'Invoice' : 'Pro forma invoice';
  const totals: [string, number][] = [
    ['Items', order.itemsPrice],
    ['Shipping', order.shippingPrice],
    [`Tax (${TAX_PERCENT}% of items)`, order.taxPrice],
  ];
  return (
    <Paper title={title} order={order}>
      <ShipTo order={order} heading="Bill and ship to" />
      <Table size="sm" className="print-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col" className="text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item) => (
            <tr key={`${item.product}/${item.variant ?? ''}`}>
              <td>
                {item.name}
                {item.variantLabel && (
                  <span className="d-block small">
                    {item.variantLabel} · SKU {item.sku}
                  </span>
                )}
              </td>
              <td className="text-end">{item.qty}</td>
              <td className="text-end">{formatPrice(item.price)}</td>
              <td className="text-end">{formatPrice(toDollars(toCents(item.price) * item.qty))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, value]) => (
            <tr key={label}>
              <td colSpan={3} className="text-end">
                {label}
              </td>
              <td className="text-end">{formatPrice(value)}</td>
            </tr>
          ))}
          <tr className="fw-bold">
            <td colSpan={3} className="text-end">
              Total ({order.currency})
            </td>
            <td className="text-end" data-testid="invoice-total">
              {formatPrice(order.totalPrice)}
            </td>
          </tr>
        </tfoot>
      </Table>
      <p className="small mb-0">
        {order.isPaid
          ? `Paid on ${shortDate(order.paidAt)}. Thank you for your order.`
          : 'Not paid yet: this is not a receipt.'}
      </p>
    </Paper>
  );
}

function PackingSlip({ order }: { order: Order }) {
  return (
    <Paper title="Packing slip" order={order}>
      <ShipTo order={order} heading="Ship to" />
      {(order.carrier || order.trackingNumber) && (
        <p className="small">
          {order.carrier && <>Carrier: {order.carrier}. </>}
          {order.trackingNumber && <>Tracking number: {order.trackingNumber}</>}
        </p>
      )}
      <Table size="sm" className="print-lines">
        <thead>
          <tr>
            <th scope="col">Packed</th>
            <th scope="col">Item</th>
            <th scope="col" className="text-end">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item) => (
            <tr key={`${item.product}/${item.variant ?? ''}`}>
              <td aria-hidden="true">☐</td>
              <td>
                {item.name}
                {item.variantLabel && <span className="d-block small">{item.variantLabel}</span>}
                <span className="d-block small text-muted">{item.sku ?? item.product}</span>
              </td>
              <td className="text-end">{item.qty}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="small mb-0">
        {order.orderItems.reduce((n, item) => n + item.qty, 0)} units in {order.orderItems.length} lines.
      </p>
    </Paper>
  );
}

export function InvoicePage() {
  const { id = '' } = useParams();
  return <QueryBoundary query={useOrder(id)}>{(order) => <Invoice order={order} />}</QueryBoundary>;
}

export function PackingSlipPage() {
  const { id = '' } = useParams();
  return <QueryBoundary query={useOrder(id)}>{(order) => <PackingSlip order={order} />}</QueryBoundary>;
}
