// Cart lines of products with variants (issue 29), outside store.ts: the cart store is in the first bundle, which
// has no room left; these are needed only by the cart page and the account cart's sync.
import { cartStore, lineOf, setItems, type CartItem, type FreshProduct } from './store';

/** The cart line of `product` at `qty`: of its variant `variant` (its default when not named or not found), with
 *  that variant's price, stock, image and label; a product without variants as lineOf. */
export function variantLineOf(product: FreshProduct, qty: number, variant?: string | null): CartItem {
  const v = product.variants?.find((x) => x._id === variant) ?? product.variants?.[0];
  if (!v) return lineOf(product, qty);
  return {
    ...lineOf(product, qty),
    image: v.image || product.image,
    price: v.price,
    countInStock: v.countInStock,
    variant: v._id,
    variantLabel: (product.options ?? []).map((o) => v.options[o.name]).join(' / '),
  };
}

/** Brings lines up to date with the products as the server has them now (stock, price, name, image, slug; a variant line
 *  from its variant). The quantity is kept, so a line now short of stock is flagged in the cart rather than
 *  silently changed; a line whose variant was removed has nothing left to order. */
export function refreshCartLines(products: readonly FreshProduct[]): void {
  const fresh = new Map(products.map((p) => [p._id, p]));
  const current = cartStore.get().cartItems;
  const next = current.map((line) => {
    const product = fresh.get(line.product);
    if (!product) return line;
    if (line.variant && !product.variants?.some((v) => v._id === line.variant)) return { ...line, countInStock: 0 };
    const p = variantLineOf(product, line.qty, line.variant);
    const same =
      p.slug === line.slug &&
      p.name === line.name &&
      p.image === line.image &&
      p.price === line.price &&
      p.countInStock === line.countInStock;
    return same ? line : { ...line, ...p };
  });
  if (next.some((line, i) => line !== current[i])) setItems(() => next);
}
