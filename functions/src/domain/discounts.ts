// Discount codes (issue 30), the pure decision: whether a code applies to a cart now, and how many cents it takes
// off, or a refusal with the message the shopper sees. placeOrder (orderDecisions.ts) calls it inside the placing
// transaction with the code and its uses as loaded there; POST /api/coupons/check calls it outside one (a preview).
import { DomainError } from './errors.js';
import { formatPrice, toDollars } from './money.js';
import { taxonomyKey } from './nameKey.js';
import { largestRemainder } from './unitCharges.js';

export interface Coupon {
  code: string;
  /** Percent off the lines in scope (at most 2 decimals); or amountOff. */
  percentOff?: number | null;
  /** Dollars off the lines in scope (never more than they cost). */
  amountOff?: number | null;
  /** Dollars: the cart's items must come to at least this. */
  minSubtotal?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  /** Only these categories or products (either matches); everything when absent or both empty. Categories are the
   *  managed list's names (issue 40: the admin picks them, the API keeps each as the list spells it, renames and
   *  merges rewrite them); a line's category matches as the lists compare names (`taxonomyKey`: case and spacing
   *  aside), so an older code's free-text "audio" applies to "Audio". Products are ids. */
  scope?: { categories?: string[]; products?: string[] } | null;
  active: boolean;
  /** Redemptions so far (every customer). */
  uses: number;
}

/** A cart line as the decision reads it: the stored price and the product's category. */
export interface DiscountLine {
  product: string;
  category: string;
  priceCents: number;
  qty: number;
}

/** `lineDiscountCents`: each cart line's share of the discount (issue 36), in the cart's order: the lines in scope
 *  by their value (largest remainder), 0 for the others; they sum to `discountCents`. */
export type DiscountDecision =
  { ok: true; discountCents: number; lineDiscountCents: number[] } | { ok: false; message: string };

export const DISCOUNT_MESSAGES = {
  unknown: 'This code does not exist. Check it for typos.',
  inactive: 'This code is not active.',
  notStarted: (at: string) => `This code can be used from ${at.slice(0, 10)}.`,
  ended: 'This code has ended.',
  usedUp: 'This code has been used up.',
  usedUpForYou: 'You have already used this code as often as it allows.',
  belowMinimum: (min: number, subtotal: number) =>
    `This code needs items worth at least ${formatPrice(min)} (yours come to ${formatPrice(subtotal)}).`,
  nothingInScope: 'This code does not apply to anything in your cart.',
} as const;

const refuse = (message: string): DiscountDecision => ({ ok: false, message });

/** An order refused for its code (a 400 with the decision's message): the order routes count it against the same
 *  refused-code budget as POST /api/coupons/check (http/rateLimits.ts couponLimiters), so codes cannot be guessed
 *  through orders either. */
export class CouponRefusal extends DomainError {
  constructor(message: string) {
    super(message, 'bad_input');
  }
}

function inScope(coupon: Coupon, line: DiscountLine): boolean {
  const categories = coupon.scope?.categories ?? [];
  const products = coupon.scope?.products ?? [];
  if (categories.length === 0 && products.length === 0) return true;
  if (products.includes(line.product)) return true;
  const category = taxonomyKey(line.category);
  return categories.some((c) => taxonomyKey(c) === category);
}

/**
 * The one discount decision: `coupon` as loaded (null when no code by that name), the cart's lines, how often this
 * customer used the code, and the time. The discount is whole cents, never negative and never more than the lines in
 * scope cost; each refusal says why.
 */
export function decideDiscount(
  coupon: Coupon | null,
  cart: readonly DiscountLine[],
  customerUses: number,
  now: Date,
): DiscountDecision {
  if (!coupon) return refuse(DISCOUNT_MESSAGES.unknown);
  if (!coupon.active) return refuse(DISCOUNT_MESSAGES.inactive);
  if (coupon.startsAt && now.getTime() < Date.parse(coupon.startsAt))
    return refuse(DISCOUNT_MESSAGES.notStarted(coupon.startsAt));
  if (coupon.endsAt && now.getTime() >= Date.parse(coupon.endsAt)) return refuse(DISCOUNT_MESSAGES.ended);
  if (coupon.maxUses != null && coupon.uses >= coupon.maxUses) return refuse(DISCOUNT_MESSAGES.usedUp);
  if (coupon.maxUsesPerCustomer != null && customerUses >= coupon.maxUsesPerCustomer)
    return refuse(DISCOUNT_MESSAGES.usedUpForYou);
  const subtotalCents = cart.reduce((sum, l) => sum + l.priceCents * l.qty, 0);
  const minCents = Math.round((coupon.minSubtotal ?? 0) * 100);
  if (subtotalCents < minCents)
    return refuse(DISCOUNT_MESSAGES.belowMinimum(toDollars(minCents), toDollars(subtotalCents)));
  const eligibleCents = cart.filter((l) => inScope(coupon, l)).reduce((sum, l) => sum + l.priceCents * l.qty, 0);
  if (eligibleCents === 0) return refuse(DISCOUNT_MESSAGES.nothingInScope);
  let discountCents = 0;
  if (coupon.percentOff != null) {
    // Basis points, rounded half up to whole cents in integer arithmetic (as the tax is).
    const bp = Math.round(coupon.percentOff * 100);
    discountCents = Math.floor((eligibleCents * bp + 5_000) / 10_000);
  } else if (coupon.amountOff != null) {
    discountCents = Math.round(coupon.amountOff * 100);
  }
  const cents = Math.max(0, Math.min(discountCents, eligibleCents));
  const shares = largestRemainder(
    cart.map((l) => (inScope(coupon, l) ? BigInt(l.priceCents) * BigInt(l.qty) : 0n)),
    cents,
  );
  return { ok: true, discountCents: cents, lineDiscountCents: shares };
}

/** What a code gives, as the admin list shows it: "10% off", "$5.00 off". */
export function couponOffer(coupon: Pick<Coupon, 'percentOff' | 'amountOff'>): string {
  if (coupon.percentOff != null) return `${coupon.percentOff}% off`;
  return `${formatPrice(coupon.amountOff ?? 0)} off`;
}

/** The admin API's refusals (POST/PUT/DELETE /api/coupons). */
export const COUPON_MESSAGES = {
  notFound: 'Discount code not found',
  exists: (code: string) => `A discount code ${code} already exists`,
} as const;

/** Codes are case-insensitive: stored and compared upper-case. */
export const couponKey = (code: string) => code.trim().toUpperCase();

/** POST /api/coupons/check's answer: the discount the code gives this cart now, or why not (`message`). */
export interface CouponCheck {
  code: string;
  ok: boolean;
  /** Dollars off the items (0 when refused). */
  discountPrice: number;
  message: string | null;
}

/** A coupon as the admin API answers it (its redemptions so far included). */
export type CouponAnswer = Coupon;

/** A code loaded in a placing transaction: the coupon (null when no code by that name) and this customer's
 *  redemptions of it. */
export interface LoadedCoupon {
  code: string;
  coupon: Coupon | null;
  customerUses: number;
}
