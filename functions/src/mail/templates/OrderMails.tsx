// The order messages: placed (pay by), paid (the receipt), delivered, cancelled or expired, and the owner's alert
// for a paid order. Each shows the order's number, its lines and totals, and links to the order page.
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { formatPrice, toDollars } from '../../domain/money.js';
import { BRAND, button, Layout, small, text } from './Layout.js';

/** What every order message shows of the order (amounts in cents, as recorded). */
export interface OrderSummary {
  /** The shopper's name. */
  name: string;
  /** "#C595D7" (domain orderNumber). */
  number: string;
  lines: { name: string; qty: number; priceCents: number }[];
  itemsCents: number;
  /** A discount code's cents off and the code (issue 30); absent without one. */
  discountCents?: number;
  couponCode?: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Where it ships (issue 30): the address's lines (domain/addresses.ts addressLines) and the phone; absent for an
   *  order whose address names no recipient (the original clients'), whose messages stay as they were. */
  shipTo?: { lines: string[]; phone?: string };
}

const money = (cents: number) => formatPrice(toDollars(cents));

/** "Wed, Nov 25, 2026, 20:12 UTC": a time readable in any mail client (UTC: the mail cannot know the reader's zone). */
export function mailTime(iso: string): string {
  const formatted = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(iso));
  return `${formatted} UTC`;
}

const cell = { ...text, margin: 0, padding: '4px 0' };

function OrderLines({ order }: { order: OrderSummary }) {
  const row = (key: string | number, label: ReactNode, cents: number, strong = false) => (
    <tr key={key}>
      <td style={{ ...cell, fontWeight: strong ? 700 : 400 }}>{label}</td>
      <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', fontWeight: strong ? 700 : 400 }}>
        {cents < 0 ? `−${money(-cents)}` : money(cents)}
      </td>
    </tr>
  );
  return (
    <Section style={{ margin: '0 0 16px', borderTop: '1px solid #e5e7eb', borderBottom: '1px solid #e5e7eb' }}>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {order.lines.map((line, i) => row(i, `${line.qty} × ${line.name}`, line.qty * line.priceCents))}
          {row('items', 'Items', order.itemsCents)}
          {order.discountCents
            ? row('discount', order.couponCode ? `Discount (${order.couponCode})` : 'Discount', -order.discountCents)
            : null}
          {row('shipping', 'Shipping', order.shippingCents)}
          {row('tax', 'Tax', order.taxCents)}
          {row('total', 'Total', order.totalCents, true)}
        </tbody>
      </table>
    </Section>
  );
}

