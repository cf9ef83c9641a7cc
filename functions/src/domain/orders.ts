// The order lifecycle, whatever backend stores the order: the stored record -> Order mapping, the status guards
// and their messages. Both stores call these inside their transactions; the routes call them before asking a
// payment provider, so a shopper hears "expired" before being charged.
import { stockShortageMessage } from './cart.js';
import { badInput, conflict, forbidden } from './errors.js';
import { ledgerLines } from './ledger.js';
import { UNDELIVER_WINDOW_HOURS, type HoldLimits } from './limits.js';
import { overUnitLimit } from './quantity.js';
import { assertTransition, returnStatusOf } from './lifecycle.js';
import { formatPrice, toDollars } from './money.js';
import { isPaidStatus, paymentStatusOf, refundedCents, type RefundRecord } from './orderMoney.js';
import { refundAnswer, SHOP_REFUND_ACTOR } from './refunds.js';
import { tenderAnswers, tenderPrices, type Tender } from './tenders.js';
import type {
  CancellationRequest,
  Order,
  OrderReturn,
  OrderShippingMethod,
  OrderStatus,
  OrderUndelivery,
  PaymentResult,
  ShippingAddress,
} from './types.js';

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  alreadyPaid: 'Order is already paid',
  expired: 'Order has expired; its items were returned to stock. Please place a new order',
  captureUsed: 'This payment was already used for an order',
  notPaid: 'Order is not paid yet',
  alreadyDelivered: 'Order is already delivered',
  notDelivered: 'Order is not delivered',
  undeliverReasonRequired: `Give a reason: an order may be marked not delivered without one only within ${UNDELIVER_WINDOW_HOURS} hours of its delivery`,
  notYoursToPay: 'Only the customer who placed this order can pay it',
  notYoursToCancel: 'Only the customer who placed this order or the shop can cancel it',
  paidCannotCancel: 'Order is already paid; a paid order cannot be cancelled',
  alreadyCancelled: 'Order is already cancelled',
  cancelled: 'Order was cancelled; its items were returned to stock. Please place a new order',
} as const;

/** An order as both stores keep it: amounts in cents, status as stored, times as ISO strings. */
export interface OrderRecord {
  user: { _id: string; name: string; email: string };
  orderItems: {
    product: string;
    name: string;
    image: string;
    priceCents: number;
    qty: number;
    /** Issue 29: the variant bought, its label and SKU at purchase (absent for a product without variants). */
    variant?: string;
    variantLabel?: string;
    sku?: string;
    /** Issue 36: the line's share of the code's discount (cents); absent without one and on older orders. */
    discountCents?: number;
    /** Issue 38: the line's share of the tax (cents), recorded at placement (domain/ledger.ts); absent on older
     *  orders, whose reads compute the same share. */
    taxCents?: number;
  }[];
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  itemsCents: number;
  /** What a discount code took off the items; absent on older records (none). */
  discountCents?: number;
  /** The discount code redeemed (upper-case); absent or null: none. */
  couponCode?: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  paidAt: string | null;
  paymentResult: PaymentResult | null;
  deliveredAt: string | null;
  /** When it was shipped (issue 38); absent on older records. */
  shippedAt?: string | null;
  expiresAt: string | null;
  /** Set when it was cancelled (status 'cancelled'). Records from before issue 28 kept status 'expired' with this
   *  set: statusOf reads them as 'cancelled'. Absent on older records. */
  cancelledAt?: string | null;
  /** Issue 40: the shipping method chosen; absent on older records. */
  shippingMethod?: OrderShippingMethod | null;
  /** Given when marked delivered; absent on older records. */
  carrier?: string | null;
  trackingNumber?: string | null;
  /** Deliveries the owner took back, oldest first; absent on older records. */
  undeliveries?: OrderUndelivery[];
  createdAt: string;
  /** Issue 39: the order's payments other than the provider's (domain/tenders.ts): a gift card, store credit. The
   *  provider pays the rest. Absent on older records (none). */
  tenders?: Tender[];
  /** Refunds, oldest first (domain/refunds.ts). Absent on older records. */
  refunds?: RefundRecord[];
  /** The customer's cancellation request, if any. */
  cancellationRequest?: CancellationRequest | null;
  /** Returns asked for, oldest first (domain/returns.ts). */
  returns?: OrderReturn[];
  /** A guest's order (domain/guests.ts): the email it was placed with (null once an account took it), the shipping
   *  address's hold key, and its signed access token (what the emails link with). Absent on account orders. */
  guestEmail?: string | null;
  guestAddressKey?: string | null;
  guestToken?: string | null;
  /** The hold key of the client address it was placed from (a hash, PlaceOrderRequest.clientHold), for the
   *  per-address hold limits across accounts (issue 36). Absent on older orders. */
  clientKey?: string | null;
}

