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
export { addLinkedProductFromPage } from './addFromLink';
export { MiniCart } from './components/MiniCart';
export { openMiniCartFromLink } from './miniCart';
// Today's prices and stock onto the cart's lines (Place Order after "the total changed", issue 38).
export { refreshCartLines } from './variantLine';
