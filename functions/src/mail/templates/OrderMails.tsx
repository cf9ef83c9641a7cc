// The order messages: placed (pay by), paid (the receipt), shipped and delivered (carrier, tracking number and its
// link), cancelled or expired, and the owner's alerts for a paid order and for a customer's request. Each shows the
// order's number, its lines (variant, SKU) and totals, and links to the order page; times in the shop's zone.
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { formatPrice, toDollars } from '../../domain/money.js';
import { shopTime } from '../../domain/timeZones.js';
import { trackingUrl } from '../../domain/tracking.js';
import { BRAND, button, Layout, small, text } from './Layout.js';

/** What every order message shows of the order (amounts in cents, as recorded). */
export interface OrderSummary {
  /** Whom the message greets (mail/orderMails.ts greetingName): an account's name, a guest's recipient name, or ''
   *  (then "Hello," alone). */
  name: string;
  /** "#C595D7" (domain orderNumber). */
  number: string;
  lines: SummaryLine[];
  itemsCents: number;
  /** A discount code's cents off and the code (issue 30); absent without one. */
  discountCents?: number;
  couponCode?: string | null;
  shippingCents: number;
  /** Issue 40: the shipping method's name ("Express"); absent on orders placed before methods. */
  shippingMethod?: string;
  taxCents: number;
  /** Prices included the tax: the tax row is part of the items, not added (absent: added). */
  taxIncluded?: boolean;
  totalCents: number;
  /** Completed refunds so far (issue 38); absent without any. */
  refundedCents?: number;
  /** Issue 39: who paid the total when a gift card or store credit paid part of it (absent otherwise): "Paid by gift
   *  card" (negative cents) and the provider's rest, "Paid with PayPal" or "Amount due" as the order stood when the
   *  message was recorded (domain/paymentWords.ts paymentLines). */
  payments?: { label: string; cents: number }[];
  /** Where it ships (issue 30): the address's lines (domain/addresses.ts addressLines) and the phone; absent for an
   *  order whose address names no recipient (the original clients'), whose messages stay as they were. */
  shipTo?: { lines: string[]; phone?: string };
}

/** A line as the messages show it: what was bought (the variant's label and SKU where it has one), at the unit
 *  price it was charged, its share of the discount code and the units refunded, each only where there is one. */
export interface SummaryLine {
  name: string;
  variantLabel?: string;
  sku?: string;
  qty: number;
  priceCents: number;
  discountCents?: number;
  refundedQty?: number;
}

const money = (cents: number) => formatPrice(toDollars(cents));

/** "28 Nov 2026, 14:05 CET": a time in the shop's time zone, named (domain/timeZones.ts shopTime). */
export function mailTime(iso: string, timeZone?: string): string {
  return shopTime(iso, timeZone);
}

/** "2 × Studio Headphones — Sand". */
export const lineLabel = (line: Pick<SummaryLine, 'qty' | 'name' | 'variantLabel'>) =>
  `${line.qty} × ${line.name}${line.variantLabel ? ` — ${line.variantLabel}` : ''}`;

/** What a line's small print says: SKU, price each, the code's share, units refunded. */
function lineNotes(line: SummaryLine, couponCode: string | null | undefined): string[] {
  return [
    line.sku ? `SKU ${line.sku}` : '',
    line.qty > 1 ? `${money(line.priceCents)} each` : '',
    line.discountCents ? `${money(line.discountCents)} off${couponCode ? ` with ${couponCode}` : ''}` : '',
    line.refundedQty ? `${line.refundedQty} of ${line.qty} refunded` : '',
  ].filter(Boolean);
}

const cell = { ...text, margin: 0, padding: '4px 0' };
const note = { ...small, margin: 0, padding: '0 0 4px' };

