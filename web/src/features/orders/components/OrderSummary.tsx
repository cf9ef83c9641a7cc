import type { OrderPrice } from '@domain/pricing';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { formatPrice } from '@/lib/format';

/** Items, a discount code's line when there is one, Shipping, Tax, Total (spec 2), then any actions (Place Order,
 *  payment buttons...). */
export function OrderSummary({
  prices,
  couponCode = null,
  children,
}: {
  /** An order's (or a summary's) prices; an order without discountPrice (an older answer) has none. */
  prices: Omit<OrderPrice, 'discountPrice'> & { discountPrice?: number };
  couponCode?: string | null;
  children?: ReactNode;
}) {
  const discount = prices.discountPrice ?? 0;
  const rows: [string, number, string][] = [
    ['Items', prices.itemsPrice, 'items'],
    ...(discount > 0
      ? [[couponCode ? `Discount (${couponCode})` : 'Discount', -discount, 'discount'] as [string, number, string]]
      : []),
    ['Shipping', prices.shippingPrice, 'shipping'],
    ['Tax', prices.taxPrice, 'tax'],
    ['Total', prices.totalPrice, 'total'],
  ];
  return (
    <Card className="summary-card">
      <ListGroup variant="flush">
        <ListGroup.Item>
          <h2 className="h4 mb-0">Order Summary</h2>
        </ListGroup.Item>
        {rows.map(([label, value, id]) => (
          <ListGroup.Item key={id} className={id === 'total' ? 'fw-bold' : undefined}>
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
