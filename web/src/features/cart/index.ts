// The cart's public entry: what other features and the app shell may use (eslint.config.js forbids reaching past it).
export {
  DEFAULT_PAYMENT_METHOD,
  addToCart,
  cartCount,
  cartStore,
  clearCartItems,
  linkQty,
  resetCart,
  savePaymentMethod,
  saveShippingAddress,
  useCart,
  useCartItems,
  type CartItem,
} from './store';
import type { FreshProduct } from './store';
export { addLinkedProductFromPage } from './addFromLink';
export { MiniCart } from './components/MiniCart';
export { openMiniCartFromLink } from './miniCart';
// Today's prices and stock onto the cart's lines (Place Order after "the total changed", issue 38). Loaded when
// called: this entry is in the home page's first bundle, and a static re-export would bring variantLine.ts there.
export const refreshCartLines = (products: readonly FreshProduct[]): Promise<void> =>
  import('./variantLine').then((lines) => lines.refreshCartLines(products));
