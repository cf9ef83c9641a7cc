import type { OrderPrice } from '@domain/pricing';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { formatPrice } from '@/lib/format';

/** Items, Shipping, Tax, Total (spec 2), then any actions (Place Order, payment buttons...). */
export function OrderSummary({ prices, children }: { prices: OrderPrice; children?: ReactNode }) {
  const rows: [string, number][] = [
    ['Items', prices.itemsPrice],
    ['Shipping', prices.shippingPrice],
    ['Tax', prices.taxPrice],
    ['Total', prices.totalPrice],
  ];
  return (
    <Card className="summary-card">
      <ListGroup variant="flush">
        <ListGroup.Item>
          <h2 className="h4 mb-0">Order Summary</h2>
        </ListGroup.Item>
        {rows.map(([label, value]) => (
          <ListGroup.Item key={label} className={label === 'Total' ? 'fw-bold' : undefined}>
            <Row>
              <Col>{label}</Col>
              <Col className="text-end" data-testid={`summary-${label.toLowerCase()}`}>
                {formatPrice(value)}
              </Col>
            </Row>
          </ListGroup.Item>
        ))}
        {children}
      </ListGroup>
    </Card>
  );
}
