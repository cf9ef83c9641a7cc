// Order rules that hold whatever backend stores the order.
import { conflict, forbidden } from './errors.js';
import type { Order } from './types.js';

export const DEFAULT_HOLD_HOURS = 48;

export function canRead(order: Pick<Order, 'user'>, viewer: { uid: string; isAdmin: boolean }): boolean {
  return viewer.isAdmin || order.user._id === viewer.uid;
}

/** Only the customer who placed an order pays it: an admin may read a customer's order, never pay it. */
export function isOwner(order: Pick<Order, 'user'>, uid: string | undefined): boolean {
  return !!uid && order.user._id === uid;
}

/** Throws unless the order may be paid now by this viewer. */
export function assertPayable(order: Order, viewer: { uid: string; isAdmin: boolean }, now: Date): void {
  if (!isOwner(order, viewer.uid)) throw forbidden('Only the customer who placed this order can pay it');
  if (order.isPaid) throw conflict('Order is already paid');
  if (order.status === 'expired' || (order.expiresAt && new Date(order.expiresAt) <= now)) {
    throw conflict('Order has expired; its items were returned to stock. Please place a new order');
  }
}

export function assertDeliverable(order: Order): void {
  if (!order.isPaid) throw conflict('Order is not paid yet');
  if (order.isDelivered) throw conflict('Order is already delivered');
}

/** The 409 for an order line asking more than the stock: it names the product, as the shopper needs to know which. */
export function shortOfStock(productName: string, stock: number, asked: number) {
  return conflict(
    stock <= 0
      ? `${productName} is out of stock`
      : `Only ${stock} of ${productName} left in stock (you asked for ${asked})`,
  );
}

export function holdUntil(now: Date, holdHours: number): Date {
  return new Date(now.getTime() + holdHours * 3_600_000);
}