function OrderLines({ order }: { order: OrderSummary }) {
  const row = (key: string | number, label: ReactNode, cents: number, strong = false) => (
    <tr key={key}>
      <td style={{ ...cell, fontWeight: strong ? 700 : 400 }}>{label}</td>
      <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', fontWeight: strong ? 700 : 400 }}>
        {cents < 0 ? `−${money(-cents)}` : money(cents)}
      </td>
    </tr>
  );
  const lineRows = order.lines.flatMap((line, i) => {
    const notes = lineNotes(line, order.couponCode);
    return [
      row(`line-${i}`, lineLabel(line), line.qty * line.priceCents),
      ...(notes.length
        ? [
            <tr key={`notes-${i}`}>
              <td style={note} colSpan={2}>
                {notes.join(' · ')}
              </td>
            </tr>,
          ]
        : []),
    ];
  });
  const refunded = order.refundedCents ?? 0;
  return (
    <Section style={{ margin: '0 0 16px', borderTop: '1px solid #e5e7eb', borderBottom: '1px solid #e5e7eb' }}>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {lineRows}
          {row('items', 'Items', order.itemsCents)}
          {order.discountCents
            ? row('discount', order.couponCode ? `Discount (${order.couponCode})` : 'Discount', -order.discountCents)
            : null}
          {row(
            'shipping',
            order.shippingMethod ? `Shipping (${order.shippingMethod})` : 'Shipping',
            order.shippingCents,
          )}
          {row('tax', order.taxIncluded ? 'Tax (included above)' : 'Tax', order.taxCents)}
          {row('total', 'Total', order.totalCents, true)}
          {(order.payments ?? []).map((p, i) => row(`payment-${i}`, p.label, p.cents))}
          {refunded > 0 ? row('refunded', 'Refunded', -refunded) : null}
          {refunded > 0 ? row('net', 'Net paid', Math.max(0, order.totalCents - refunded), true) : null}
        </tbody>
      </table>
    </Section>
  );
}

