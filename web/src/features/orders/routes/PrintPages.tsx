// Print-ready papers of one order: the invoice (its customer and admins) and the packing slip (admins; the router
// guards it). The site's navbar and footer, and the buttons, are hidden when printing (index.css @media print);
// a PDF comes from the browser's print dialog.
import { AddressText } from '@/components/ui/AddressText';
import type { Order } from '@domain';
import { toCents, toDollars } from '@domain/money';
import { orderNumber } from '@domain/orders';
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
        {/* The recipient when the shopper named one (issue 30), else the account's name. */}
        {!a.recipientName && <span className="d-block">{order.user.name}</span>}
        <AddressText address={a} block />
        <span className="d-block small">{order.user.email}</span>
      </address>
    </section>
  );
}

function Invoice({ order }: { order: Order }) {
  const title = order.isPaid ? 'Invoice' : 'Pro forma invoice';
  // The order's own prices, as placed: the owner's tax and shipping rates may differ by country and over time,
  // so the invoice names no rate it did not store. A discount code's line follows the items, as on the order page.
  const discount = order.discountPrice ?? 0;
  const totals: [string, number, string?][] = [
    ['Items', order.itemsPrice],
    ...(discount > 0
      ? [
          [order.couponCode ? `Discount (${order.couponCode})` : 'Discount', -discount, 'invoice-discount'] as [
            string,
            number,
            string,
          ],
        ]
      : []),
    ['Shipping', order.shippingPrice],
    ['Tax', order.taxPrice],
  ];
  const refunds = (order.refunds ?? []).filter((refund) => refund.status === 'completed');
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
          {totals.map(([label, value, testId]) => (
            <tr key={label}>
              <td colSpan={3} className="text-end">
                {label}
              </td>
              <td className="text-end" data-testid={testId}>
                {value < 0 ? `−${formatPrice(-value)}` : formatPrice(value)}
              </td>
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
          {refunds.map((refund) => (
            <tr key={refund.id} data-testid="invoice-refund">
              <td colSpan={3} className="text-end">
                Refunded {shortDate(refund.completedAt ?? refund.createdAt)}
                {refund.reason ? ` (${refund.reason})` : ''}
              </td>
              <td className="text-end">−{formatPrice(refund.amount)}</td>
            </tr>
          ))}
          {refunds.length > 0 && (
            <tr className="fw-bold">
              <td colSpan={3} className="text-end">
                Paid after refunds ({order.currency})
              </td>
              <td className="text-end" data-testid="invoice-net">
                {formatPrice(toDollars(toCents(order.totalPrice) - toCents(order.refundedTotal)))}
              </td>
            </tr>
          )}
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
