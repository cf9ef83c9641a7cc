import { lineStockProblem } from '@domain/cart';

/** The flag on a cart line that cannot be ordered as it is: out of stock, or more asked than is left (the cart, the
 *  mini cart, Place Order). */
export function LineStockNote({ item, id }: { item: { qty: number; countInStock: number }; id?: string }) {
  const problem = lineStockProblem(item);
  if (!problem) return null;
  return (
    <div id={id} className="small text-danger fw-semibold" data-testid="line-stock-note">
      {problem === 'out_of_stock'
        ? 'Out of Stock: remove it to check out'
        : `Only ${item.countInStock} left: lower the quantity`}
    </div>
  );
}
