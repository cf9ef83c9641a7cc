// The order use cases as pure decisions: load -> decide -> save. A store loads what a decision needs inside its
// transaction (the products of the lines, the customer's open orders, the order itself), calls the decision, and
// writes exactly what it answers in the same transaction. Pricing, stock checks, hold limits, restocking and the
// lifecycle's transitions are decided here once, for every backend; the stores only read and write.
import { CouponRefusal, decideDiscount, type LoadedCoupon } from './discounts.js';
import { badInput, conflict, DomainError } from './errors.js';
import { priceLine, type StockedProduct } from './linePricing.js';
import { couponCustomerKeys, customerOf, guestAddressKey } from './guests.js';
import type { DomainEvent, OrderEvent } from './events.js';
import { HoldTally, type UnpaidOrder } from './holdTally.js';
import { ledgerLines } from './ledger.js';
import { restockedCount, UNDELIVER_WINDOW_HOURS, type HoldLimits } from './limits.js';
import {
  assertCancellable,
  assertPayable,
  assertWithinAddressHolds,
  assertWithinHoldLimits,
  holdHasEnded,
  isOpenHold,
  ORDER_MESSAGES,
  shortOfStock,
  type OrderRecord,
} from './orders.js';
import { formatPrice, toDollars } from './money.js';
import { priceOrder, type OrderPriceCents } from './pricing.js';
import { chooseShippingMethod } from './shippingChoice.js';
import { countryLabel } from './countries.js';
import { assertTransition, type LifecycleOrder } from './lifecycle.js';
import { DEFAULT_SETTINGS, pricingRulesFor, shippingOffersFor, type ShopSettings } from './settings.js';
import type { Order, PaymentResult, ShippingAddress } from './types.js';
import { stockKey } from './variants.js';

// The products an order's lines are priced from, and the pricing of one line: linePricing.ts (the coupon check
// prices its lines the same way).
export {
  checkLines,
  priceLine,
  stockedProductOf,
  stockedVariantsOf,
  type StockedProduct,
  type StockedVariant,
} from './linePricing.js';

/** One product's (or one of its variants': `variant`) stock as a decision leaves it. */
export interface StockLevel {
  product: string;
  variant?: string;
  countInStock: number;
}

/** Where a level's stock is counted (domain/variants.ts stockKey): the key of the stores' `before` maps. */
export const levelKey = (level: { product: string; variant?: string | null }) => stockKey(level.product, level.variant);

/** A line as the customer asks it: the units of a product, or of one of its variants (`variant` absent: its default
 *  variant, or a product without any). */
export interface RequestedLine {
  product: string;
  qty: number;
  variant?: string;
}

/** What a shopper asks to order (POST /api/orders after validation), with the time and the rules in force. */
export interface PlaceOrderRequest {
  user: { _id: string; name: string; email: string };
  lines: readonly RequestedLine[];
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  now: Date;
  expiresAt: Date;
  holdLimits: HoldLimits;
  /** The shop's settings in force (tax and shipping by country); the spec's pricing when not given. */
  settings?: ShopSettings;
  /** A guest's order (POST /api/orders/guest): the email it belongs to and the order's signed access token (the
   *  confirmation email's link). `user` is then ignored: the guest's customer is derived from the email. */
  guest?: { email: string; accessToken: string };
  /** The client address placing it (issue 36): its hold key (the same for every account and guest there) and what
   *  the unpaid orders placed from it may hold together (limits.ts addressHoldLimits). */
  clientHold?: { key: string; limits: HoldLimits };
  /** The total the shopper was shown (issue 38, `expectedTotal` in cents): the order is refused (priceChanged)
   *  when it would cost anything else. Absent (the original ProShop clients): no check. */
  expectedTotalCents?: number;
  /** Issue 40: the shipping method's id; absent: the cheapest offered for the order (pricing.ts
   *  chooseShippingMethod). One not offered to the address's country is refused (400). */
  shippingMethod?: string;
}

/** The 400 of a shipping method the address's country is not offered (issue 40). */
export const shippingMethodRefusal = (id: string, country: string) =>
  `Shipping method ${id.slice(0, 30)} is not offered to ${countryLabel(country)}: choose one of the shop's methods`;

