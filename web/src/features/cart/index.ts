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
// The discount code field the cart page shares with Place Order (issue 30), and the code remembered for the
// checkout. Imported by lazy pages only (the storefront's first bundle has no room for them).
export { DiscountCodeField } from './components/DiscountCodeField';
export { rememberCouponCode } from './couponCode';
// Today's prices and stock onto the cart's lines (Place Order after "the total changed", issue 38).
export { refreshCartLines } from './variantLine';