/** The parcel: its carrier and tracking number, linked to the carrier's tracking page when it is a known one. */
export function Shipment({ carrier, trackingNumber }: { carrier?: string | null; trackingNumber?: string | null }) {
  if (!carrier && !trackingNumber) return null;
  const url = trackingUrl(carrier, trackingNumber);
  return (
    <Text style={text}>
      {carrier && (
        <>
          <strong>Carrier:</strong> {carrier}
        </>
      )}
      {carrier && trackingNumber && <br />}
      {trackingNumber && (
        <>
          <strong>Tracking number:</strong> {trackingNumber}
        </>
      )}
      {url && (
        <>
          <br />
          <Link href={url} style={{ color: BRAND.primary }}>
            Track your parcel
          </Link>
        </>
      )}
    </Text>
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
      {props.greeting !== false && (
        <Text style={text}>{props.order.name ? `Hello ${props.order.name},` : 'Hello,'}</Text>
      )}
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
  /** The shop's time zone (IANA); absent: UTC. */
  timeZone?: string;
}

export function OrderPlaced({ order, orderUrl, shopUrl, timeZone, expiresAt }: Common & { expiresAt: string | null }) {
  return (
    <OrderMail
      preview={`Order ${order.number} placed: please pay${expiresAt ? ` by ${mailTime(expiresAt, timeZone)}` : ''}`}
      title={`Thank you for your order ${order.number}`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
      action={{ label: 'Pay for my order', href: orderUrl }}
    >
      <Text style={text}>
        We are holding these items for you.{' '}
        {expiresAt
          ? `Please pay by ${mailTime(expiresAt, timeZone)}: after that the order expires and its items go back on sale.`
          : 'Please pay to complete your order.'}
      </Text>
    </OrderMail>
  );
}

/** The unpaid-hold reminder (domain/holdReminders.ts): the same pay link, shortly before the hold ends. */
export function OrderHoldReminder({ order, orderUrl, shopUrl, timeZone, expiresAt }: Common & { expiresAt: string }) {
  return (
    <OrderMail
      preview={`Order ${order.number}: please pay by ${mailTime(expiresAt, timeZone)}`}
      title={`Your order ${order.number} is waiting for payment`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
      action={{ label: 'Pay for my order', href: orderUrl }}
    >
      <Text style={text}>
        We are still holding these items for you, until {mailTime(expiresAt, timeZone)}. If the order is not paid by
        then, it expires and its items go back on sale.
      </Text>
    </OrderMail>
  );
}

export function OrderPaid({ order, orderUrl, shopUrl, timeZone, paidAt }: Common & { paidAt: string }) {
  return (
    <OrderMail
      preview={`Receipt for order ${order.number}`}
      title={`Receipt for order ${order.number}`}
      order={order}
      orderUrl={orderUrl}
      shopUrl={shopUrl}
    >
      <Text style={text}>
        We received your payment of {money(order.totalCents)} on {mailTime(paidAt, timeZone)}. We are getting your order
        ready.
      </Text>
    </OrderMail>
  );
}

/** The parcel's carrier and tracking number, each absent when not given. */
interface ShipmentProps {
  carrier?: string | null;
  trackingNumber?: string | null;
}

/** Issue 38: the parcel left the shop. */
export function OrderShipped(props: Common & ShipmentProps & { shippedAt: string }) {
  const { order, timeZone } = props;
  const url = trackingUrl(props.carrier, props.trackingNumber);
  return (
    <OrderMail
      preview={`Order ${order.number} is on its way`}
      title={`Order ${order.number} is on its way`}
      order={order}
      orderUrl={props.orderUrl}
      shopUrl={props.shopUrl}
      {...(url ? { action: { label: 'Track my parcel', href: url } } : {})}
    >
      <Text style={text}>Your order was shipped on {mailTime(props.shippedAt, timeZone)}.</Text>
      <Shipment carrier={props.carrier ?? null} trackingNumber={props.trackingNumber ?? null} />
    </OrderMail>
  );
}

export function OrderDelivered(props: Common & ShipmentProps & { deliveredAt: string }) {
  const { order, timeZone } = props;
  return (
    <OrderMail
      preview={`Order ${order.number} was delivered`}
      title={`Order ${order.number} was delivered`}
      order={order}
      orderUrl={props.orderUrl}
      shopUrl={props.shopUrl}
    >
      <Text style={text}>
        Your order was marked delivered on {mailTime(props.deliveredAt, timeZone)}. We hope you enjoy it. Something not
        right? Reply to this email.
      </Text>
      <Shipment carrier={props.carrier ?? null} trackingNumber={props.trackingNumber ?? null} />
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

/** Why an unpaid order ended: its customer cancelled it, the shop did, or its hold ran out. */
export type CancelReason = 'cancelled' | 'shop' | 'expired';

export function OrderCancelled({ order, orderUrl, shopUrl, reason }: Common & { reason: CancelReason }) {
  const title = reason === 'expired' ? `Order ${order.number} expired` : `Order ${order.number} was cancelled`;
  return (
    <OrderMail preview={title} title={title} order={order} orderUrl={orderUrl} shopUrl={shopUrl}>
      <Text style={text}>
        {reason === 'expired'
          ? 'It was not paid in time, so its items went back on sale.'
          : reason === 'shop'
            ? 'The shop cancelled this order before it was paid, so its items went back on sale.'
            : 'You cancelled this order, so its items went back on sale.'}{' '}
        Nothing was charged. You are welcome to place a new order at any time.
      </Text>
    </OrderMail>
  );
}

/** How the owner's alerts name the customer: the name, or "A guest" when the order names nobody. */
const customerOf = (order: OrderSummary) => order.name || 'A guest';

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
        {customerOf(order)} ({customerEmail}) paid {money(order.totalCents)}. The order is ready to be shipped.
      </Text>
    </OrderMail>
  );
}

export type OwnerRequestKind = 'cancellation' | 'return';

/** Issue 38: the owner hears of a customer's request (a cancellation of a paid order, or a return) and answers it on
 *  the order's page. */
export function OwnerOrderRequest(
  props: Common & {
    customerEmail: string;
    kind: OwnerRequestKind;
    reason: string;
    requestedAt: string;
    items: Pick<SummaryLine, 'name' | 'variantLabel' | 'sku' | 'qty'>[];
  },
) {
  const { order } = props;
  const what = props.kind === 'return' ? 'a return' : 'the cancellation';
  return (
    <OrderMail
      preview={`${props.kind === 'return' ? 'Return' : 'Cancellation'} requested: order ${order.number}`}
      title={`${props.kind === 'return' ? 'Return' : 'Cancellation'} requested for order ${order.number}`}
      order={order}
      orderUrl={props.orderUrl}
      shopUrl={props.shopUrl}
      greeting={false}
      action={{ label: 'Answer the request', href: props.orderUrl }}
    >
      <Text style={text}>
        {`${customerOf(order)} (${props.customerEmail}) asked for ${what} of order ${order.number} on ${mailTime(props.requestedAt, props.timeZone)}.`}
      </Text>
      {props.items.length > 0 && (
        <Text style={text}>
          <strong>To return</strong>
          {props.items.map((item, i) => (
            <span key={i}>
              <br />
              {lineLabel(item)}
              {item.sku ? ` (SKU ${item.sku})` : ''}
            </span>
          ))}
        </Text>
      )}
      <Text style={text}>
        <strong>Reason:</strong> {props.reason || '(none given)'}
      </Text>
    </OrderMail>
  );
}