/** The record's status, old records read the new way: 'expired' with cancelledAt was a cancel (before issue 28). */
export function statusOf(r: Pick<OrderRecord, 'status' | 'cancelledAt'>): OrderStatus {
  return r.status === 'expired' && r.cancelledAt ? 'cancelled' : r.status;
}

/** The record with its status read the new way (what every decision and answer sees), and its returns too (an
 *  approved return with a refund was refunded at once before issue 38: lifecycle.ts returnStatusOf). */
export function normalizedRecord<
  T extends Pick<OrderRecord, 'status' | 'cancelledAt'> & Pick<Partial<OrderRecord>, 'returns'>,
>(r: T): T {
  const status = statusOf(r);
  const oldReturns = r.returns?.some((x) => returnStatusOf(x) !== x.status);
  if (status === r.status && !oldReturns) return r;
  return {
    ...r,
    status,
    ...(oldReturns ? { returns: r.returns!.map((x) => ({ ...x, status: returnStatusOf(x) })) } : {}),
  };
}

/** Unpaid, or ended without being paid: the hold's end still tells something. */
const isUnpaidEnd = (r: Pick<OrderRecord, 'status' | 'paidAt'>) =>
  r.status === 'awaiting_payment' || r.status === 'expired' || (r.status === 'cancelled' && !r.paidAt);

/** The API's Order from a stored record: isPaid / isDelivered derive from the status, and the hold's end is only
 *  shown while it matters (unpaid or expired). */
export function orderFromRecord(id: string, record: OrderRecord): Order {
  const r = normalizedRecord(record);
  // Each line's tax share as recorded, or for an older order's line the same share computed (domain/ledger.ts).
  const shares = ledgerLines(r);
  return {
    _id: id,
    user: { _id: r.user._id, name: r.user.name, email: r.user.email },
    orderItems: r.orderItems.map((i, index) => ({
      product: i.product,
      name: i.name,
      image: i.image,
      price: toDollars(i.priceCents),
      qty: i.qty,
      ...(i.variant ? { variant: i.variant, variantLabel: i.variantLabel ?? '', sku: i.sku ?? '' } : {}),
      ...(i.discountCents ? { discount: toDollars(i.discountCents) } : {}),
      ...(shares[index]!.taxCents ? { tax: toDollars(shares[index]!.taxCents) } : {}),
    })),
    shippingAddress: r.shippingAddress,
    paymentMethod: r.paymentMethod,
    itemsPrice: toDollars(r.itemsCents),
    discountPrice: toDollars(r.discountCents ?? 0),
    couponCode: r.couponCode ?? null,
    shippingPrice: toDollars(r.shippingCents),
    taxPrice: toDollars(r.taxCents),
    totalPrice: toDollars(r.totalCents),
    currency: r.currency,
    // A paid order cancelled by the shop was paid all the same (paymentStatus says the money went back).
    isPaid: isPaidStatus(r.status) || (r.status === 'cancelled' && !!r.paidAt),
    paidAt: r.paidAt ?? null,
    paymentResult: r.paymentResult ?? null,
    isShipped: r.status === 'shipped' || r.status === 'delivered',
    shippedAt: r.shippedAt ?? null,
    isDelivered: r.status === 'delivered',
    deliveredAt: r.deliveredAt ?? null,
    shippingMethod: r.shippingMethod ?? null,
    carrier: r.carrier ?? null,
    trackingNumber: r.trackingNumber ?? null,
    undeliveries: (r.undeliveries ?? []).map((u) => ({
      deliveredAt: u.deliveredAt,
      at: u.at,
      reason: u.reason ?? null,
    })),
    status: r.status,
    expiresAt: isUnpaidEnd(r) ? (r.expiresAt ?? null) : null,
    isCancelled: r.status === 'cancelled',
    cancelledAt: r.cancelledAt ?? null,
    createdAt: r.createdAt,
    paymentStatus: paymentStatusOf(r),
    refunds: (r.refunds ?? []).map(refundAnswer),
    refundedTotal: toDollars(refundedCents(r)),
    cancellationRequest: r.cancellationRequest ? { ...r.cancellationRequest } : null,
    returns: (r.returns ?? []).map((x) => ({ ...x, items: x.items.map((i) => ({ ...i })) })),
    isGuest: !!r.guestEmail,
    tenders: tenderAnswers(r),
    ...tenderPrices(r),
  };
}

