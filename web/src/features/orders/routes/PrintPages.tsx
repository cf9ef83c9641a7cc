// Print-ready papers of one order: the invoice (its customer and admins) and the packing slip (admins; the router
// guards it). The site's navbar and footer, and the buttons, are hidden when printing (index.css @media print);
// a PDF comes from the browser's print dialog.
import { AddressText } from '@/components/ui/AddressText';
import type { Order } from '@domain';
import { ledgerOfOrder, type LedgerLine } from '@domain/ledger';
import { toDollars } from '@domain/money';
import { orderNumber } from '@domain/orders';
import { paymentLines, providerWord } from '@domain/paymentWords';
import { paths } from '@domain/routes';
import { SHOP_ADDRESS, SITE_NAME } from '@domain/site';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router-dom';
import { ListTable, numberColumn } from '@/components/ui/ListTable';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { formatPrice, shortDate } from '@/lib/format';
import { GuestGate } from '@/lib/guestCheckout';
import { useOrder } from '../api/getOrder';
import { refundDestination } from '../components/RefundList';

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
      {order.shippingMethod && (
        <p className="small mb-0 mt-1" data-testid="paper-shipping-method">
          Shipping method: {order.shippingMethod.label}
        </p>
      )}
    </section>
  );
}

/** A line's variant and SKU, under its name (issue 38: every paper names what exactly was bought). */
function LineDetails({ line }: { line: LedgerLine }) {
  if (!line.variantLabel && !line.sku) return null;
  return (
    <span className="d-block small" data-testid="paper-line-variant">
      {[line.variantLabel, line.sku && `SKU ${line.sku}`].filter(Boolean).join(' · ')}
    </span>
  );
}

function Invoice({ order }: { order: Order }) {
  const title = order.isPaid ? 'Invoice' : 'Pro forma invoice';
  // The order's own figures, as placed: its ledger (domain/ledger.ts), so each line's discount and tax share and the
  // totals are the ones a refund pays from. The owner's tax and shipping rates may differ by country and over time,
  // so the invoice names no rate it did not store. A discount code's line follows the items, as on the order page.
  const ledger = ledgerOfOrder(order);
  const money = (cents: number) => (cents < 0 ? `−${formatPrice(toDollars(-cents))}` : formatPrice(toDollars(cents)));
  const discounted = ledger.discountCents > 0;
  const totals: [string, number, string?][] = [
    ['Items', ledger.itemsCents],
    ...(discounted
      ? [
          [
            order.couponCode ? `Discount (${order.couponCode})` : 'Discount',
            -ledger.discountCents,
            'invoice-discount',
          ] as [string, number, string],
        ]
      : []),
    [order.shippingMethod ? `Shipping (${order.shippingMethod.label})` : 'Shipping', ledger.shippingCents],
    [ledger.taxIncluded ? 'Tax (included)' : 'Tax', ledger.taxCents, 'invoice-tax'],
  ];
  const columns = discounted ? 6 : 4;
  const refunds = (order.refunds ?? []).filter((refund) => refund.status === 'completed');
  // Issue 39: who paid the total when a gift card or store credit paid part of it, so the paper adds up to what the
  // provider charged (or what is still due); and, then, where each refund went.
  const provider = providerWord(order);
  const paidBy = paymentLines(ledger.payments, order.isPaid, provider);
  const named = paidBy.length > 0 || refunds.some((refund) => refund.parts?.length);
  const destination = (refund: (typeof refunds)[number]) => (named ? ` ${refundDestination(order, refund)}` : '');
  return (
    <Paper title={title} order={order}>
      <ShipTo order={order} heading="Bill and ship to" />
      <ListTable
        size="sm"
        className="print-lines"
        columns={[
          'Item',
          numberColumn('Qty'),
          numberColumn('Unit price'),
          discounted && numberColumn('Discount'),
          discounted && numberColumn('Tax'),
          numberColumn('Amount'),
        ]}
        rows={ledger.lines}
        row={(line) => (
          <tr key={`${line.product}/${line.variant ?? ''}`} data-testid="invoice-line">
            <td>
              {line.name}
              <LineDetails line={line} />
            </td>
            <td className="text-end">{line.qty}</td>
            <td className="text-end text-nowrap">{money(line.unitCents)}</td>
            {discounted && (
              <>
                <td className="text-end text-nowrap">{money(-line.discountCents)}</td>
                <td className="text-end text-nowrap">{money(line.taxCents)}</td>
              </>
            )}
            {/* With a discount: what the line was charged; without: its list amount, the tax below. */}
            <td className="text-end text-nowrap">{money(discounted ? line.chargedCents : line.itemsCents)}</td>
          </tr>
        )}
      >
        <tfoot>
          {totals.map(([label, value, testId]) => (
            <tr key={label}>
              <td colSpan={columns - 1} className="text-end">
                {label}
              </td>
              <td className="text-end text-nowrap" data-testid={testId}>
                {money(value)}
              </td>
            </tr>
          ))}
          <tr className="fw-bold">
            <td colSpan={columns - 1} className="text-end">
              Total ({order.currency})
            </td>
            <td className="text-end text-nowrap" data-testid="invoice-total">
              {money(ledger.totalCents)}
            </td>
          </tr>
          {paidBy.map((line) => (
            <tr key={line.key} data-testid={`invoice-${line.key}`}>
              <td colSpan={columns - 1} className="text-end">
                {line.label}
              </td>
              <td className="text-end text-nowrap">{money(line.cents)}</td>
            </tr>
          ))}
          {refunds.map((refund) => (
            <tr key={refund.id} data-testid="invoice-refund">
              <td colSpan={columns - 1} className="text-end">
                Refunded {shortDate(refund.completedAt ?? refund.createdAt)}
                {refund.reason ? ` (${refund.reason})` : ''}
                {destination(refund)}
              </td>
              <td className="text-end text-nowrap">−{formatPrice(refund.amount)}</td>
            </tr>
          ))}
          {ledger.refundedCents > 0 && (
            <tr className="fw-bold">
              <td colSpan={columns - 1} className="text-end">
                Paid after refunds ({order.currency})
              </td>
              <td className="text-end text-nowrap" data-testid="invoice-net">
                {money(ledger.netCents)}
              </td>
            </tr>
          )}
        </tfoot>
      </ListTable>
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
      <ListTable
        size="sm"
        className="print-lines"
        columns={['Packed', 'Item', numberColumn('Qty')]}
        rows={ledgerOfOrder(order).lines}
        row={(line) => (
          <tr key={`${line.product}/${line.variant ?? ''}`} data-testid="slip-line">
            <td aria-hidden="true">☐</td>
            <td>
              {line.name}
              <LineDetails line={line} />
              {!line.sku && <span className="d-block small text-muted">{line.product}</span>}
            </td>
            <td className="text-end">{line.qty}</td>
          </tr>
        )}
      />
      <p className="small mb-0">
        {order.orderItems.reduce((n, item) => n + item.qty, 0)} units in {order.orderItems.length} lines.
      </p>
    </Paper>
  );
}

function InvoiceView() {
  const { id = '' } = useParams();
  return <QueryBoundary query={useOrder(id)}>{(order) => <Invoice order={order} />}</QueryBoundary>;
}

/** The invoice as routed: its customer or an admin signed in, or a guest with the order's token (as the order page). */
export const InvoicePage = () => (
  <GuestGate>
    <InvoiceView />
  </GuestGate>
);

export function PackingSlipPage() {
  const { id = '' } = useParams();
  return <QueryBoundary query={useOrder(id)}>{(order) => <PackingSlip order={order} />}</QueryBoundary>;
}
