import type { ReactNode } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import { formatPrice } from '@/lib/format';
import { productLink } from '@/lib/productLink';
import type { OrderItem } from '@domain';
import { priceSummary } from '@domain/pricing';

/** A line as shown: a placed order's (with its share of the code's discount and of the tax: issue 38) or a cart's
 *  (Place Order), whose readable address it links; a placed order's line has none and links the id (issue 40: its
 *  current slug is not looked up on every order read, live frame and Firestore listener). */
type Line = Pick<
  OrderItem,
  'product' | 'name' | 'image' | 'price' | 'qty' | 'variant' | 'variantLabel' | 'discount' | 'tax'
> & {
  slug?: string;
};

/** Item rows: image, name link, "qty x price = line total"; on a discounted order, each line's share of the
 *  discount and of the tax (the order's ledger), which sum to the summary's. `lineNote`: what to say under a line's
 *  name (Place Order: a cart line's stock problem). */
export function OrderItems<L extends Line>({
  items,
  lineNote,
}: {
  items: readonly L[];
  lineNote?: (item: L) => ReactNode;
}) {
  const discounted = items.some((item) => (item.discount ?? 0) > 0);
  return (
    <ListGroup variant="flush" as="ul" aria-label="Order items">
      {items.map((item) => (
        <ListGroup.Item key={`${item.product}/${item.variant ?? ''}`} as="li">
          <div className="d-flex align-items-center gap-3">
            <img
              src={item.image}
              alt={item.name}
              className="rounded order-thumb flex-shrink-0"
              width={640}
              height={510}
            />
            <div className="flex-grow-1 d-sm-flex align-items-center justify-content-between gap-3 min-w-0">
              <span className="d-block">
                <Link to={productLink(item)}>{item.name}</Link>
                {item.variantLabel && (
                  <span className="d-block small text-muted" data-testid="line-variant">
                    {item.variantLabel}
                  </span>
                )}
                {lineNote?.(item)}
              </span>
              <span className="text-sm-end">
                <span className="text-nowrap d-block" data-testid="line-total">
                  {item.qty} x {formatPrice(item.price)} = {formatPrice(priceSummary([item]).itemsPrice)}
                </span>
                {discounted && (
                  <span className="small text-muted text-nowrap d-block" data-testid="line-shares">
                    Discount −{formatPrice(item.discount ?? 0)} · Tax {formatPrice(item.tax ?? 0)}
                  </span>
                )}
              </span>
            </div>
          </div>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