/** The 409 body's figures when the total changed since the page was shown (dollars, as an order answers them). */
export interface PriceChangedDetails {
  expectedTotal: number;
  totalPrice: number;
  itemsPrice: number;
  discountPrice: number;
  shippingPrice: number;
  taxPrice: number;
}

export const priceChangedMessage = (expectedCents: number, totalCents: number) =>
  `The total changed from ${formatPrice(toDollars(expectedCents))} to ${formatPrice(toDollars(totalCents))}: ` +
  'prices, a code or shipping changed since the page was shown. Check the order and place it again.';

/** The refusal of an order whose priced total is not the one the shopper was shown: a conflict with the figures
 *  the order would have, so the page shows them and the shopper decides again. */
export function priceChanged(expectedCents: number, price: OrderPriceCents): DomainError {
  const details: PriceChangedDetails = {
    expectedTotal: toDollars(expectedCents),
    totalPrice: toDollars(price.totalCents),
    itemsPrice: toDollars(price.itemsCents),
    discountPrice: toDollars(price.discountCents),
    shippingPrice: toDollars(price.shippingCents),
    taxPrice: toDollars(price.taxCents),
  };
  return conflict(priceChangedMessage(expectedCents, price.totalCents), { ...details });
}

/** A redemption a placed order takes: the store adds one use to the code and one to each of the customer's keys
 *  (domain/guests.ts couponCustomerKeys: the account's id and its email's, so the person is counted). */
export interface Redemption {
  code: string;
  userId: string;
  customerKeys: string[];
}

// An order the customer has not paid, as the hold limits read it: holdTally.ts (a client address's are tallied).
export { HoldTally, type UnpaidOrder } from './holdTally.js';

export interface PlacedOrder {
  /** The order to create. */
  record: OrderRecord;
  /** Units taken per product or variant (a store may write them as guarded decrements). */
  taken: { product: string; variant?: string; qty: number }[];
  /** The stock of each ordered product (or variant) after the order. */
  stock: StockLevel[];
  /** The code's use to record with the order (null without a code). */
  redemption: Redemption | null;
}

/**
 * An order's lines priced from the stored products, each checked in turn (the product exists, the variant is one of
 * it, its stock has the units: lines of one stock count together), and the units taken per stock (a variant, or a
 * product without variants) with what the stock was. The first line that fails throws (404, 400, or the 409 of
 * `shortOfStock`). placeOrder's first step, and `stockRefusal`'s.
 */
export function orderLines(requested: readonly RequestedLine[], products: ReadonlyMap<string, StockedProduct>) {
  // Units taken per stock (a variant, or a product without variants), with what the stock was.
  const taken = new Map<string, { product: string; variant?: string; qty: number; stock: number }>();
  const priced = requested.map((line) => priceLine(products, line));
  const lines = priced.map(({ item, variant, stock }) => {
    const key = stockKey(item.product, variant);
    const sofar = taken.get(key);
    const left = stock - (sofar?.qty ?? 0);
    const shownName = item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name;
    if (left < item.qty) throw shortOfStock(shownName, left, item.qty);
    taken.set(key, {
      product: item.product,
      ...(variant ? { variant } : {}),
      qty: (sofar?.qty ?? 0) + item.qty,
      stock,
    });
    return item;
  });
  return { lines, taken, priced };
}

/**
 * The 409 placeOrder would answer for these lines because a stock has not the units, judged on `products` alone
 * (issue 42: a store answers a sale's refusals from the stock it last committed, before any transaction work).
 * Null when the lines pass, or fail for another reason first (a product not in `products`, a variant problem):
 * then only the placing transaction decides.
 */
export function stockRefusal(
  requested: readonly RequestedLine[],
  products: ReadonlyMap<string, StockedProduct>,
): DomainError | null {
  try {
    orderLines(requested, products);
    return null;
  } catch (error) {
    return error instanceof DomainError && error.kind === 'conflict' ? error : null;
  }
}