export function OrderMail(props: {
  preview: string;
  title: string;
  order: OrderSummary;
  orderUrl: string;
  shopUrl: string;
  greeting?: boolean;
  action?: { label: string; href: string };
  children: ReactNode;
}) {
  return (
    <Layout preview={props.preview} shopUrl={props.shopUrl}>
      <Heading as="h1" style={{ fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' }}>
        {props.title}
      </Heading>
      {props.greeting !== false && <Text style={text}>Hello {props.order.name},</Text>}
      {props.children}
      <OrderLines order={props.order} />
      {props.order.shipTo && (
        <Text style={text}>
          <strong>Ship to</strong>
          {props.order.shipTo.lines.map((line, i) => (
            <span key={i}>
              <br />
              {line}
            </span>
          ))}
          {props.order.shipTo.phone && (
            <>
              <br />
              {`Phone: ${props.order.shipTo.phone}`}
            </>
          )}
        </Text>
      )}
      {props.action && (
        <Button href={props.action.href} style={button}>
          {props.action.label}
        </Button>
      )}
      <Text style={{ ...small, marginTop: '16px' }}>
        Order {props.order.number}:{' '}
        <Link href={props.orderUrl} style={{ color: BRAND.primary, wordBreak: 'break-all' }}>
          {props.orderUrl}
        </Link>
      </Text>
    </Layout>
  );
}

interface Common {
  order: OrderSummary;
  orderUrl: string;
  shopUrl: string;
}

export function OrderPlaced({ order, orderUrl, shopUrl, expiresAt }: Common & { expiresAt: string | null }) {
  return (
    <OrderMail
      preview={`Order ${order.number} placed: please pay${expiresAt ? ` by ${mailTime(expiresAt)}` : ''}`}
      title={`Thank you for your order ${order.number}`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
      action={{ label: 'Pay for my order', href: orderUrl }}
    >
      <Text style={text}>
        We are holding these items for you.{' '}
        {expiresAt
          ? `Please pay by ${mailTime(expiresAt)}: after that the order expires and its items go back on sale.`
          : 'Please pay to complete your order.'}
      </Text>
    </OrderMail>
  );
}

/** The unpaid-hold reminder (domain/holdReminders.ts): the same pay link, shortly before the hold ends. */
export function OrderHoldReminder({ order, orderUrl, shopUrl, expiresAt }: Common & { expiresAt: string }) {
  return (
    <OrderMail
      preview={`Order ${order.number}: please pay by ${mailTime(expiresAt)}`}
      title={`Your order ${order.number} is waiting for payment`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
      action={{ label: 'Pay for my order', href: orderUrl }}
    >
      <Text style={text}>
        We are still holding these items for you, until {mailTime(expiresAt)}. If the order is not paid by then, it
        expires and its items go back on sale.
      </Text>
    </OrderMail>
  );
}

export function OrderPaid({ order, orderUrl, shopUrl, paidAt }: Common & { paidAt: string }) {
  return (
    <OrderMail
      preview={`Receipt for order ${order.number}`}
      title={`Receipt for order ${order.number}`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
    >
      <Text style={text}>
        We received your payment of {money(order.totalCents)} on {mailTime(paidAt)}. We are getting your order ready.
      </Text>
    </OrderMail>
  );
}

export function OrderDelivered({ order, orderUrl, shopUrl, deliveredAt }: Common & { deliveredAt: string }) {
  return (
    <OrderMail
      preview={`Order ${order.number} was delivered`}
      title={`Order ${order.number} was delivered`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
    >
      <Text style={text}>
        Your order was marked delivered on {mailTime(deliveredAt)}. We hope you enjoy it. Something not right? Reply to
        this email.
      </Text>
    </OrderMail>
  );
}

export function OrderShipped({
  order,
  orderUrl,
  shopUrl,
  shippedAt,
  carrier,
  trackingNumber,
}: Common & { shippedAt: string; carrier: string | null; trackingNumber: string | null }) {
  return (
    <OrderMail
      preview={`Order ${order.number} has shipped`}
      title={`Order ${order.number} has shipped`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
    >
      <Text style={text}>
        Your order was handed to the carrier on {mailTime(shippedAt)}.{carrier ? ` Carrier: ${carrier}.` : ''}
        {trackingNumber ? ` Tracking number: ${trackingNumber}.` : ''}
      </Text>
    </OrderMail>
  );
}

export function OrderReturnApproved({ order, orderUrl, shopUrl }: Common) {
  return (
    <OrderMail
      preview={`Your return for order ${order.number} is approved`}
      title={`Your return for order ${order.number} is approved`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
    >
      <Text style={text}>
        Please send the items back to us, packed safely, with your order number {order.number}. We refund them once the
        parcel arrives and we have checked it; you will get an email when the money is on its way.
      </Text>
    </OrderMail>
  );
}

export type CancelReason = 'cancelled' | 'expired';

export function OrderCancelled({ order, orderUrl, shopUrl, reason }: Common & { reason: CancelReason }) {
  const title = reason === 'expired' ? `Order ${order.number} expired` : `Order ${order.number} was cancelled`;
  return (
    <OrderMail preview={title} title={title} order={order} orderUrl={orderUrl} shopUrl={shopUrl}>
      <Text style={text}>
        {reason === 'expired'
          ? 'It was not paid in time, so its items went back on sale.'
          : 'You cancelled this order, so its items went back on sale.'}{' '}
        Nothing was charged. You are welcome to place a new order at any time.
      </Text>
    </OrderMail>
  );
}

export function OwnerOrderPaid({ order, orderUrl, shopUrl, customerEmail }: Common & { customerEmail: string }) {
  return (
    <OrderMail
      preview={`Paid: order ${order.number}, ${money(order.totalCents)}`}
      title={`New paid order ${order.number}`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
      greeting={false}
      action={{ label: 'Open the order', href: orderUrl }}
    >
      <Text style={text}>
        {order.name} ({customerEmail}) paid {money(order.totalCents)}. The order is ready to be shipped.
      </Text>
    </OrderMail>
  );
}
