// The orders feature's public entry: what other features may use (eslint.config.js forbids reaching past it).
export { MyOrders } from './components/MyOrders';
export { OrderItems } from './components/OrderItems';
export { DeliveredCell, PaidCell } from './components/OrderStatusBadges';
export { OrderSummary } from './components/OrderSummary';