/**
 * Places an order: every line's product must exist and have the stock (lines of one product count together),
 * prices come from the stored products, and the customer's open orders plus this one stay within the hold limits.
 * `products` holds the lines' products as read in the transaction; `unpaid` the customer's unpaid orders (a guest's:
 * those of the email's key, domain/guests.ts); `coupon` the request's discount code as loaded there (omitted without
 * one): a refused code refuses the order (400, the decision's message). A guest's order also stays within the hold
 * limits with `sameAddress`: the unpaid guest orders to the same shipping address (guestAddressKey), whatever email.
 * With `request.clientHold`, `sameClient` are the unpaid orders placed from the same client address (any account or
 * guest), held within the address's limits, as a HoldTally of them (holdTally.ts: a store keeps one running, thousands
 * of orders at one address in a sale, or makes one of the orders it read).
 */
export function placeOrder(
  request: PlaceOrderRequest,
  products: ReadonlyMap<string, StockedProduct>,
  unpaid: readonly UnpaidOrder[],
  coupon?: LoadedCoupon | null,
  sameAddress: readonly UnpaidOrder[] = [],
  sameClient: HoldTally = new HoldTally(),
): PlacedOrder {
  const user = customerOf(request);
  const { lines, taken, priced } = orderLines(request.lines, products);
  // Issue 40: the method chosen (or the cheapest for these items) among those offered to the country, and the tax of
  // the address's state where the owner set one.
  const settings = request.settings ?? DEFAULT_SETTINGS;
  const offers = shippingOffersFor(settings, request.shippingAddress.country);
  const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.qty, 0);
  const method = chooseShippingMethod(offers, itemsCents, request.shippingMethod);
  if (!method) throw badInput(shippingMethodRefusal(String(request.shippingMethod), request.shippingAddress.country));
  const rules = pricingRulesFor(settings, request.shippingAddress, method);
  // The hold limits are judged BEFORE the code, on the order as it would cost without it (issue 36): while the
  // customer is at a limit, a right and a wrong code get the same 409, so the answer tells nothing about codes.
  const hold = { totalCents: priceOrder(lines, rules, 0).totalCents, orderItems: lines };
  assertWithinHoldLimits(
    unpaid.filter((o) => isOpenHold(o, request.now)),
    hold,
    request.holdLimits,
  );
  if (request.guest)
    assertWithinHoldLimits(
      sameAddress.filter((o) => isOpenHold(o, request.now)),
      hold,
      request.holdLimits,
    );
  if (request.clientHold) assertWithinAddressHolds(sameClient.at(request.now), hold, request.clientHold.limits);
  let discountCents = 0;
  let lineDiscounts: number[] = [];
  if (coupon) {
    const decision = decideDiscount(
      coupon.coupon,
      priced.map(({ item, category }) => ({ ...item, category })),
      coupon.customerUses,
      request.now,
    );
    if (!decision.ok) throw new CouponRefusal(decision.message);
    discountCents = decision.discountCents;
    lineDiscounts = decision.lineDiscountCents;
  }
  const price = priceOrder(lines, rules, discountCents);
  // Decided before anything is written (both stores call this inside their transaction, before their writes): a
  // total that moved since the page was shown takes no stock, no code use and sends no mail.
  if (request.expectedTotalCents !== undefined && request.expectedTotalCents !== price.totalCents)
    throw priceChanged(request.expectedTotalCents, price);
  // Each line's share of the code's discount (issue 36) and of the tax (issue 38, the ledger's allocation): what
  // the line was charged, what a refund of its units pays back (domain/ledger.ts, unitCharges.ts).
  const discounted = lines.map((line, i) => (lineDiscounts[i] ? { ...line, discountCents: lineDiscounts[i] } : line));
  const taxShares = ledgerLines({ ...price, orderItems: discounted });
  const record: OrderRecord = {
    user: { _id: user._id, name: user.name, email: user.email },
    orderItems: discounted.map((line, i) => ({ ...line, taxCents: taxShares[i]!.taxCents })),
    // A plain copy: the stores serialise it (no prototype, no undefined fields).
    shippingAddress: JSON.parse(JSON.stringify(request.shippingAddress)) as ShippingAddress,
    paymentMethod: request.paymentMethod,
    ...price,
    couponCode: coupon ? coupon.code : null,
    shippingMethod: { id: method.id, label: method.label, days: { min: method.days.min, max: method.days.max } },
    currency: 'USD',
    status: 'awaiting_payment',
    paidAt: null,
    paymentResult: null,
    deliveredAt: null,
    expiresAt: request.expiresAt.toISOString(),
    cancelledAt: null,
    createdAt: request.now.toISOString(),
    ...(request.guest
      ? {
          guestEmail: user.email,
          guestAddressKey: guestAddressKey(request.shippingAddress),
          guestToken: request.guest.accessToken,
        }
      : {}),
    ...(request.clientHold ? { clientKey: request.clientHold.key } : {}),
  };
  return {
    record,
    taken: [...taken.values()].map(({ stock: _stock, ...units }) => units),
    stock: [...taken.values()].map(({ product, variant, qty, stock }) => ({
      product,
      ...(variant ? { variant } : {}),
      countInStock: stock - qty,
    })),
    redemption: coupon ? { code: coupon.code, userId: user._id, customerKeys: couponCustomerKeys(user) } : null,
  };
}

