// The order lifecycle, whatever backend stores the order: the stored record -> Order mapping, the status guards
// and their messages. Both stores call these inside their transactions; the routes call them before asking a
// payment provider, so a shopper hears "expired" before being charged.
import { stockShortageMessage } from './cart.js';
import { conflict, forbidden } from './errors.js';
import { toDollars } from './money.js';
import type { Order, OrderStatus, PaymentResult, ShippingAddress } from './types.js';

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  alreadyPaid: 'Order is already paid',
  expired: 'Order has expired; its items were returned to stock. Please place a new order',
  captureUsed: 'This payment was already used for an order',
  notPaid: 'Order is not paid yet',
  alreadyDelivered: 'Order is already delivered',
  notYoursToPay: 'Only the customer who placed this order can pay it',
} as const;

/** An order as both stores keep it: amounts in cents, status as stored, times as ISO strings. */
export interface OrderRecord {
  user: { _id: string; name: string; email: string };
  orderItems: { product: string; name: string; image: string; priceCents: number; qty: number }[];
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  paidAt: string | null;
  paymentResult: PaymentResult | null;
  deliveredAt: string | null;
  expiresAt: string | null;
  createdAt: string;
}

const PAID: readonly OrderStatus[] = ['paid', 'delivered'];

export const isPaidStatus = (status: OrderStatus) => PAID.includes(status);

/** The API's Order from a stored record: isPaid / isDelivered derive from the status, and the hold's end is only
 *  shown while it matters (unpaid or expired). */
export function orderFromRecord(id: string, r: OrderRecord): Order {
  return {
    _id: id,
    user: { _id: r.user._id, name: r.user.name, email: r.user.email },
    orderItems: r.orderItems.map((i) => ({
      product: i.product,
      name: i.name,
      image: i.image,
      price: toDollars(i.priceCents),
      qty: i.qty,
    })),
    shippingAddress: r.shippingAddress,
    paymentMethod: r.paymentMethod,
    itemsPrice: toDollars(r.itemsCents),
    shippingPrice: toDollars(r.shippingCents),
    taxPrice: toDollars(r.taxCents),
    totalPrice: toDollars(r.totalCents),
    currency: r.currency,
    isPaid: isPaidStatus(r.status),
    paidAt: r.paidAt ?? null,
    paymentResult: r.paymentResult ?? null,
    isDelivered: r.status === 'delivered',
    deliveredAt: r.deliveredAt ?? null,
    status: r.status,
    expiresAt: r.status === 'awaiting_payment' || r.status === 'expired' ? (r.expiresAt ?? null) : null,
    createdAt: r.createdAt,
  };
}

type Lifecycle = Pick<OrderRecord, 'status' | 'expiresAt'>;

/** Unpaid and its hold has ended at `now`: the sweeper may expire it and give its stock back. */
export function holdHasEnded(order: Lifecycle, now: Date): boolean {
  return order.status === 'awaiting_payment' && order.expiresAt !== null && new Date(order.expiresAt) <= now;
}

/** Expired, or about to be: its hold ended even if the sweeper has not run yet. */
export function isExpired(order: Lifecycle, now: Date): boolean {
  return order.status === 'expired' || holdHasEnded(order, now);
}

export function canRead(order: Pick<Order, 'user'>, viewer: { uid: string; isAdmin: boolean }): boolean {
  return viewer.isAdmin || order.user._id === viewer.uid;
}

/** Only the customer who placed an order pays it: an admin may read a customer's order, never pay it. */
export function isOwner(order: Pick<Order, 'user'>, uid: string | undefined): boolean {
  return !!uid && order.user._id === uid;
}

/** Throws (409) unless the order may be paid at `now`: unpaid and still held. */
export function assertPayable(order: Lifecycle, now: Date): void {
  if (isPaidStatus(order.status)) throw conflict(ORDER_MESSAGES.alreadyPaid);
  if (isExpired(order, now)) throw conflict(ORDER_MESSAGES.expired);
}

/** Throws unless this viewer may pay the order now (the route's check, before the payment provider is asked). */
export function assertMayPay(order: Order, viewer: { uid: string; isAdmin: boolean }, now: Date): void {
  if (!isOwner(order, viewer.uid)) throw forbidden(ORDER_MESSAGES.notYoursToPay);
  assertPayable(order, now);
}

/** Throws (409) unless the order is paid and not yet delivered. */
export function assertDeliverable(order: Pick<OrderRecord, 'status'>): void {
  if (order.status === 'delivered') throw conflict(ORDER_MESSAGES.alreadyDelivered);
  if (order.status !== 'paid') throw conflict(ORDER_MESSAGES.notPaid);
}

/** The 409 for an order line asking more than the stock: it names the product, as the shopper needs to know which. */
export function shortOfStock(productName: string, stock: number, asked: number) {
  return conflict(stockShortageMessage(productName, stock, asked));
}

export function holdUntil(now: Date, holdHours: number): Date {
  return new Date(now.getTime() + holdHours * 3_600_000);
}

/** The short, human order number shown to shoppers and admins ("#C595D7"): the id's last 6 characters, upper-cased.
 *  Only for reading aloud or matching by eye; the full id stays the order's key and is still shown. */
export function orderNumber(id: string): string {
  return id.slice(-6).toUpperCase();
}

/** The payment method to show: the one actually used once paid ("Test payment" for the shop's simulated payment),
 *  else the one the shopper chose at checkout. */
export function paymentMethodLabel(order: Pick<Order, 'paymentMethod' | 'paymentResult'>): string {
  switch (order.paymentResult?.provider) {
    case 'simulated':
      return 'Test payment';
    case 'paypal':
      return 'PayPal';
    default:
      return order.paymentMethod;
  }
}
