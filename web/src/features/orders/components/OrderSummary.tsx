import type { OrderLedger } from '@domain/ledger';
import { toCents, toDollars } from '@domain/money';
import { paymentLines } from '@domain/paymentWords';
import { tenderLabel } from '@domain/tenders';
import type { OrderPrice } from '@domain/pricing';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { formatPrice } from '@/lib/format';

/** Who paid a placed order, once a tender paid part of it: the invoice's and the mails' lines (domain/paymentWords.ts
 *  paymentLines: "Paid by gift card", then "Amount due" or, once paid, "Paid with PayPal"), so every view words it
 *  alike. */
function paidRows(ledger: OrderLedger, paid: boolean, provider: string): [string, number, string][] {
  return paymentLines(ledger.payments, paid, provider).map((line) => [line.label, toDollars(line.cents), line.key]);
}

/** Before placing (Place Order): what each tender will pay, then the rest to pay (none when nothing is planned). */
function plannedRows(planned: readonly { kind: string; cents: number }[] | undefined, totalCents: number) {
  const paying = (planned ?? []).filter((p) => p.cents > 0);
  if (!paying.length) return [];
  const rest = Math.max(0, totalCents - paying.reduce((sum, p) => sum + p.cents, 0));
  return [
    ...paying.map((p): [string, number, string] => [tenderLabel(p.kind), -toDollars(p.cents), `tender-${p.kind}`]),
    ['Rest to pay', toDollars(rest), 'provider'] as [string, number, string],
  ];
}

/** Items, a discount code's line when there is one, Shipping, Tax, Total (spec 2), then any actions (Place Order,
 *  payment buttons...). A placed order's figures come from its ledger (domain/ledger.ts, issue 38): with refunds,
 *  what was refunded and what remains paid follow the total. */
export function OrderSummary({
  prices,
  ledger,
  couponCode = null,
  paid = false,
  provider = 'PayPal',
  planned,
  children,
}: {
  /** An order's (or a summary's) prices; an order without discountPrice (an older answer) has none. */
  prices?: Omit<OrderPrice, 'discountPrice'> & { discountPrice?: number };
  /** A placed order's ledger (ledgerOfOrder): used instead of `prices`. */
  ledger?: OrderLedger;
  couponCode?: string | null;
  /** The placed order is paid: the rest a gift card or credit left was paid too. */
  paid?: boolean;
  /** Who charges (or charged) the rest of a placed order, in words (domain/paymentWords.ts providerWord). */
  provider?: string;
  /** Issue 39, at Place Order: what the store credit and a gift card will pay (cents, checkout's tenderPlan). */
  planned?: readonly { kind: string; cents: number }[];
  children?: ReactNode;
}) {
  const figures = ledger
    ? {
        itemsPrice: toDollars(ledger.itemsCents),
        discountPrice: toDollars(ledger.discountCents),
        shippingPrice: toDollars(ledger.shippingCents),
        taxPrice: toDollars(ledger.taxCents),
        totalPrice: toDollars(ledger.totalCents),
      }
    : prices!;
  const discount = figures.discountPrice ?? 0;
  const rows: [string, number, string][] = [
    ['Items', figures.itemsPrice, 'items'],
    ...(discount > 0
      ? [[couponCode ? `Discount (${couponCode})` : 'Discount', -discount, 'discount'] as [string, number, string]]
      : []),
    ['Shipping', figures.shippingPrice, 'shipping'],
    // Prices with tax included: the tax is inside the items, not added to them.
    [ledger?.taxIncluded ? 'Tax (included)' : 'Tax', figures.taxPrice, 'tax'],
    ['Total', figures.totalPrice, 'total'],
    // Issue 39: who paid the total, when a gift card or store credit paid part or all of it.
    ...(ledger ? paidRows(ledger, paid, provider) : plannedRows(planned, toCents(figures.totalPrice))),
    ...(ledger && ledger.refundedCents > 0
      ? ([
          ['Refunded', -toDollars(ledger.refundedCents), 'refunded'],
          ['Paid after refunds', toDollars(ledger.netCents), 'net'],
        ] as [string, number, string][])
      : []),
  ];
  return (
    <Card className="summary-card">
      <ListGroup variant="flush">
        <ListGroup.Item>
          <h2 className="h4 mb-0">Order Summary</h2>
        </ListGroup.Item>
        {rows.map(([label, value, id]) => (
          <ListGroup.Item key={id} className={id === 'total' || id === 'net' ? 'fw-bold' : undefined}>
            <Row>
              <Col>{label}</Col>
              <Col className="text-end" data-testid={`summary-${id}`}>
                {value < 0 ? `−${formatPrice(-value)}` : formatPrice(value)}
              </Col>
            </Row>
          </ListGroup.Item>
        ))}
        {children}
      </ListGroup>
    </Card>
  );
}