/** The fields of an order a lifecycle decision changes. */
export type OrderPatch = Partial<
  Pick<
    OrderRecord,
    | 'status'
    | 'paidAt'
    | 'paymentResult'
    | 'deliveredAt'
    | 'shippedAt'
    | 'cancelledAt'
    | 'refunds'
    | 'cancellationRequest'
    | 'returns'
    | 'carrier'
    | 'trackingNumber'
    | 'undeliveries'
    | 'tenders'
  >
>;

export interface ReleasedOrder {
  patch: OrderPatch;
  /** The stock of each of the order's products (or variants) that still exists, with the order's units back (at
   *  most MAX_STOCK). */
  stock: StockLevel[];
}

/** The stocks an order's lines count by (stockKey), each once: what a store loads for releaseStock. */
export function orderStockKeys(order: Pick<OrderRecord, 'orderItems'>): string[] {
  return [...new Set(order.orderItems.map((i) => stockKey(i.product, i.variant)))];
}

/**
 * The stock an unpaid order gives back: its units per product or variant, onto those that still exist. `stockNow`
 * is keyed by stockKey (a line's variant, or its product without variants).
 */
function releaseStock(order: Pick<OrderRecord, 'orderItems'>, stockNow: ReadonlyMap<string, number>): StockLevel[] {
  const units = new Map<string, { product: string; variant?: string; qty: number }>();
  for (const item of order.orderItems) {
    const key = stockKey(item.product, item.variant);
    const entry = units.get(key) ?? {
      product: item.product,
      ...(item.variant ? { variant: item.variant } : {}),
      qty: 0,
    };
    entry.qty += item.qty;
    units.set(key, entry);
  }
  const stock: StockLevel[] = [];
  // Products (and variants) deleted since keep nothing to return.
  for (const [key, { qty, ...where }] of units) {
    const current = stockNow.get(key);
    if (current !== undefined) stock.push({ ...where, countInStock: restockedCount(current, qty) });
  }
  return stock;
}

/** The owner cancels an unpaid order still within its hold: its stock goes back at once (status 'cancelled'). */
export function cancelOrder(order: OrderRecord, stockNow: ReadonlyMap<string, number>, now: Date): ReleasedOrder {
  assertCancellable(order, now);
  return { patch: { status: 'cancelled', cancelledAt: now.toISOString() }, stock: releaseStock(order, stockNow) };
}

/** The hold of an unpaid order ended: it expires and gives its stock back, once. Null when it does not (paid,
 *  cancelled, already expired, or still held): the sweeper then leaves it alone. */
export function expireOrder(
  order: OrderRecord,
  stockNow: ReadonlyMap<string, number>,
  now: Date,
): ReleasedOrder | null {
  if (!holdHasEnded(order, now)) return null;
  return { patch: { status: 'expired' }, stock: releaseStock(order, stockNow) };
}