/** The order as a customer reads it (issue 36): every refund made by "the shop" (SHOP_REFUND_ACTOR), never the
 *  admin's id or name. Every answer, frame or export a customer (owner or guest token holder) gets passes through
 *  it; admins' answers keep the real actor. */
export function customerView<T extends Order>(order: T): T {
  if (order.refunds.length === 0) return order;
  return { ...order, refunds: order.refunds.map((r) => ({ ...r, by: { ...SHOP_REFUND_ACTOR } })) };
}

type Lifecycle = Pick<OrderRecord, 'status' | 'expiresAt'> & { cancelledAt?: string | null };

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

/** Throws (409) unless the order may be paid at `now`: unpaid (lifecycle.ts `pay`) and still held. */
export function assertPayable(order: Lifecycle, now: Date): void {
  assertTransition(order, 'pay');
  if (isExpired(order, now)) throw conflict(ORDER_MESSAGES.expired);
}

/** Throws unless this viewer may pay the order now (the route's check, before the payment provider is asked). */
export function assertMayPay(order: Order, viewer: { uid: string; isAdmin: boolean }, now: Date): void {
  if (!isOwner(order, viewer.uid)) throw forbidden(ORDER_MESSAGES.notYoursToPay);
  assertPayable(order, now);
}

/** Open at `now`: unpaid and still holding its stock (not expired, not cancelled). What the hold limits count. */
export function isOpenHold(order: Lifecycle, now: Date): boolean {
  return order.status === 'awaiting_payment' && !isExpired(order, now);
}

/** Throws (409) unless the order may be cancelled at `now`: unpaid and still held (cancelling gives its stock back). */
export function assertCancellable(order: Lifecycle, now: Date): void {
  assertTransition(order, 'cancel');
  if (isExpired(order, now)) throw conflict(ORDER_MESSAGES.expired);
}

/** Throws unless this viewer may cancel the order now: its owner, or an admin (the owner may set holds of up to a
 *  week, and an order holding stock the shop will not sell that way, say a suspicious one, should not keep it so long;
 *  the customer is mailed that the shop cancelled it). Another customer never. */
export function assertMayCancel(order: Order, viewer: { uid: string; isAdmin?: boolean }, now: Date): void {
  if (!isOwner(order, viewer.uid) && viewer.isAdmin !== true) throw forbidden(ORDER_MESSAGES.notYoursToCancel);
  assertCancellable(order, now);
}

/** One open order as the hold limits see it. */
export interface HeldOrder {
  totalCents: number;
  orderItems: { product: string; qty: number }[];
}

/** The order being placed, priced: its lines carry the product names for the messages. */
export interface NewHold {
  totalCents: number;
  orderItems: { product: string; name: string; qty: number }[];
}

const PAY_OR_CANCEL = 'Pay for or cancel one of your unpaid orders (My orders) first.';

