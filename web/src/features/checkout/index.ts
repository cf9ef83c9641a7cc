// The checkout's public entry (eslint.config.js: other features reach it only here): the discount code field the
// cart page shares with Place Order (issue 30). Imported by lazy pages only.
export { DiscountCodeField } from './components/DiscountCodeField';
export { rememberCouponCode } from './couponCode';