/** Marks an order paid with a capture, unless it cannot be paid now or the capture already paid an order. */
export function payOrder(
  order: OrderRecord,
  payment: PaymentResult,
  captureAlreadyUsed: boolean,
  now: Date,
): OrderPatch {
  assertPayable(order, now);
  if (captureAlreadyUsed) throw conflict(ORDER_MESSAGES.captureUsed);
  // A plain copy: no undefined fields (Firestore refuses them).
  const paymentResult = JSON.parse(JSON.stringify(payment)) as PaymentResult;
  return { status: 'paid', paidAt: now.toISOString(), paymentResult };
}

/** What the owner may say when marking an order delivered (PUT /api/orders/:id/deliver; both optional). */
export interface Shipment {
  carrier?: string;
  trackingNumber?: string;
}

/** What the owner says when shipping (PUT /api/orders/:id/ship; both required). */
export interface ShipmentDetails {
  carrier: string;
  trackingNumber: string;
}

/** Ships a paid order (lifecycle.ts `ship`: paid, not refunded in full; 409 with why otherwise), recording the
 *  carrier and tracking number. */
export function shipOrder(order: LifecycleOrder, now: Date, shipment: ShipmentDetails): OrderPatch {
  assertTransition(order, 'ship');
  return {
    status: 'shipped',
    shippedAt: now.toISOString(),
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
  };
}

/** Marks a shipped order delivered; a paid one not shipped yet is shipped and delivered at once (the spec's
 *  PUT /api/orders/:id/deliver, what the original clients send). Refused (409, lifecycle.ts `deliver`) when
 *  unpaid, cancelled, expired, delivered or refunded in full. A carrier or tracking number given is recorded; one
 *  not given keeps what the shipping (or an earlier mark) recorded. */
export function deliverOrder(order: LifecycleOrder, now: Date, shipment: Shipment = {}): OrderPatch {
  assertTransition(order, 'deliver');
  const at = now.toISOString();
  const patch: OrderPatch = { status: 'delivered', deliveredAt: at };
  if (order.status === 'paid') patch.shippedAt = at;
  if (shipment.carrier !== undefined) patch.carrier = shipment.carrier;
  if (shipment.trackingNumber !== undefined) patch.trackingNumber = shipment.trackingNumber;
  return patch;
}

/**
 * The owner takes a delivery back ("Mark as not delivered"): the order is on its way again (shipped; paid for an
 * order delivered before shipping was its own step, which has no shippedAt), and the taken-back delivery joins its
 * undeliveries. Within UNDELIVER_WINDOW_HOURS of the mark (an accidental click) a reason is optional; afterwards it
 * is required (400). 409 unless the order is delivered. Carrier and tracking number stay.
 */
export function undeliverOrder(
  order: LifecycleOrder & Pick<OrderRecord, 'deliveredAt' | 'undeliveries' | 'shippedAt'>,
  now: Date,
  reason: string | null,
): OrderPatch {
  assertTransition(order, 'undeliver');
  if (!order.deliveredAt) throw conflict(ORDER_MESSAGES.notDelivered);
  const hoursSince = (now.getTime() - new Date(order.deliveredAt).getTime()) / 3_600_000;
  if (!reason && hoursSince > UNDELIVER_WINDOW_HOURS) throw badInput(ORDER_MESSAGES.undeliverReasonRequired);
  return {
    status: order.shippedAt ? 'shipped' : 'paid',
    deliveredAt: null,
    undeliveries: [...(order.undeliveries ?? []), { deliveredAt: order.deliveredAt, at: now.toISOString(), reason }],
  };
}

/**
 * The events of an order decision once its store has committed it: the order as it now is (orderFromRecord of the
 * record it loaded with the decision's patch applied) and the stock the decision moved, if any. The stores publish
 * exactly these, so no one reads the order or its products again.
 */
export function orderEvents(type: OrderEvent['type'], order: Order, stock: readonly StockLevel[] = []): DomainEvent[] {
  const events: DomainEvent[] = [{ type, order }];
  if (stock.length > 0) events.push({ type: 'StockChanged', stock });
  return events;
}