/**
 * The hold limits (domain/limits.ts HoldLimits): throws unless the customer's open orders (`open`, see isOpenHold)
 * plus `order` stay within `limits`. 400 when the order alone is beyond a limit (it can never be placed as it is),
 * 409 when it is the open orders together (paying or cancelling one makes room). Both stores call it inside the
 * transaction that places the order, so concurrent orders of one customer cannot both slip under a limit.
 */
export function assertWithinHoldLimits(open: readonly HeldOrder[], order: NewHold, limits: HoldLimits): void {
  const units = new Map<string, { name: string; qty: number }>();
  for (const line of order.orderItems) {
    const entry = units.get(line.product) ?? { name: line.name, qty: 0 };
    entry.qty += line.qty;
    units.set(line.product, entry);
  }
  const max = formatPrice(toDollars(limits.maxHeldCents));
  // The order alone: no payment or cancellation makes room for it.
  for (const { name, qty } of units.values())
    if (overUnitLimit(qty, limits))
      throw badInput(`At most ${limits.maxUnitsPerProduct} of ${name} per customer (you asked for ${qty})`);
  if (order.totalCents > limits.maxHeldCents)
    throw badInput(
      `An order may total at most ${max} (this one is ${formatPrice(toDollars(order.totalCents))}). Please place smaller orders and pay each one.`,
    );
  // With the open orders.
  if (open.length + 1 > limits.maxOpenOrders)
    throw conflict(
      `You already have ${open.length} unpaid order${open.length === 1 ? '' : 's'}, the most one customer may hold at once. ${PAY_OR_CANCEL}`,
    );
  for (const [product, { name, qty }] of units) {
    let held = 0;
    for (const o of open) for (const l of o.orderItems) if (l.product === product) held += l.qty;
    if (overUnitLimit(held + qty, limits))
      throw conflict(
        `At most ${limits.maxUnitsPerProduct} of ${name} may be held per customer: your unpaid orders already hold ${held}. ${PAY_OR_CANCEL}`,
      );
  }
  const heldCents = open.reduce((sum, o) => sum + o.totalCents, 0);
  if (heldCents + order.totalCents > limits.maxHeldCents)
    throw conflict(
      `Your unpaid orders may total at most ${max}: they already total ${formatPrice(toDollars(heldCents))} and this one is ${formatPrice(toDollars(order.totalCents))}. ${PAY_OR_CANCEL}`,
    );
}

/** What open orders hold together: how many, their totals and their units per product (products held only). */
export interface HeldTotals {
  orders: number;
  totalCents: number;
  units: ReadonlyMap<string, number>;
}

/** The 409 of an order the client address's other unpaid orders leave no room for (assertWithinAddressHolds). */
export const ADDRESS_HOLDS_FULL =
  'Too many unpaid orders are held from your network right now. Pay or cancel an unpaid order, or try again later.';

/**
 * The unpaid orders placed from one client address (any account, any guest) plus this one stay within the address's
 * limits (limits.ts addressHoldLimits); 409 otherwise. The order alone was judged against the customer's own limits.
 * `open`: what the address's open orders hold together (holdTally.ts HoldTally.at).
 */
export function assertWithinAddressHolds(open: HeldTotals, order: NewHold, limits: HoldLimits): void {
  if (open.orders + 1 > limits.maxOpenOrders) throw conflict(ADDRESS_HOLDS_FULL);
  const held = new Map(open.units);
  for (const line of order.orderItems) held.set(line.product, (held.get(line.product) ?? 0) + line.qty);
  for (const qty of held.values()) if (qty > limits.maxUnitsPerProduct) throw conflict(ADDRESS_HOLDS_FULL);
  if (open.totalCents + order.totalCents > limits.maxHeldCents) throw conflict(ADDRESS_HOLDS_FULL);
}

/** The 409 for an order line asking more than the stock: it names the product, as the shopper needs to know which. */
export function shortOfStock(productName: string, stock: number, asked: number) {
  return conflict(stockShortageMessage(productName, stock, asked));
}

export function holdUntil(now: Date, holdMinutes: number): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
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
